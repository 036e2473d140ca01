// The ability language of spec §2.2.9, as printed text: `conditions = effects`. Conditions
// join with ' & ' (all required); effects join with ' & ' (all apply) and ' / ' (one of).
// parse() runs at load on every ability in the data; render(parse(x)) === x for each.
//
//   ROLLED S = GIVE DEFENSE_DOWN          SPECIAL = EXTRA RESULT H
//   IN RANGE 2 = AREA 2                   TARGET HAS ARMOR = EXTRA DIE
//   REFRESH = GAIN SHIELD                 AFTER sprint = GAIN G / GAIN Y
//   DELAY & WHEN REMOVED = MP 3 & EXTRA DIE   (the Golem's Charge, L1681)

export const FACES = ['AH', 'H', 'P', 'S'] as const;
export type Face = (typeof FACES)[number];
export const STATUSES = [
  'ATTACK_UP', 'ATTACK_DOWN', 'DEFENSE_UP', 'DEFENSE_DOWN', 'RANGE_UP', 'RANGE_DOWN', 'MOVE_UP', 'MOVE_DOWN', 'STUNNED', 'DISRUPTED', 'MAYHEM',
] as const;
export type Status = (typeof STATUSES)[number];
/** Cubes by colour letter (G speed, Y focus, B tech, P mayhem) and the defence cubes. */
export const CUBES = ['G', 'Y', 'B', 'P', 'SHIELD', 'ARMOR'] as const;
export type Cube = (typeof CUBES)[number];
export type Thing = Status | Cube;

export type Cond =
  | { k: 'always' } | { k: 'refresh' } | { k: 'special' } | { k: 'aim' } | { k: 'enemyDowned' }
  | { k: 'whenRemoved' } | { k: 'untilRemoved' }
  /** Delay Action (L1663): pictured before a When-Removed timer, the whole Action waits for that timer's removal when it is placed. */
  | { k: 'delay' }
  | { k: 'rolled'; face: Face } | { k: 'first'; face: Face }
  | { k: 'targetHas'; thing: Thing } | { k: 'actorHas'; thing: Thing }
  | { k: 'after'; action: string } | { k: 'before'; action: string }
  | { k: 'inRange'; n: number };

export type Effect =
  | { k: 'gain'; thing: Thing } | { k: 'give'; status: Status } | { k: 'pay'; cube: Cube }
  | { k: 'extraDie' } | { k: 'reroll' } | { k: 'extraResult'; face: Face } | { k: 'noDamage' }
  | { k: 'ignoreProtection' } | { k: 'ignoreLos' } | { k: 'area'; n: number } | { k: 'range'; n: number }
  | { k: 'placeExplosion'; status?: Status } | { k: 'buildingDamage' } | { k: 'mp'; n: number } | { k: 'heal' }
  /** Golem Demolish (L1943): roll 1 red d12 against a building within 1 space; a Hit or Aimed Hit places an Explosion marker face up there, no attack. */
  | { k: 'demolish' };

export interface Ability {
  conds: Cond[];
  /** All of these apply; each is a choice of one alternative. */
  effects: Effect[][];
}

const THINGS: readonly string[] = [...STATUSES, ...CUBES];
const isFace = (x: string): x is Face => (FACES as readonly string[]).includes(x);
const isStatus = (x: string): x is Status => (STATUSES as readonly string[]).includes(x);
const isThing = (x: string): x is Thing => THINGS.includes(x);
const int = (x: string, signed = false) => {
  if (!(signed ? /^[+-]\d+$/ : /^\d+$/).test(x)) throw new Error(`not a number: ${x}`);
  return Number(x);
};

function parseCond(t: string): Cond {
  const w = t.split(' ');
  const fixed: Record<string, Cond> = {
    ALWAYS: { k: 'always' }, REFRESH: { k: 'refresh' }, SPECIAL: { k: 'special' }, AIM: { k: 'aim' },
    'ENEMY DOWNED': { k: 'enemyDowned' }, 'WHEN REMOVED': { k: 'whenRemoved' }, 'UNTIL REMOVED': { k: 'untilRemoved' }, DELAY: { k: 'delay' },
  };
  if (fixed[t]) return fixed[t];
  if ((w[0] === 'ROLLED' || w[0] === 'FIRST') && w.length === 2 && isFace(w[1])) return { k: w[0] === 'ROLLED' ? 'rolled' : 'first', face: w[1] };
  if ((w[0] === 'TARGET' || w[0] === 'ACTOR') && w[1] === 'HAS' && w.length === 3 && isThing(w[2])) return { k: w[0] === 'TARGET' ? 'targetHas' : 'actorHas', thing: w[2] };
  if ((w[0] === 'AFTER' || w[0] === 'BEFORE') && w.length === 2 && /^[a-z][a-z0-9-]*$/.test(w[1])) return { k: w[0] === 'AFTER' ? 'after' : 'before', action: w[1] };
  if (w[0] === 'IN' && w[1] === 'RANGE' && w.length === 3) return { k: 'inRange', n: int(w[2]) };
  throw new Error(`unknown condition "${t}"`);
}

function parseEffect(t: string): Effect {
  const w = t.split(' ');
  const fixed: Record<string, Effect> = {
    'EXTRA DIE': { k: 'extraDie' }, REROLL: { k: 'reroll' }, 'NO DAMAGE': { k: 'noDamage' }, 'IGNORE PROTECTION': { k: 'ignoreProtection' },
    'IGNORE LOS': { k: 'ignoreLos' }, 'PLACE EXPLOSION': { k: 'placeExplosion' }, 'BUILDING DAMAGE': { k: 'buildingDamage' }, HEAL: { k: 'heal' }, DEMOLISH: { k: 'demolish' },
  };
  if (fixed[t]) return fixed[t];
  if (w[0] === 'GAIN' && w.length === 2 && isThing(w[1])) return { k: 'gain', thing: w[1] };
  if (w[0] === 'GIVE' && w.length === 2 && isStatus(w[1])) return { k: 'give', status: w[1] };
  if (w[0] === 'PAY' && w.length === 2 && (CUBES as readonly string[]).includes(w[1])) return { k: 'pay', cube: w[1] as Cube };
  if (w[0] === 'EXTRA' && w[1] === 'RESULT' && w.length === 3 && isFace(w[2])) return { k: 'extraResult', face: w[2] };
  if (w[0] === 'AREA' && w.length === 2) return { k: 'area', n: int(w[1]) };
  if (w[0] === 'RANGE' && w.length === 2) return { k: 'range', n: int(w[1], true) };
  if (w[0] === 'MP' && w.length === 2) return { k: 'mp', n: int(w[1]) };
  if (t.startsWith('PLACE EXPLOSION WITH ') && w.length === 4 && isStatus(w[3])) return { k: 'placeExplosion', status: w[3] };
  throw new Error(`unknown effect "${t}"`);
}

export function parse(text: string): Ability {
  const parts = text.split(' = ');
  if (parts.length !== 2) throw new Error(`an ability is "conditions = effects": "${text}"`);
  return {
    conds: parts[0].split(' & ').map(parseCond),
    effects: parts[1].split(' & ').map((alt) => alt.split(' / ').map(parseEffect)),
  };
}

function renderCond(c: Cond): string {
  switch (c.k) {
    case 'always': return 'ALWAYS';
    case 'refresh': return 'REFRESH';
    case 'special': return 'SPECIAL';
    case 'aim': return 'AIM';
    case 'enemyDowned': return 'ENEMY DOWNED';
    case 'whenRemoved': return 'WHEN REMOVED';
    case 'untilRemoved': return 'UNTIL REMOVED';
    case 'delay': return 'DELAY';
    case 'rolled': return `ROLLED ${c.face}`;
    case 'first': return `FIRST ${c.face}`;
    case 'targetHas': return `TARGET HAS ${c.thing}`;
    case 'actorHas': return `ACTOR HAS ${c.thing}`;
    case 'after': return `AFTER ${c.action}`;
    case 'before': return `BEFORE ${c.action}`;
    case 'inRange': return `IN RANGE ${c.n}`;
  }
}

function renderEffect(e: Effect): string {
  switch (e.k) {
    case 'gain': return `GAIN ${e.thing}`;
    case 'give': return `GIVE ${e.status}`;
    case 'pay': return `PAY ${e.cube}`;
    case 'extraDie': return 'EXTRA DIE';
    case 'reroll': return 'REROLL';
    case 'extraResult': return `EXTRA RESULT ${e.face}`;
    case 'noDamage': return 'NO DAMAGE';
    case 'ignoreProtection': return 'IGNORE PROTECTION';
    case 'ignoreLos': return 'IGNORE LOS';
    case 'area': return `AREA ${e.n}`;
    case 'range': return `RANGE ${e.n >= 0 ? '+' : ''}${e.n}`;
    case 'placeExplosion': return e.status ? `PLACE EXPLOSION WITH ${e.status}` : 'PLACE EXPLOSION';
    case 'buildingDamage': return 'BUILDING DAMAGE';
    case 'mp': return `MP ${e.n}`;
    case 'heal': return 'HEAL';
    case 'demolish': return 'DEMOLISH';
  }
}

export function render(a: Ability): string {
  return `${a.conds.map(renderCond).join(' & ')} = ${a.effects.map((alt) => alt.map(renderEffect).join(' / ')).join(' & ')}`;
}

/** The Advanced Rules topics an ability uses (ignored in a Basic mission, spec §4.4 item 9). */
export function isAdvanced(a: Ability): boolean {
  return a.conds.some((c) => c.k === 'aim' || c.k === 'whenRemoved' || c.k === 'untilRemoved' || c.k === 'delay')
    || a.effects.some((alt) => alt.some((e) => e.k === 'area' || e.k === 'placeExplosion' || e.k === 'buildingDamage' || e.k === 'demolish' || (e.k === 'gain' && e.thing === 'P') || (e.k === 'gain' && e.thing === 'MAYHEM')));
}
