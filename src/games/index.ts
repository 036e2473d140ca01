// The registry of rulesets. Each game adds one import and one line to `all`.
//
// A game keeps the version of its ruleset it was begun under. When a ruleset changes what a
// stored log means (another state for the same entries), keep the previous version's module
// (e.g. src/games/abaddon/v1/) and list it in `older`: games begun under it load and play
// under it, new games get the current one. A game whose version is not installed is replayed
// under the current version and refused if that diverges (GameService, `ruleset_diverged`).
import type { Ruleset } from '../engine/types.js';
import { undauntedCallisto } from './undaunted-callisto/index.js';
import { abaddon } from './abaddon/index.js';
import { abaddonV1 } from './abaddon/v1.js';
import { unbreakable } from './unbreakable/index.js';
import { agentsOfMayhem } from './agents-of-mayhem/index.js';
import { fastAndDirty } from './fast-and-dirty/index.js';

const all: Ruleset[] = [
  undauntedCallisto,
  abaddon,
  unbreakable,
  agentsOfMayhem,
  fastAndDirty,
];

/** Earlier versions still installed, by `${id}@${version}`. */
const older = new Map<string, Ruleset>([
  ['abaddon@1.0.0', abaddonV1], // the AMB-27 tie-break before its correction (1.1.0)
]);

const extra = new Map<string, Ruleset>();

/** Tests may register a ruleset of their own (e.g. the kernel's tiny test game). */
export function registerRuleset(rs: Ruleset): void {
  extra.set(rs.id, rs);
}

/** Keeps an earlier version of a ruleset installed for the games begun under it. */
export function registerOlderVersion(rs: Ruleset): void {
  older.set(`${rs.id}@${rs.version}`, rs);
}

/** The current version of each ruleset (what new games are created with). */
export function rulesets(): Ruleset[] {
  return [...all, ...extra.values()];
}

/** The current version of a ruleset, or the given version when it is still installed (else the current one). */
export function getRuleset(id: string, version?: string): Ruleset | undefined {
  const current = all.find((r) => r.id === id) ?? extra.get(id);
  if (version === undefined || current?.version === version) return current;
  return older.get(`${id}@${version}`) ?? current;
}
