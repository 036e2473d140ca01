// The registry of rulesets. Each game adds one import and one line to `all`.
import type { Ruleset } from '../engine/types.js';
import { undauntedCallisto } from './undaunted-callisto/index.js';
import { abaddon } from './abaddon/index.js';

const all: Ruleset[] = [
  undauntedCallisto,
  abaddon,
];

const extra = new Map<string, Ruleset>();

/** Tests may register a ruleset of their own (e.g. the kernel's tiny test game). */
export function registerRuleset(rs: Ruleset): void {
  extra.set(rs.id, rs);
}

export function rulesets(): Ruleset[] {
  return [...all, ...extra.values()];
}

export function getRuleset(id: string): Ruleset | undefined {
  return all.find((r) => r.id === id) ?? extra.get(id);
}
