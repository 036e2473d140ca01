// Where GraphQL's enums and REST's values differ in spelling.

/**
 * AI levels are the GraphQL enum AiLevel, whose names cannot hold '-': a ruleset's bot
 * 'house-normal' is house_normal there (a level's pattern, service/input.ts, has no '_').
 */
export type SeatIn = { ai?: { level: string } | null };
export function seatsIn<S extends SeatIn>(seats: S[]): S[] {
  return seats.map((s) => (s.ai ? { ...s, ai: { ...s.ai, level: s.ai.level.replace(/_/g, '-') } } : s));
}
export function aiLevelOut(s: { aiLevel?: string | null }): string | null {
  return s.aiLevel ? s.aiLevel.replace(/-/g, '_') : null;
}

