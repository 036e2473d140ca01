// Abaddon 1.0.0, kept installed for the games begun under it (src/games/index.ts `older`).
// It differs from the current version only in who wins when both factions complete their
// objectives together: 1.0.0 put eliminations first, then the cups' VP, in every mission
// (corrected in 1.1.0, spec 9.1 / AMB-27). A finished game that ended on such a tie keeps
// the result its players saw.
import type { Faction } from './data.js';
import { makeAbaddon } from './index.js';

const v1 = makeAbaddon();
const R = v1.rules;
R.tiebreak = (s): Faction | null => {
  if (s.kills.SCS !== s.kills.CA) return s.kills.SCS > s.kills.CA ? 'SCS' : 'CA';
  const d = R.vp(s, 'SCS') - R.vp(s, 'CA');
  return d > 0 ? 'SCS' : d < 0 ? 'CA' : null;
};

export const abaddonV1 = { ...v1, version: '1.0.0' };
