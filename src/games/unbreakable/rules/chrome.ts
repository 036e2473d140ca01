// Chrome experimental weapons and walker equipment (§9.1, §9.5; data/weapons.json): rocket salvos,
// vortex launch and Time Stream activation, jump-jet landing. Multi-gun shots and melee weapons are
// small enough to live beside the basic weapons in combat.ts.
import { rollEvent } from '../../../engine/mech/dice.js';
import { CONTENT } from '../content.js';
import { bombLos, load, neighboursOf, points, spotOf } from '../geometry.js';
import { SIZE_RANK, type Run, type S, type Side, type Size, type Unit, type Vortex, type Weapon, unitsAt, vortexAt } from '../state.js';
import { detonate, nukeTerrain, nukeUnits, placeCloud } from './combat.js';
import { combatRoll, convert, d6, freezeCheck, kOfN, knockDown, objectHex, removeUnit } from './effects.js';
import { displacementFeasible, displacementNeed, startDisplacement } from './movement.js';
import { checkVictory } from './victory.js';

const VX = () => CONTENT.weapons.vortex;

// ---------------------------------------------------------------- rocket launcher (§9.1.2, A34)

/** A rocket's hex: on the map, no vortex, the launcher its own sighter, no CtF no-nuke zone. */
export function rocketHexProblem(s: S, u: Unit, hex: string): string | null {
  if (!(hex in s.map)) return 'a rocket targets a hex of the map';
  if (vortexAt(s, hex)) return 'no weapon may target a vortex hex (§9.1.3)';
  if (s.scenario === 'capture-the-flag') {
    for (const fl of ['blueFlag', 'yellowFlag']) {
      const h = objectHex(s, fl);
      if (h && (h === hex || neighboursOf(h).includes(hex))) return 'no rocket into or next to a flag: rockets count as nukes (A31)';
    }
  }
  return bombLos(s, u.at!, spotOf(u), hex).ok ? null : 'the launcher must be its own sighter (§9.1.2)';
}

/** One rocket, a light nuke without laser defence: the roll against each walker and squad now. */
export function rocket(s: S, run: Run, u: Unit, w: Weapon, hexes: string[]): void {
  const hex = hexes[hexes.length - 1];
  run.all('rocket', { unit: u.id, weapon: w.id, hex, n: hexes.length });
  nukeUnits(s, run, hex, 'light');
  const left = CONTENT.weapons.rockets[w.size] - hexes.length;
  if (left > 0 && !s.result) {
    s.stack.push({ f: 'rocket', unit: u.id, weapon: w.id, side: u.side as Side, hexes, left, n: ++s.seq });
    return;
  }
  salvoOver(s, run, hexes);
}

/** After the last rocket: one light-nuke terrain roll per distinct hex, then the light clouds (A34). */
export function salvoOver(s: S, run: Run, hexes: string[]): void {
  const distinct = [...new Set(hexes)];
  for (const h of distinct) { if (s.result) return; nukeTerrain(s, run, h, 'light'); }
  for (const h of distinct) placeCloud(s, run, h, 'light');
}

/** The hexes the next rocket may take: the previous rocket's hex or one adjacent to it. */
export function nextRocketHexes(s: S, u: Unit, prev: string): string[] {
  return [prev, ...neighboursOf(prev)].filter((h) => !rocketHexProblem(s, u, h));
}

// ---------------------------------------------------------------- vortex generator (§9.1.3, A35)

export function vortexLaunchProblem(s: S, u: Unit, hex: string): string | null {
  if (!(hex in s.map) || !neighboursOf(u.at!).includes(hex)) return 'a vortex is launched into an adjacent hex (§9.1.3)';
  if (VX().stopTerrain.includes(s.map[hex].terrain)) return 'not into hill, industry, volcano or woods (§9.1.3)';
  if (unitsAt(s, hex).length) return 'the hex must contain no units (§9.1.3)';
  if (vortexAt(s, hex)) return 'no weapon may target a vortex hex';
  return bombLos(s, u.at!, spotOf(u), hex).ok ? null : 'the launcher needs LOS to the hex (bomb checklist, §9.1.3)';
}

/** Place the vortex facing away from the launcher; the launcher takes 3 dice of stasis hits. */
export function launchVortex(s: S, run: Run, u: Unit, w: Weapon, hex: string): void {
  const facing = CONTENT.adj[u.at!].indexOf(hex);
  const v: Vortex = { id: `V${++s.seq}`, hex, size: w.size, facing };
  s.vortexes = [...(s.vortexes ?? []), v];
  run.all('vortex_launched', { unit: u.id, ...v });
  const hits = combatRoll(run, 'vortex stasis hits', VX().selfStasisDice, { unit: u.id });
  if (hits > 0) {
    u.stasis += hits;
    run.all('stasis_changed', { unit: u.id, stasis: u.stasis });
    freezeCheck(s, run, u);
  }
}

/** Time Stream step 3 (§5.4): every vortex, lightest first (equal sizes in random order), checks stability and moves. */
export function vortexesAct(s: S, run: Run): void {
  const all = s.vortexes ?? [];
  if (!all.length) return;
  const order: string[] = [];
  for (const z of ['light', 'medium', 'heavy'] as Size[]) {
    const same = all.filter((v) => v.size === z).map((v) => v.id).sort();
    order.push(...(same.length > 1 ? run.fork('vortex').shuffle(same) : same));
  }
  for (const id of order) {
    if (s.result) return;
    const v = (s.vortexes ?? []).find((x) => x.id === id);
    if (v) vortexActs(s, run, v);
  }
}

function removeVortex(s: S, id: string): void {
  s.vortexes = (s.vortexes ?? []).filter((v) => v.id !== id);
}

function explode(s: S, run: Run, hex: string, size: Size, ids: string[]): void {
  for (const id of ids) removeVortex(s, id);
  run.all('vortex_exploded', { hex, size, vortexes: ids });
  detonate(s, run, { owner: 'neutral', unit: ids[0], weapon: 'vortex', kind: 'nuke', size, launch: hex, target: hex }); // no laser defence (A35)
}

function vortexActs(s: S, run: Run, v: Vortex): void {
  const z = v.size;
  if (kOfN(run, 'vortex stability', VX().stabilityDice[z], VX().stabilityDice[z], { vortex: v.id })) {
    const roll = d6(run, 'unstable vortex');
    if (roll === 1) { explode(s, run, v.hex, z, [v.id]); return; }
    v.facing = (v.facing + roll - 1) % 6; // k → (k−1)×60° clockwise; 5 = 120° counter-clockwise (A35)
    run.all('vortex_turned', { vortex: v.id, facing: v.facing });
  }
  const steps = combatRoll(run, 'vortex movement', VX().moveDice[z], { vortex: v.id });
  for (let i = 0; i < steps; i++) {
    const to = CONTENT.adj[v.hex][v.facing];
    if (to === null) { removeVortex(s, v.id); run.all('vortex_removed', { vortex: v.id, reason: 'off map' }); return; }
    v.hex = to;
    run.all('vortex_moved', { vortex: v.id, to });
    const other = (s.vortexes ?? []).find((x) => x.id !== v.id && x.hex === to);
    if (other) { explode(s, run, to, VX().collisionSize as Size, [v.id, other.id]); return; }
    const here = unitsAt(s, to);
    const objects = Object.values(s.objects).filter((o) => !o.gone && !o.carriedBy && o.at === to);
    if (here.length || objects.length) {
      for (const u of here.sort((a, b) => (a.id < b.id ? -1 : 1))) removeUnit(s, run, u, 'vortex');
      for (const o of objects) { o.gone = 'vortex'; o.at = null; run.all('object_removed', { object: o.id, reason: 'vortex' }); }
      checkVictory(s, run);
      return;
    }
    if (VX().stopTerrain.includes(s.map[to].terrain)) { convert(s, run, to, 'rough'); return; }
    if (s.map[to].cloud) { delete s.map[to].cloud; run.all('cloud_removed', { hex: to, by: v.id }); return; }
  }
}

// ---------------------------------------------------------------- jump jets (§9.5, A36)

/** The walker fires a jump jet: it hovers until the beginning of its next activation. */
export function fireJets(s: S, run: Run, u: Unit, w: Weapon): void {
  w.loaded = false;
  u.jets = true;
  run.all('jets_fired', { unit: u.id, weapon: w.id });
}

/**
 * A hovering walker lands (its next activation begins, or it is knocked down). Over-stacked, it
 * displaces smaller units as if entering; if it cannot, it is knocked down and its owner displaces it (A36).
 */
export function land(s: S, run: Run, u: Unit): void {
  if (!u.jets) return;
  u.jets = false;
  run.all('landed', { unit: u.id, at: u.at });
  if (u.at === null || u.gone || load(s, u.at, [u.id]) + points(u) <= 4) return;
  const d = displacementNeed(s, u, u.at);
  if (d && displacementFeasible(s, u.at, d.pool, d.need)) { startDisplacement(s, run, u, u.at, d.need, d.pool); return; }
  knockDown(s, run, u);
  s.stack.push({ f: 'displace', hex: u.at, mover: u.id, from: null, need: 1, pool: [u.id], turn: u.side as Side, moved: [], n: ++s.seq });
}

void rollEvent; void SIZE_RANK;
