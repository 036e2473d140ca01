// Sentry guns (§7.25, source p.41, checklist #66): "these weapons begin the game in place and cannot
// be moved … Instead of being activated like ordinary units, sentry guns fire at the end of every
// game turn. Each gun fires once, at a target within range, selecting their target based on the
// normal rules for Fire Priority." Option `sentryGuns` places each side's guns (a point, an
// automation level, one heavy weapon, default the Heavy MG). The book's automation table is lost:
// [P] placeholders (spec §7.25) Antiquated 12" / priority 1 / Rabble, Modern 18" / 2 / Conscript,
// Enhanced 24" / 3 / Regular, Advanced 30" / 4 / Elite; the shooting Quality sets the fire
// priority count as for troops. [P] A gun fires as a one-figure weapon team (1D6 + its weapon's FE),
// at the nearest enemy unit it may fire at within its max range (an automaton takes the first of
// its priority choices). [P] The defender's guns fire first (the scenario's attacker's enemy), else
// the initiative winner's. Not built: a gun is not a unit on the table, so it cannot be attacked or
// block movement (the spec's [P] armour-6 target).
import type { Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT } from '../content.js';
import { priorityTargets } from '../legal.js';
import { inPlay, type Quality, type S, type Side, type Unit } from '../state.js';
import { shoot } from './combat.js';
import type { Run } from './run.js';

export type SentryLevel = 'antiquated' | 'modern' | 'enhanced' | 'advanced';
export const SENTRY_LEVELS: Record<SentryLevel, { range: number; quality: Quality }> = {
  antiquated: { range: 1200, quality: 'rabble' },
  modern: { range: 1800, quality: 'conscript' },
  enhanced: { range: 2400, quality: 'regular' },
  advanced: { range: 3000, quality: 'elite' },
};
export const SENTRY_RADIUS = 75;

export const sentryOptionSchema = {
  type: 'object', additionalProperties: false,
  description: 'sentry guns per side (§7.25, checklist #66): fixed, never activated; at the end of every turn each fires once (1D6 + its weapon\'s FE, as a one-figure team) at the nearest enemy unit it may fire at within its max range (placeholders: antiquated 12" Rabble, modern 18" Conscript, enhanced 24" Regular, advanced 30" Elite); not a target',
  properties: Object.fromEntries(['0', '1'].map((k) => [k, { type: 'array', maxItems: 6, items: { type: 'object', additionalProperties: false, required: ['at'], properties: {
    at: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0, maximum: 20000 } },
    level: { enum: ['antiquated', 'modern', 'enhanced', 'advanced'] },
    weapon: { type: 'string', maxLength: 32 },
  } } }])),
};

type GunDef = { at: Pt; level?: SentryLevel; weapon?: string };

/** Set-up check: each gun on the table with a known weapon. */
export function sentryProblem(o: unknown, table: { w: number; h: number }): Violation | null {
  for (const list of Object.values((o ?? {}) as Record<string, GunDef[]>)) {
    for (const g of list ?? []) {
      if (!Array.isArray(g?.at) || g.at.length !== 2 || g.at[0] < 0 || g.at[1] < 0 || g.at[0] > table.w || g.at[1] > table.h) return violation('off_table', 'a sentry gun stands on the table (§7.25)');
      if (g.level !== undefined && !(g.level in SENTRY_LEVELS)) return violation('bad_sentry', 'a sentry gun\'s level is antiquated, modern, enhanced or advanced (§7.25)');
      if (g.weapon !== undefined && !CONTENT.weapons[g.weapon]) return violation('unknown_weapon', `no weapon ${g.weapon} for a sentry gun (§7.25)`);
    }
  }
  return null;
}

/** The guns of the option as one-figure weapon teams (not in the unit list), ids `A-SG-1`, `B-SG-1`, …, with their level. */
export function sentryGuns(s: S, side: Side): { gun: Unit; level: SentryLevel }[] {
  const list = ((s.options as { sentryGuns?: Record<string, GunDef[]> }).sentryGuns?.[side] ?? []);
  return list.map((g, i) => {
    const id = `${side === 0 ? 'A' : 'B'}-SG-${i + 1}`;
    const level = g.level ?? 'modern';
    const gun: Unit = {
      id, name: `Sentry gun ${id} (${level})`, side, kind: 'weaponTeam', quality: SENTRY_LEVELS[level].quality, resolve: 'determined', strength: 1,
      figures: [{ id: `${id}.1`, at: [g.at[0], g.at[1]], r: SENTRY_RADIUS, weapon: g.weapon ?? 'heavyMG', armour: 'light', support: false, leader: false, alive: true }],
      activated: true, underFire: false, broken: false, fallingBack: false, out: false,
    };
    return { gun, level };
  });
}

/** End of turn, step 1 (§5.5): every sentry gun fires once, at the nearest unit of its fire priority if within its max range. */
export function sentryFire(s: S, run: Run): void {
  const v = s.victory as { attacker?: Side };
  const first: Side = v.attacker !== undefined ? (v.attacker === 0 ? 1 : 0) : (s.initiative?.winner ?? 0);
  for (const side of [first, first === 0 ? 1 : 0] as Side[]) {
    for (const { gun, level } of sentryGuns(s, side)) {
      if (s.result) return;
      const near = priorityTargets(s, gun)[0];
      const choice = near && inPlay(near.unit) && near.plan.distance <= SENTRY_LEVELS[level].range ? near : null;
      run.emit('sentry_gun', { gun: gun.id, side, level, at: gun.figures[0].at, target: choice?.unit.id ?? null });
      if (choice) shoot(s, run, gun, choice.unit);
    }
  }
}
