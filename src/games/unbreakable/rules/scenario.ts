// Scenarios (§4): setup with sealed commits (§3, §10.1), reveal at turn 1, and the automated
// sides: Special Delivery's Yellow crawler (§4.1, A28) and the Runaway crawler (§4.4, A29).
import { newDeck } from '../../../engine/mech/deck.js';
import { CONTENT, scenarioDef } from '../content.js';
import { beamLos, bombLos, hexDistance, neighboursOf, spotOf } from '../geometry.js';
import {
  BEAMS, BOMBS, EQUIPMENT, EXPERIMENTAL, type BeamKind, type BombKind, type Kind, type Loadout, type Options, type Platoon, type Run, type S, type SetupStep, type Side,
  type Size, type Unit, type UType, type Weapon, live, unitsAt,
} from '../state.js';
import { combatRoll, d6, pieceColour, removeUnit } from './effects.js';
import { displacementNeed, displacementFeasible, enter, exitMap } from './movement.js';
import { beamTargetOk, doPush, fireBeam, forceEffect, launchBomb, melee, pushOptions, weaponOf } from './combat.js';
import { checkVictory } from './victory.js';
import { knockDown } from './effects.js';

export const TYPES: UType[] = ['crawler', 'walker', 'squad'];

/** Unit ids of a platoon in setup order: crawlers, walkers, squads (Blue 1-4, Yellow A-D). */
export function platoonIds(side: Side, p: Platoon): { id: string; type: UType }[] {
  const out: { id: string; type: UType }[] = [];
  for (const t of TYPES) for (let i = 0; i < p[t]; i++) out.push({ id: CONTENT.units[t].ids[side][i], type: t });
  return out;
}

export function setupPlan(scenario: string, opts: Options): SetupStep[] {
  const sc = scenarioDef(scenario)!;
  const n = sc.fixedBlue ? sc.fixedBlue.crawler + sc.fixedBlue.walker + sc.fixedBlue.squad : opts.platoonSize;
  const plan: SetupStep[] = [];
  if (!sc.fixedBlue) plan.push({ k: 'platoon' });
  for (let i = 0; i < n; i++) plan.push({ k: 'loadout', i });
  if (sc.objects.includes('blueFlag')) plan.push({ k: 'flag' });
  if (sc.blue === 'north' || sc.yellow === 'south') for (let i = 0; i < n; i++) plan.push({ k: 'place', i });
  return plan;
}

/** Sides that answer a setup step (a side that enters from an edge places nothing). */
export function setupSides(s: S, step: SetupStep): Side[] {
  const sc = scenarioDef(s.scenario)!;
  const sides = (['blue', 'yellow'] as Side[]).filter((x) => s.seatOf[x] !== null);
  if (step.k === 'place') return sides.filter((x) => sc[x] === 'north' || sc[x] === 'south');
  return sides;
}

export function initialState(scenario: string, seats: number, opts: Options): S {
  const sc = scenarioDef(scenario)!;
  const map: S['map'] = {};
  for (const h of CONTENT.hexIds) map[h] = { terrain: CONTENT.terrain[h] };
  const deckCards = CONTENT.actionDeck.slice();
  if (sc.opportunity || opts.opportunity) deckCards.push(...CONTENT.opportunityDeck);
  const s: S = {
    scenario, options: opts, phase: 'setup', setupStage: 0, setupPlan: setupPlan(scenario, opts),
    setup: { blue: { platoon: sc.fixedBlue ?? null, loadouts: [], places: [], flag: null }, yellow: { platoon: null, loadouts: [], places: [], flag: null } },
    seatOf: seats === 1 ? { blue: 0, yellow: null } : { blue: 0, yellow: 1 },
    turn: 0, ts: 0, tsTotal: 0, deck: { top: [], pool: [], discard: newDeck(deckCards).pool }, unusedQuakes: [], // all cards in the discards: turn 1 reshuffles (§5.1)
    map, units: {}, objects: {}, stack: [], seq: 0, runawayController: null, sdButtoned: false, moves: 0, round: 1, rounds: [], result: null,
  };
  for (const q of CONTENT.cards.earthquake) for (let i = 0; i < q.count; i++) s.unusedQuakes.push(q.id);
  s.unusedQuakes.sort();
  return s;
}

// ---------------------------------------------------------------- setup legality (§3)

export function platoonProblem(s: S, p: Platoon): string | null {
  const sc = scenarioDef(s.scenario)!;
  const total = p.crawler + p.walker + p.squad;
  if (![p.crawler, p.walker, p.squad].every((x) => Number.isInteger(x) && x >= 0 && x <= 4)) return 'at most 4 units of each type (one unit card each)';
  if (total !== s.options.platoonSize) return `the agreed platoon size is ${s.options.platoonSize} units (§3 step 2, equal counts)`;
  if (!(p.squad >= p.walker && p.walker >= p.crawler)) return 'squads ≥ walkers ≥ crawlers (L300)';
  if (p.walker < sc.minWalkers || p.squad < sc.minSquads) return `this scenario needs at least ${sc.minWalkers} walker(s) and ${sc.minSquads} squad(s)`;
  return null;
}

export function platoons(s: S): Platoon[] {
  const out: Platoon[] = [];
  for (let c = 0; c <= 4; c++) for (let w = 0; w <= 4; w++) for (let q = 0; q <= 4; q++) {
    const p = { crawler: c, walker: w, squad: q };
    if (!platoonProblem(s, p)) out.push(p);
  }
  return out;
}

/**
 * Legal weapon cards (§3 step 3): crawler/walker 1 or 2 per class, squad exactly 1; the number of
 * cards fixes their size. Chrome (§9.1, §9.5, data/weapons.json): an experimental weapon replaces a
 * whole set with one card (the heaviest the unit carries), never the same one in both sets; walker
 * equipment replaces a beam or bomb card of its own size.
 */
export function loadoutProblem(t: UType, l: Loadout, o: Partial<Options> = {}): string | null {
  if (!Array.isArray(l.beams) || !Array.isArray(l.bombs)) return 'beams and bombs are lists';
  const def = CONTENT.units[t];
  if (!def.beams.includes(l.beams.length) || !def.bombs.includes(l.bombs.length)) return `a ${t} carries ${def.beams.join(' or ')} beam card(s) and as many bomb cards`;
  for (const [slot, cards, basic] of [['beam', l.beams, BEAMS], ['bomb', l.bombs, BOMBS]] as const) {
    const size = sizeFor(t, cards.length);
    for (const k of cards) {
      if ((basic as string[]).includes(k)) continue;
      const exp = CONTENT.weapons.experimental.find((e) => e.id === k);
      const eq = CONTENT.weapons.equipment.find((e) => e.id === k);
      if (exp) {
        if (!o.experimentalWeapons) return 'experimental weapons are a Chrome option (experimentalWeapons)';
        if (cards.length !== 1) return `a ${exp.name} replaces the whole ${slot} set: one card, the heaviest the unit carries (§9.1)`;
        if (!exp.sizes.includes(size) || !exp.slots.includes(slot)) return `no ${size} ${exp.name} (§9.1)`;
      } else if (eq) {
        if (!o.walkerEquipment) return 'walker equipment is a Chrome option (walkerEquipment)';
        if (!eq.units.includes(t) || !eq.slots.includes(slot) || eq.size !== size) return `a ${eq.name} replaces a ${eq.size} ${eq.slots.join(' or ')} of a walker (§9.5)`;
      } else return slot === 'beam' ? 'beam types: force, laser, stasis' : 'bomb types: crust, neutron, nuke';
    }
  }
  if (l.beams.length === 1 && l.bombs.length === 1 && l.beams[0] === l.bombs[0]) return 'the same experimental weapon cannot replace both sets (§9.1)';
  const sorted = (xs: string[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);
  if (!sorted(l.beams) || !sorted(l.bombs)) return 'list the cards of a class in alphabetical order';
  return null;
}

function multisets<K extends string>(kinds: K[], sizes: number[]): K[][] {
  const out: K[][] = [];
  for (const n of sizes) {
    if (n === 1) for (const k of kinds) out.push([k]);
    else for (let i = 0; i < kinds.length; i++) for (let j = i; j < kinds.length; j++) out.push([kinds[i], kinds[j]]);
  }
  return out;
}

export function loadouts(t: UType, o: Partial<Options> = {}): Loadout[] {
  const extra: Kind[] = [...(o.experimentalWeapons ? EXPERIMENTAL : []), ...(o.walkerEquipment && t === 'walker' ? EQUIPMENT : [])];
  const out: Loadout[] = [];
  for (const beams of multisets([...BEAMS, ...extra].sort() as Kind[], CONTENT.units[t].beams)) {
    for (const bombs of multisets([...BOMBS, ...extra].sort() as Kind[], CONTENT.units[t].bombs)) {
      const l = { beams, bombs };
      if (!loadoutProblem(t, l, o)) out.push(l);
    }
  }
  return out;
}

/**
 * §13 A3 with component limits on: 6 weapon cards per type for both players. Loadouts are chosen
 * sealed and at the same time, so each side holds half of every type (3 cards) — resolution — and a
 * unit may not take cards that would leave a later unit of its platoon without a beam or a bomb.
 */
export function loadoutLimitProblem(s: S, side: Side, i: number, l: Loadout): string | null {
  if (!s.options.componentLimits) return null;
  const share = Math.floor(CONTENT.cards.components.weaponCardsPerType / 2);
  const taken = [...s.setup[side].loadouts.slice(0, i), l].flatMap((x) => [...x.beams, ...x.bombs]);
  for (const k of new Set(taken)) {
    if (taken.filter((x) => x === k).length > share) return `component limits: each side has ${share} ${k} cards`;
  }
  const later = platoonIds(side, s.setup[side].platoon!).length - i - 1;
  const left = (ks: Kind[]) => ks.length * share - taken.filter((x) => ks.includes(x)).length;
  if (left(BEAMS) < later || left(BOMBS) < later) return 'component limits: the later units of the platoon would lack weapon cards';
  return null;
}

/** The legal loadouts of a side's i-th unit. */
export function loadoutOptions(s: S, side: Side, i: number): Loadout[] {
  return loadouts(setupUnit(s, side, i).type, s.options).filter((l) => !loadoutLimitProblem(s, side, i, l));
}

/** The unit a setup step is about. */
export function setupUnit(s: S, side: Side, i: number): { id: string; type: UType } {
  return platoonIds(side, s.setup[side].platoon!)[i];
}

function zoneOf(s: S, side: Side): Set<string> {
  const z = scenarioDef(s.scenario)![side];
  return z === 'north' ? CONTENT.north : CONTENT.south;
}

/** Own flag's hex and its neighbours (CtF/DtF setup exclusion, §4.5). */
function flagZone(s: S, side: Side): string[] {
  const f = s.setup[side].flag;
  return f ? [f, ...neighboursOf(f)] : [];
}

export function flagProblem(s: S, side: Side, hex: string): string | null {
  if (!(hex in CONTENT.terrain)) return 'not a hex of the map';
  const half = side === 'blue' ? CONTENT.north : CONTENT.south;
  if (!half.has(hex)) return `the ${side} flag goes on the ${side === 'blue' ? 'north' : 'south'} half (§4.5)`;
  return null;
}

export function placeProblem(s: S, side: Side, i: number, hex: string): string | null {
  if (!(hex in CONTENT.terrain)) return 'not a hex of the map';
  if (!zoneOf(s, side).has(hex)) return 'set up on your half of the map (§4)';
  if (flagZone(s, side).includes(hex)) return 'no unit may start in or adjacent to its own flag (§4.5)';
  const ids = platoonIds(side, s.setup[side].platoon!);
  let pts = 0;
  for (let j = 0; j < i; j++) if (s.setup[side].places[j] === hex) pts += CONTENT.units[ids[j].type].stacking;
  if (pts + CONTENT.units[ids[i].type].stacking > 4) return 'stacking: at most 4 points per hex (§6.5)';
  return null;
}

export function placeOptions(s: S, side: Side, i: number): string[] {
  return CONTENT.hexIds.filter((h) => !placeProblem(s, side, i, h));
}

// ---------------------------------------------------------------- reveal (turn 1)

function sizeFor(t: UType, n: number): Size {
  return (n === 1 ? CONTENT.units[t].oneCardSize : CONTENT.units[t].twoCardSize) as Size;
}

export function makeUnit(id: string, side: Unit['side'], type: UType, l: Loadout, at: string | null, edge: Unit['edge']): Unit {
  const weapons: Weapon[] = [];
  l.beams.forEach((k, i) => weapons.push({ id: `beam${i + 1}`, kind: k, size: sizeFor(type, l.beams.length), loaded: true }));
  l.bombs.forEach((k, i) => weapons.push({ id: `bomb${i + 1}`, kind: k, size: sizeFor(type, l.bombs.length), loaded: true }));
  return { id, side, type, at, edge, status: 'ready', frozen: false, config: type === 'walker' ? 'up' : type === 'squad' ? 'ground' : 'none', stasis: 0, weapons, carrying: null, gone: null };
}

/** All setups committed: create units, objects and scenario pieces; the game begins (§3 step 5). */
export function reveal(s: S, run: Run): void {
  const sc = scenarioDef(s.scenario)!;
  for (const side of ['blue', 'yellow'] as Side[]) {
    if (s.seatOf[side] === null) continue;
    const st = s.setup[side];
    const zone = sc[side];
    platoonIds(side, st.platoon!).forEach((p, i) => {
      const edge = zone === 'northEdge' ? 'north' : zone === 'southEdge' ? 'south' : null;
      s.units[p.id] = makeUnit(p.id, side, p.type, st.loadouts[i], edge ? null : st.places[i], edge);
    });
    if (st.flag) s.objects[`${side}Flag`] = { id: `${side}Flag`, kind: `${side}Flag` as 'blueFlag', at: st.flag, carriedBy: null, gone: null };
  }
  if (s.scenario === 'special-delivery') {
    s.units.CA = makeUnit('CA', 'yellow', 'crawler', { beams: ['laser', 'laser'], bombs: ['nuke'] }, null, 'south');
  }
  if (s.scenario === 'retrieval') {
    s.map['0608'] = { terrain: 'crater' };
    const c = pieceColour(s, run, 'border colour', 'crater');
    if (c) s.map['0608'].border = c;
    s.objects.satellite = { id: 'satellite', kind: 'satellite', at: '0608', carriedBy: null, gone: null };
  }
  if (s.scenario === 'runaway') {
    const rng = run.fork('runaway');
    const beam = BEAMS[rng.int(3)];
    const bomb = BOMBS[rng.int(3)];
    s.units.RC = makeUnit('RC', 'neutral', 'crawler', { beams: [beam], bombs: [bomb] }, '0608', null);
    run.all('runaway_armed', { beam, bomb });
  }
  s.phase = 'play';
  run.all('setup_revealed', { units: Object.values(s.units).map((u) => ({ id: u.id, side: u.side, type: u.type, at: u.at, edge: u.edge, weapons: u.weapons })), objects: Object.values(s.objects) });
}

// ---------------------------------------------------------------- Special Delivery (§4.1, A28)

const sdCrawler = (s: S) => s.units.CA;

export function sdActivation(s: S, run: Run, utype: UType): void {
  if (utype !== 'crawler') { run.all('activation', { side: 'yellow', unit: utype, units: [] }); return; }
  const c = sdCrawler(s);
  if (!c || c.gone || c.frozen) return;
  run.all('activation', { side: 'yellow', unit: 'crawler', units: [c.id] });
  if (c.at !== null && CONTENT.north.has(c.at)) {
    s.result = { winners: [], draw: false, reason: 'the Yellow crawler was activated north of the fold: Yellow (the program) wins' };
    run.all('game_over', s.result);
    return;
  }
  if (c.status === 'offline') return;
  if (c.status === 'ready') for (const w of c.weapons) if (w.kind === 'laser' && !w.loaded) { w.loaded = true; run.all('reloaded', { unit: c.id, weapon: w.id }); }
  const to = sdStep(s, run, c);
  if (to === null) { run.all('crawler_holds', { unit: c.id }); return; }
  const d = displacementNeed(s, c, to);
  if (!d || !displacementFeasible(s, to, d.pool, d.need)) { run.all('crawler_holds', { unit: c.id, blocked: to }); return; }
  enter(s, run, c, to);
}

function sdStep(s: S, run: Run, c: Unit): string | null {
  if (c.at === null) return s.map['0615'].terrain === 'volcano' ? null : '0615';
  const [n, ne, , , , nw] = CONTENT.adj[c.at];
  if (n === null) return null; // already on the north edge (it wins on its next activation)
  if (s.map[n].terrain !== 'volcano') return n;
  const safe = (h: string | null) => h !== null && s.map[h].terrain !== 'volcano' && !(CONTENT.adj[h][0] && s.map[CONTENT.adj[h][0]!].terrain === 'volcano');
  const enterable = (h: string | null) => h !== null && s.map[h].terrain !== 'volcano';
  let options = [ne, nw].filter(safe) as string[];
  if (!options.length) options = [ne, nw].filter(enterable) as string[];
  if (options.length === 0) return null;
  if (options.length === 1) return options[0];
  return combatRoll(run, 'special delivery NE/NW', 1) ? ne : nw;
}

export function sdTimeStream(s: S, run: Run): void {
  const c = sdCrawler(s);
  if (!c || c.gone || c.frozen) return;
  if (c.status === 'offline' || s.sdButtoned) {
    if (c.status !== 'buttoned') run.all('status_changed', { unit: c.id, status: 'buttoned' });
    c.status = 'buttoned';
    s.sdButtoned = true;
  }
}

// ---------------------------------------------------------------- Runaway (§4.4, A29)

export function runawayProgram(s: S, run: Run): void {
  const rc = s.units.RC;
  if (!rc || rc.gone || rc.frozen || rc.at === null) return;
  // Reprogrammed: its controller set its status in step 4 (A29); offline it takes no action (§2.4).
  if (s.runawayController) { if (rc.status !== 'offline') s.stack.push({ f: 'rmove', side: s.runawayController, n: ++s.seq }); return; }
  if (rc.status === 'offline') { rc.status = 'buttoned'; run.all('status_changed', { unit: 'RC', status: 'buttoned' }); return; }
  if (rc.status === 'buttoned') { rc.status = 'ready'; run.all('status_changed', { unit: 'RC', status: 'ready' }); return; }
  const roll = d6(run, 'runaway program');
  if (roll <= 2) {
    const targets = unitsAt(s, rc.at).filter((u) => u.id !== rc.id && !u.frozen && (u.type === 'walker' ? u.config === 'up' : u.type === 'squad' && u.status !== 'offline'));
    if (targets.length) {
      const t = targets[run.fork('runaway').int(targets.length)];
      if (beamTargetOk(s, rc, t, 'melee')) melee(s, run, rc, t);
      return;
    }
    const dir = d6(run, 'runaway direction') - 1;
    const to = CONTENT.adj[rc.at][dir];
    if (to === null) { exitMap(s, run, rc); return; }
    if (unitsAt(s, to).some((u) => u.type === 'crawler')) return;
    const d = displacementNeed(s, rc, to);
    if (!d || !displacementFeasible(s, to, d.pool, d.need)) return;
    enter(s, run, rc, to);
    return;
  }
  const slot = roll === 3 || roll === 5 ? 'beam' : 'bomb';
  const w = rc.weapons.find((x) => x.id.startsWith(slot))!;
  if (roll >= 5) {
    const kinds = (slot === 'beam' ? BEAMS : BOMBS).filter((k) => k !== w.kind) as (BeamKind | BombKind)[];
    w.kind = kinds[run.fork('runaway').int(kinds.length)];
    w.loaded = true;
    run.all('mutated', { unit: 'RC', weapon: w.id, kind: w.kind });
    return;
  }
  if (!w.loaded) { w.loaded = true; run.all('reloaded', { unit: 'RC', weapon: w.id }); return; }
  if (w.kind === 'laser') return;
  if (slot === 'beam') {
    const cands = live(s).filter((u) => u.id !== 'RC' && u.at !== null && beamTargetOk(s, rc, u, w.kind as 'force', 'normal'));
    if (!cands.length) return;
    const t = nearest(s, run, rc.at, cands.map((u) => u.at!)) ;
    const pick = cands.filter((u) => u.at === t);
    const target = pick[run.fork('runaway').int(pick.length)];
    w.loaded = false;
    runawayBeam(s, run, rc, w, target);
    return;
  }
  const hexes = [...new Set(live(s).filter((u) => u.id !== 'RC' && u.at !== null).map((u) => u.at!))]
    .filter((h) => bombLos(s, rc.at!, spotOf(rc), h).ok);
  if (!hexes.length) return;
  const target = nearest(s, run, rc.at, hexes);
  w.loaded = false;
  launchBomb(s, run, { owner: 'neutral', unit: 'RC', weapon: w.id, kind: w.kind as BombKind, size: w.size, launch: rc.at, target });
}

function nearest(s: S, run: Run, from: string, hexes: string[]): string {
  const d = Math.min(...hexes.map((h) => hexDistance(from, h)));
  const best = [...new Set(hexes.filter((h) => hexDistance(from, h) === d))].sort();
  return best.length === 1 ? best[0] : best[run.fork('runaway').int(best.length)];
}

/** The runaway's beam: always pushes when it can (random hex), always continues while it hits (A29). */
function runawayBeam(s: S, run: Run, rc: Unit, w: Weapon, t: Unit): void {
  let size: Size | null = w.size;
  while (size && !s.result && beamTargetOk(s, rc, t, w.kind as 'force')) {
    const before = s.stack.length;
    fireBeam(s, run, rc, w, t.id, 'normal', size);
    if (s.stack.length === before) return; // a miss (or an effect with nothing to follow)
    const top = s.stack.pop()!;
    if (top.f === 'push') {
      const opts = pushOptions(s, rc.at!, t);
      if (opts.length) doPush(s, run, t, opts[run.fork('runaway').int(opts.length)]);
      forceEffect(s, run, t);
      size = size === 'heavy' ? 'medium' : size === 'medium' ? 'light' : null;
      if (!size) return;
      continue;
    }
    if (top.f === 'continue') { size = top.size; continue; }
    return;
  }
  void knockDown; void removeUnit; void checkVictory; void weaponOf; void beamLos;
}
