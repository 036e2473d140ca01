// Combat (§7): beam shots with continuous fire, bombs with the defensive laser window, melee,
// and each weapon's effect (§7.9). Every roll goes out as a dice_rolled event.
import { CONTENT } from '../content.js';
import {
  beamLos, diceFor, hexDistance, load, points, pushHexes, spotOf, targetSize, type Spot,
} from '../geometry.js';
import { within } from '../../../engine/mech/hex.js';
import { toLabel } from '../../../engine/mech/hex.js';
import {
  lighter, other, type Bomb, type Frame, type Owner, type Run, type S, type Side, type Size, type Unit, type Weapon, sideSeat, unitsAt, vortexAt,
} from '../state.js';
import { convert, freezeCheck, freezeThreshold, goOffline, kOfN, knockDown, removeUnit, pieceColour } from './effects.js';
import { checkVictory } from './victory.js';

export const weaponOf = (u: Unit, id: string): Weapon | undefined => u.weapons.find((w) => w.id === id);

/** Laser range bands (§7.9.3): the size it fires as at distance d, or null beyond long range. */
export function laserBand(size: Size, d: number): Size | null {
  const bands: Record<Size, [number, number, number]> = { light: [0, 1, 2], medium: [1, 2, 4], heavy: [2, 4, 6] };
  const [sh, md, lg] = bands[size];
  return d <= sh ? 'heavy' : d <= md ? 'medium' : d <= lg ? 'light' : null;
}

/** Lasers of `side` able to fire at `bomb`, with the hexes each may aim at (launch / target). */
export function eligibleLasers(s: S, bomb: Bomb, sides: Owner[]): { unit: string; weapon: string; at: ('launch' | 'target')[] }[] {
  const out: { unit: string; weapon: string; at: ('launch' | 'target')[] }[] = [];
  for (const u of Object.values(s.units).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (u.gone || u.at === null || u.frozen || u.status !== 'ready' || !sides.includes(u.side)) continue;
    if (s.scenario === 'special-delivery' && u.side === 'yellow') continue; // the program decides (A28)
    for (const w of u.weapons) {
      if ((w.kind !== 'laser' && w.kind !== 'multigun') || !w.loaded) continue;
      const at: ('launch' | 'target')[] = [];
      for (const [k, hex] of [['launch', bomb.launch], ['target', bomb.target]] as const) {
        if (laserBand(laserSize(w), hexDistance(u.at, hex)) === null) continue;
        if (beamLos(s, spotOf(u), { hex, hover: true }).ok) at.push(k);
      }
      if (at.length) out.push({ unit: u.id, weapon: w.id, at });
    }
  }
  return out;
}

// ---------------------------------------------------------------- beams

/** Fires a beam (force or stasis) from u at a unit; pushes follow-up frames. */
export function fireBeam(s: S, run: Run, u: Unit, w: Weapon, target: string, mode: 'normal' | 'reverse', size: Size = w.size): void {
  if (/^\d{4}$/.test(target)) { // force beam terrain mode (§7.9.2): the hex is a light target
    const hit = kOfN(run, 'force beam vs terrain', diceFor(size, 'light').k, diceFor(size, 'light').n, { unit: u.id, hex: target });
    if (hit) convert(s, run, target, 'rough');
    return;
  }
  if (s.objects[target]) { beamAtObject(s, run, u, w, target, size); return; }
  const t = s.units[target];
  const { k, n } = diceFor(size, targetSize(s, t));
  const hit = kOfN(run, `${w.kind} beam`, k, n, { unit: u.id, weapon: w.id, target, size });
  if (!hit) return;
  if (w.kind === 'stasis') {
    if (mode === 'reverse') t.stasis = Math.max(0, t.stasis - 1);
    else t.stasis += 1;
    run.all('stasis_changed', { unit: t.id, stasis: t.stasis });
    if (mode === 'normal') freezeCheck(s, run, t);
    offerContinue(s, u, t, w, size, 'stasis', mode);
    return;
  }
  const options = pushOptions(s, u.at!, t);
  if (options.length) {
    s.stack.push({ f: 'push', firer: u.id, target: t.id, options, size, weapon: w.id, side: u.side, n: ++s.seq });
    return;
  }
  forceEffect(s, run, t);
  offerContinue(s, u, t, w, size, 'force', 'normal');
}

/** §13 A18: an object is a light target; a force-beam hit may push it, a stasis hit may freeze it; continuous fire follows (§7.7, #63). */
function beamAtObject(s: S, run: Run, u: Unit, w: Weapon, id: string, size: Size): void {
  const o = s.objects[id];
  const { k, n } = diceFor(size, 'light');
  if (!kOfN(run, `${w.kind} beam`, k, n, { unit: u.id, weapon: w.id, target: id, size })) return;
  if (w.kind === 'stasis') {
    o.stasis = (o.stasis ?? 0) + 1;
    run.all('stasis_changed', { object: id, stasis: o.stasis });
    const th = freezeThreshold(s.ts);
    if (th !== null && o.stasis >= th && !o.frozen) { o.frozen = true; run.all('frozen', { object: id }); }
    offerContinue(s, u, id, w, size, 'stasis', 'normal');
    return;
  }
  const { away, toward } = pushHexes(u.at!, o.at!);
  const options = [...new Set([...away, ...toward])].sort();
  if (options.length) { s.stack.push({ f: 'push', firer: u.id, target: id, options, size, weapon: w.id, side: u.side, n: ++s.seq }); return; }
  offerContinue(s, u, id, w, size, 'force', 'normal');
}

export function pushObject(s: S, run: Run, id: string, to: string): void {
  const o = s.objects[id];
  const from = o.at;
  o.at = to;
  run.all('pushed', { object: id, from, to });
  const ter = vortexAt(s, to) ? 'vortex' : s.map[to].terrain;
  if (ter === 'lava' || ter === 'volcano' || ter === 'vortex') { o.gone = ter; o.at = null; run.all('object_removed', { object: id, reason: ter }); }
  checkVictory(s, run);
}

export function pushOptions(s: S, firerHex: string, t: Unit): string[] {
  if (t.frozen || t.at === null) return [];
  const { away, toward } = pushHexes(firerHex, t.at);
  return [...new Set([...away, ...toward])].filter((h) => load(s, h) + points(t) <= 4).sort();
}

/** Step 4 of §7.9.2: squad scattered, upright walker knocked down; crawler only pushed. */
export function forceEffect(s: S, run: Run, t: Unit): void {
  if (!t.gone) knockDown(s, run, t);
}

export function doPush(s: S, run: Run, t: Unit, to: string): void {
  const from = t.at;
  t.at = to;
  run.all('pushed', { unit: t.id, from, to });
  if (vortexAt(s, to)) { removeUnit(s, run, t, 'vortex'); return; } // A35: pushed into a vortex hex
  const ter = s.map[to].terrain;
  if (ter === 'lava' || ter === 'volcano') removeUnit(s, run, t, ter);
}

/** Continuous fire (§7.7): offered after a hit if a lighter step exists and LOS and target still hold (units and objects alike). */
export function offerContinue(s: S, u: Unit, target: Unit | string, w: Weapon, size: Size, kind: 'force' | 'stasis', mode: 'normal' | 'reverse'): void {
  const next = lighter(size);
  if (!next || s.result) return;
  const id = typeof target === 'string' ? target : target.id;
  const ok = s.objects[id] ? objectTargetOk(s, u, id) : beamTargetOk(s, u, s.units[id], kind, mode);
  if (!ok) return;
  s.stack.push({ f: 'continue', firer: u.id, target: id, size: next, weapon: w.id, mode, kind, side: u.side, n: ++s.seq });
}

/** An object is still a beam target: uncarried, on the map, not frozen, in LOS as a grounded unit (§13 A18). */
export function objectTargetOk(s: S, u: Unit, id: string): boolean {
  const o = s.objects[id];
  if (u.gone || u.at === null || !o || o.gone || o.carriedBy || o.at === null || o.frozen) return false;
  return beamLos(s, spotOf(u), { hex: o.at, hover: false }).ok;
}

export function beamTargetOk(s: S, u: Unit, t: Unit, kind: 'force' | 'stasis' | 'melee', mode: 'normal' | 'reverse' = 'normal'): boolean {
  if (u.gone || t.gone || u.at === null || t.at === null || t.frozen) return false;
  if (kind === 'stasis' && mode === 'reverse' && t.stasis === 0) return false;
  const scattered = t.type === 'squad' && t.status === 'offline';
  return beamLos(s, spotOf(u), spotOf(t), scattered).ok;
}

// ---------------------------------------------------------------- melee (§7.8)

export function melee(s: S, run: Run, u: Unit, t: Unit): void {
  const { k, n } = diceFor(meleeWeaponHeavy(u) ? 'heavy' : targetSizeOfAttacker(u), meleeWeaponHeavy(t) ? 'heavy' : targetSize(s, t));
  if (kOfN(run, 'melee', k, n, { unit: u.id, target: t.id })) knockDown(s, run, t);
}
const targetSizeOfAttacker = (u: Unit): Size => (u.type === 'crawler' ? 'heavy' : u.type === 'walker' ? 'medium' : 'light');
/** Chrome §9.5: an upright walker with a melee weapon counts as heavy attacking or defending in melee (#86). */
export const meleeWeaponHeavy = (u: Unit): boolean => u.type === 'walker' && u.config === 'up' && u.weapons.some((w) => w.kind === 'meleeWeapon');

/** The size a multi-gun fires as, one lower than its own (§9.1.1); other weapons their own. */
export function shotSize(w: Weapon): Size {
  return w.kind === 'multigun' ? (CONTENT.weapons.multigunFiresAs[w.size as 'heavy' | 'medium'] as Size) : w.size;
}
export const laserSize = shotSize;
/** The weapon a shot is fired with: a multi-gun as the basic type chosen (§9.1.1). */
export function shotWeapon(w: Weapon, as?: Weapon['kind']): Weapon {
  return w.kind === 'multigun' && as ? { ...w, kind: as, size: shotSize(w) } : w;
}

// ---------------------------------------------------------------- bombs

/** Bomb in flight: open the laser window when someone can fire, else detonate. */
export function launchBomb(s: S, run: Run, bomb: Bomb): void {
  run.all('bomb_launched', bomb);
  if (bomb.launch === bomb.target) { detonate(s, run, bomb); return; } // zero range: immune to lasers (§7.9.3)
  const defenders: Side[] = bomb.owner === 'neutral' ? ['blue', 'yellow'] : [other(bomb.owner)];
  const seats = defenders.filter((d) => sideSeat(s, d) !== null && eligibleLasers(s, bomb, [d]).length > 0).map((d) => sideSeat(s, d)!);
  // Runaway: its laser shoots at the first bomb dropped into its hex while loaded (§4.4).
  if (s.scenario === 'runaway' && runawayLaser(s, run, bomb)) return;
  // Special Delivery's crawler lasers by its program (A28).
  if (s.scenario === 'special-delivery' && defenders.includes('yellow') && sdLaser(s, run, bomb)) return;
  if (seats.length) { s.stack.push({ f: 'laser', bomb, seats: seats.sort(), n: ++s.seq }); return; }
  detonate(s, run, bomb);
}

/** Resolve committed lasers in ascending unit/weapon order (§7.9.3); true when the bomb is shot down. */
export function fireLasers(s: S, run: Run, bomb: Bomb, fire: { unit: string; weapon: string; at: 'launch' | 'target' }[]): boolean {
  const sorted = fire.slice().sort((a, b) => (a.unit + a.weapon < b.unit + b.weapon ? -1 : 1));
  for (const f of sorted) weaponOf(s.units[f.unit], f.weapon)!.loaded = false;
  let down = false;
  for (const f of sorted) {
    const u = s.units[f.unit];
    const w = weaponOf(u, f.weapon)!;
    const hex = f.at === 'launch' ? bomb.launch : bomb.target;
    const as = laserBand(laserSize(w), hexDistance(u.at!, hex))!;
    const { k, n } = diceFor(as, 'light');
    if (kOfN(run, 'laser', k, n, { unit: u.id, weapon: w.id, at: hex })) down = true;
  }
  if (down) run.all('bomb_destroyed', { unit: bomb.unit, weapon: bomb.weapon });
  return down;
}

function runawayLaser(s: S, run: Run, bomb: Bomb): boolean {
  const rc = s.units.RC;
  if (!rc || rc.gone || rc.at === null || rc.at !== bomb.target || rc.frozen || rc.status !== 'ready' || s.runawayController || bomb.owner === 'neutral') return false;
  const w = rc.weapons.find((x) => x.kind === 'laser' && x.loaded);
  if (!w) return false;
  const at = (['target', 'launch'] as const).find((k) => {
    const hex = k === 'launch' ? bomb.launch : bomb.target;
    return laserBand(w.size, hexDistance(rc.at!, hex)) !== null && beamLos(s, spotOf(rc), { hex, hover: true }).ok;
  });
  if (!at) return false;
  if (fireLasers(s, run, bomb, [{ unit: 'RC', weapon: w.id, at }])) return true;
  // not shot down: the opponents' own laser window still follows
  return false;
}

function sdLaser(s: S, run: Run, bomb: Bomb): boolean {
  const c = Object.values(s.units).find((u) => u.side === 'yellow' && !u.gone);
  if (!c || c.at === null || c.status !== 'ready' || c.frozen || s.sdButtoned) return false;
  const north = CONTENT.adj[c.at][0];
  const threat = bomb.kind === 'neutron'
    ? hexDistance(c.at, bomb.target) <= radius(bomb.size)
    : bomb.target === c.at || bomb.target === north;
  if (!threat) return false;
  const el = eligibleLasers({ ...s, scenario: '' }, bomb, ['yellow']).find((l) => l.unit === c.id);
  if (!el) return false;
  const w = weaponOf(c, el.weapon)!;
  const best = el.at.slice().sort((a, b) => {
    const ba = laserBand(w.size, hexDistance(c.at!, a === 'launch' ? bomb.launch : bomb.target))!;
    const bb = laserBand(w.size, hexDistance(c.at!, b === 'launch' ? bomb.launch : bomb.target))!;
    return rank(bb) - rank(ba);
  })[0];
  const down = fireLasers(s, run, bomb, [{ unit: c.id, weapon: w.id, at: best }]);
  if (!down) detonate(s, run, bomb);
  return true;
}
const rank = (z: Size) => (z === 'heavy' ? 3 : z === 'medium' ? 2 : 1);
export const radius = (z: Size) => (z === 'light' ? 1 : z === 'medium' ? 2 : 4);

export function detonate(s: S, run: Run, bomb: Bomb): void {
  const hex = bomb.target;
  run.all('bomb_detonated', { kind: bomb.kind, size: bomb.size, hex });
  if (bomb.kind === 'crust') {
    const h = s.map[hex];
    if (!h.epicenter && !['crater', 'lava', 'volcano'].includes(h.terrain)) {
      const c = pieceColour(s, run, 'epicenter colour', 'epicenter');
      if (c) { h.epicenter = c; run.all('epicenter_placed', { hex, colour: c }); }
    }
    addQuakeCard(s, run, bomb.size);
    return;
  }
  if (bomb.kind === 'neutron') {
    const hexes = new Set(within(CONTENT.cube[hex], radius(bomb.size)).map((c) => (c.q >= 0 ? toLabel(c) : '')));
    for (const u of Object.values(s.units).sort((a, b) => (a.id < b.id ? -1 : 1))) {
      if (u.gone || u.at === null || !hexes.has(u.at) || u.status !== 'ready' || u.frozen) continue;
      if (kOfN(run, 'neutron', 1, 1, { unit: u.id })) goOffline(s, run, u);
    }
    return;
  }
  // nuke (§7.9.5)
  nukeUnits(s, run, hex, bomb.size);
  nukeTerrain(s, run, hex, bomb.size);
  if (!s.map[hex]) return;
  placeCloud(s, run, hex, bomb.size);
}

/** Nuke step 3: a roll against each walker and squad in the hex (crawlers, frozen, Down, scattered: none). */
export function nukeUnits(s: S, run: Run, hex: string, size: Size): void {
  for (const u of unitsAt(s, hex).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (u.type === 'crawler' || u.frozen) continue;
    if (u.type === 'walker' && (u.config === 'down' || u.converted)) continue;
    if (u.type === 'squad' && u.status === 'offline') continue;
    const { k, n } = diceFor(size, targetSize(s, u));
    if (kOfN(run, 'nuke vs unit', k, n, { unit: u.id })) knockDown(s, run, u);
  }
}

/** Nuke step 4: the terrain is a light target; a hit converts it (§7.10). */
export function nukeTerrain(s: S, run: Run, hex: string, size: Size): void {
  const { k, n } = diceFor(size, 'light');
  if (kOfN(run, 'nuke vs terrain', k, n, { hex })) convert(s, run, hex);
}

/** Nuke step 5: a mushroom cloud of its size; an existing cloud keeps the larger size (A21). */
export function placeCloud(s: S, run: Run, hex: string, bombSize: Size): void {
  const h = s.map[hex];
  const prev = h.cloud;
  const size = prev && rank(prev.size) > rank(bombSize) ? prev.size : bombSize; // A21
  h.cloud = { size, turn: s.turn };
  run.all('cloud_placed', { hex, size, turn: s.turn });
}

/** §7.9.1 step 4: an Earthquake card of that size (or the next lighter unused) to the discards. */
export function addQuakeCard(s: S, run: Run, size: Size): void {
  for (let z: Size | null = size; z; z = lighter(z)) {
    const id = `quake-${z}`;
    const i = s.unusedQuakes.indexOf(id);
    if (i >= 0) {
      s.unusedQuakes.splice(i, 1);
      s.deck.discard.push(id);
      run.all('earthquake_card_added', { card: id });
      return;
    }
  }
}

export type { Frame, Spot };
