// Explosions and buildings (spec §7.6, checklist #55-#59): the face-down Explosion pile, placing
// markers (Explosive Objects at 2 Hits, Trigger Explosion, abilities), detonation at the start
// of the next Turn's Refresh Phase in placement order, the explosion attack (4 dice of the
// marker's colour against every unit and Explosive Object in its AoE, both Sides, statuses
// carried), lingering markers, Building Damage and collapse (remove the top Level, lay the
// Destroyed tile, remove the 3 highest markers, displace units, 4 red dice, cascade).
// Markers are provisional data (data/explosions.json).
import { Type as T, type Static } from '@sinclair/typebox';
import { drawOne, newDeck } from '../../../engine/mech/deck.js';
import { rollEvent } from '../../../engine/mech/dice.js';
import type { Rng } from '../../../engine/types.js';
import explosionsJson from '../data/explosions.json' with { type: 'json' };
import type { Status } from '../abilities.js';
import { CONTENT, cellKey, type Cell, type Color, type CompiledMap, checkDataFile } from '../content.js';
import { area as areaOf, floor, inside, los, parseKey } from '../geometry.js';
import { count, isLarge, map, mission, unitAt, type ExplosionMarker, type Frame, type S, type Side, type Target, type Unit } from '../state.js';
import { down, gainMayhemStatus, giveStatus, say, type Ev } from './board.js';
import { applyHits, maxBlocks, modifyPool, pushOptions, reactingSeat, roll, type Attack } from './combat.js';
import { DDDS, dddAt, hitDdd } from './ddd.js';
import { hitVehicle, liveVehicles, vehicleAt } from './vehicles.js';
import { dropVehicles } from './vehicle-movement.js';
import { liftLostLocks } from './targetable.js';

const Color = T.Union([T.Literal('red'), T.Literal('yellow'), T.Literal('white')]);
const Size = T.Union([T.Literal('small'), T.Literal('medium'), T.Literal('large')]);
const ExplosionsFile = T.Object({
  provisional: T.Boolean(), note: T.String(),
  sizes: T.Record(Size, T.Object({ color: Color, area: T.Integer({ minimum: 0 }) }, { additionalProperties: false })),
  markers: T.Array(T.Object({ id: T.String(), size: Size, damage: T.Integer({ minimum: 1, maximum: 3 }) }, { additionalProperties: false }), { minItems: 1 }),
}, { additionalProperties: false });
export interface MarkerDef { id: string; size: 'small' | 'medium' | 'large'; color: Color; area: number; damage: number }

export function loadExplosions(raw: unknown): Record<string, MarkerDef> {
  checkDataFile('explosions', ExplosionsFile, raw);
  const f = raw as Static<typeof ExplosionsFile>;
  if (f.sizes.large.color !== 'red' || f.sizes.large.area !== 2) throw new Error('explosions: Large = 4 red d12, AoE 2 (L1539)');
  const out: Record<string, MarkerDef> = {};
  for (const m of f.markers) {
    if (out[m.id]) throw new Error(`explosion marker ${m.id}: duplicate id`);
    out[m.id] = { id: m.id, size: m.size, damage: m.damage, ...f.sizes[m.size] };
  }
  if (Object.values(out).reduce((n, m) => n + m.damage, 0) < 7) throw new Error('explosions: the pile cannot bring a building to 7 Building Damage (L1554)');
  return out;
}
export const MARKERS = loadExplosions(explosionsJson);

/** The pile and markers of an Advanced mission (setup, spec 3.2); none in a Basic one. */
export function setupExplosions(missionId: string): S['explosions'] {
  return CONTENT.missions[missionId].rules === 'advanced' ? { pile: newDeck(Object.keys(MARKERS)), placed: [], next: 1 } : undefined;
}

export function markersAt(s: S, at: string): ExplosionMarker[] { return (s.explosions?.placed ?? []).filter((m) => m.at === at); }

/** An Explosive space holding no Explosion marker, face up or down: a Targetable Explosive Object (spec 7.6.1). */
export function explosiveObject(s: S, at: string): boolean {
  return !!s.explosions && !!map(s).cells[at]?.explosive && markersAt(s, at).length === 0;
}

/** Place a marker face down, unseen by everyone (spec 7.6.1); it goes off at the next Turn's Refresh start. */
export function placeExplosion(s: S, at: string, by: Side, ev: Ev, statuses: Status[] = []): ExplosionMarker | null {
  if (!s.explosions || !map(s).cells[at]) return null;
  const mk: ExplosionMarker = { n: s.explosions.next++, at, marker: null, faceUp: false, turn: s.turnNo, statuses, by };
  s.explosions.placed.push(mk);
  say(ev, 'explosion_placed', { n: mk.n, at, statuses, by });
  return mk;
}

/** Hits on an Explosive Object this Turn; at 2 an Explosion marker goes there and the attacking unit gains a Permanent Mayhem Status (L1608). */
export function hitObject(s: S, at: string, hits: number, attacker: Unit | null, by: Side, ev: Ev): void {
  if (!explosiveObject(s, at) || hits <= 0) return;
  const total = ((s.objectHits ??= {})[at] = (s.objectHits[at] ?? 0) + hits);
  say(ev, 'object_hit', { at, hits, total });
  if (total < 2) return;
  placeExplosion(s, at, by, ev);
  if (attacker) gainMayhemStatus(s, attacker.board, ev);
}

/** Face-down markers placed before this Turn, in placement order. */
export function dueExplosions(s: S): ExplosionMarker[] {
  return (s.explosions?.placed ?? []).filter((m) => !m.faceUp && m.turn < s.turnNo).sort((a, b) => a.n - b.n);
}

/** Spaces in an AoE of radius n round `centre`: its Level, no wall between (spec 7.5), in key order. */
export function areaSpaces(m: CompiledMap, centre: string, n: number): string[] {
  const [cx, cy, cz] = parseKey(centre);
  const out: string[] = [];
  for (let x = cx - n; x <= cx + n; x++) for (let y = cy - n; y <= cy + n; y++) {
    const k = cellKey(x, y, cz);
    if (!m.cells[k]) continue;
    if (k !== centre && (areaOf(m, m.cells[k]) !== areaOf(m, m.cells[centre]) || !los(m, centre, k).ok)) continue;
    out.push(k);
  }
  return out.sort();
}

/** Flip the marker (its identity drawn now from the pile, stream `explosions`, spec 9 R5) and start its attack. */
export function detonate(s: S, mk: ExplosionMarker, rng: Rng, ev: Ev): void {
  const ex = s.explosions!;
  const r = drawOne(ex.pile, rng.fork('explosions'));
  ex.pile = r.deck;
  if (!r.card) { ex.placed = ex.placed.filter((x) => x !== mk); say(ev, 'explosion_fizzled', { n: mk.n, at: mk.at }); return; }
  mk.marker = r.card; mk.faceUp = true;
  const def = MARKERS[r.card];
  const m = map(s);
  const spaces = areaSpaces(m, mk.at, def.area);
  const occ = unitAt(s);
  say(ev, 'explosion', { n: mk.n, at: mk.at, marker: def.id, size: def.size, dice: def.color, area: def.area, damage: def.damage });
  // Statuses on the marker go to every unit in the AoE, no Hit needed (L1523).
  // A Large Unit is one target however many of its spaces the area covers (L1927).
  const hit = [...new Set(spaces.flatMap((k) => { const u = occ.get(k); return u ? [u] : []; }))];
  for (const u of hit) for (const st of mk.statuses) giveStatus(s, u, st, ev);
  const targets: Target[] = [
    ...spaces.filter((k) => explosiveObject(s, k)).map((k) => ({ unit: '', centre: false, object: k })),
    ...hit.map((u) => ({ unit: u.id, centre: false })),
    // A destructible DDD is a Large Unit (L1985): one roll however many of its spaces the area covers.
    ...[...new Set(spaces.flatMap((k) => { const d = dddAt(s, k); return d && DDDS[d.id].health !== null ? [d.id] : []; }))].sort().map((id) => ({ unit: '', centre: false, ddd: id })),
    // Vehicles are Targetable Objects: one roll however many of their halves the blast covers (spec 7.16.4).
    ...[...new Set(spaces.map((k) => vehicleAt(s, k)?.id).filter((x): x is string => !!x))].sort().map((id) => ({ unit: '', centre: false, vehicle: id })),
  ];
  const seat = s.seats.indexOf(mk.by);
  s.stack.push({ t: 'explosion', id: s.nextId++, seat: seat < 0 ? 0 : seat, marker: mk.n, centre: mk.at, dice: Array(4).fill(def.color), targets, i: 0, stage: 'roll', hits: 0, pushes: 0, collapse: null });
}

type Blast = Extract<Frame, { t: 'explosion' }>;

export function blastTarget(s: S, f: Blast): Unit | null { const t = f.targets[f.i]; return t && !t.object && !t.ddd && !t.vehicle ? s.units[t.unit] : null; }

export function blastWaits(s: S, f: Blast): boolean {
  const u = blastTarget(s, f);
  if (f.stage === 'block') return !!u?.at && f.hits > 0 && maxBlocks(s, u, f.hits) > 0;
  if (f.stage === 'push') return !!u?.at && f.pushes > 0 && pushOptions(s, f as unknown as Attack).length > 0;
  return false;
}

/** Runs an explosion (or collapse) frame until it waits on a seat or is done. */
export function advanceBlast(s: S, f: Blast, rng: () => Rng, ev: Ev): 'wait' | 'done' {
  for (;;) {
    if (s.result) return 'done';
    if (s.stack[s.stack.length - 1] !== f) return 'wait';
    if (blastWaits(s, f)) return 'wait';
    const t = f.targets[f.i];
    const u = blastTarget(s, f);
    switch (f.stage) {
      case 'roll': {
        f.stage = 'block'; f.hits = 0; f.pushes = 0;
        if (t?.object) { blastObject(s, f, t.object, rng(), ev); f.stage = 'next'; break; }
        if (t?.ddd) { blastDdd(s, f, t.ddd, rng(), ev); f.stage = 'next'; break; }
        if (t?.vehicle) { blastVehicle(s, f, t.vehicle, rng(), ev); f.stage = 'next'; break; }
        if (!u?.at || (f.collapse === null && parseKey(u.at)[2] !== parseKey(f.centre)[2])) { f.stage = 'next'; break; }
        const { dice, mods } = blastPool(s, f, u);
        const faces = roll(rng(), dice);
        ev.push(rollEvent(f.ram ? 'ram' : f.collapse === null ? 'explosion' : 'collapse', faces.map((x) => x.join('+') || '-'), { id: f.id, target: u.id, dice, mods }));
        const all = faces.flat();
        f.hits = all.filter((x) => x === 'H' || x === 'AH').length;
        // Collapse damage ignores Push results (spec 7.6.3 step 5).
        f.pushes = f.collapse === null ? all.filter((x) => x === 'P').length : 0;
        say(ev, 'attack_result', { id: f.id, target: u.id, hits: f.hits, pushes: f.pushes });
        break;
      }
      case 'block': f.stage = 'damage'; break;
      case 'damage': f.stage = 'push'; if (u) applyHits(s, f, u, f.hits, ev); break;
      case 'push': f.stage = 'next'; break;
      case 'next':
        f.i++;
        if (f.i < f.targets.length) { f.stage = 'roll'; break; }
        s.stack.pop();
        if (f.ram) return 'done';
        if (f.collapse === null) afterExplosion(s, f, ev); else afterCollapseDamage(s, f.collapse, ev);
        return 'done';
    }
  }
}

/** 4 dice of the marker's colour; Protection traced from the centre (adjacent spaces keep it, spec 7.5), the target's Defense Up/Down; none for collapse damage. */
function blastPool(s: S, f: Blast, u: Unit): { dice: Color[]; mods: Record<string, number> } {
  if (f.ram) return { dice: f.dice.slice(), mods: {} }; // Ram Attacks never get bonuses or penalties (L2134)
  const mods: Record<string, number> = {};
  if (f.collapse === null && u.at !== f.centre && !isLarge(u)) { const sight = los(map(s), f.centre, u.at!); if (sight.ok && sight.protection) mods.protection = -2; }
  if (f.collapse === null && count(u, 'DEFENSE_DOWN')) mods.defenseDown = count(u, 'DEFENSE_DOWN');
  if (f.collapse === null && count(u, 'DEFENSE_UP')) mods.defenseUp = -count(u, 'DEFENSE_UP');
  return { dice: modifyPool(f.dice.slice(), Object.values(mods).reduce((x, y) => x + y, 0)), mods };
}

/** A vehicle in the blast (spec 7.16.4): 4 dice, no modifiers; Hits are Wounds. */
function blastVehicle(s: S, f: Blast, id: string, rng: Rng, ev: Ev): void {
  const v = liveVehicles(s).find((x) => x.id === id);
  if (!v) return;
  const faces = roll(rng, f.dice);
  ev.push(rollEvent('explosion', faces.map((x) => x.join('+') || '-'), { id: f.id, vehicle: id, dice: f.dice }));
  hitVehicle(s, v, faces.flat().filter((x) => x === 'H' || x === 'AH').length, ev);
}

/** An Explosive Object in the blast: 4 dice, no Protection; 2 Hits place a new marker, which waits for the next Turn (chain reaction, spec 7.6.1). */
function blastObject(s: S, f: Blast, at: string, rng: Rng, ev: Ev): void {
  const faces = roll(rng, f.dice);
  ev.push(rollEvent('explosion', faces.map((x) => x.join('+') || '-'), { id: f.id, object: at, dice: f.dice }));
  const mk = s.explosions!.placed.find((x) => x.n === f.marker);
  hitObject(s, at, faces.flat().filter((x) => x === 'H' || x === 'AH').length, null, mk?.by ?? 'LEGION', ev);
}

/** A destructible DDD in the blast (spec 7.15: a Large Unit, L1985): 4 dice, no Protection (spec 7.3.5), Hits are Wounds. */
function blastDdd(s: S, f: Blast, id: string, rng: Rng, ev: Ev): void {
  const d = s.ddds?.find((x) => x.id === id && !x.destroyed);
  if (!d) return;
  const faces = roll(rng, f.dice);
  ev.push(rollEvent('explosion', faces.map((x) => x.join('+') || '-'), { id: f.id, ddd: id, dice: f.dice }));
  hitDdd(s, d, faces.flat().filter((x) => x === 'H' || x === 'AH').length, ev);
}

/** In or on a building: its Inside spaces, its roof and upper Levels, its Destroyed tile (spec 2.1.1 "Building"). */
export function inBuilding(m: CompiledMap, c: Cell): boolean { return c.building && (inside(m, c) || c.z > 1 || !!c.destroyed); }

/** After the attack: the marker lingers face up Inside, on a building's top Level or on an Explosive space, else goes back to the pile (spec 7.6.2); then its Building Damage counts. */
function afterExplosion(s: S, f: Blast, ev: Ev): void {
  const ex = s.explosions!;
  const mk = ex.placed.find((x) => x.n === f.marker);
  if (!mk) return;
  const m = map(s);
  const c = m.cells[mk.at];
  const linger = !!c && (inBuilding(m, c) || c.explosive);
  if (!linger) { returnToPile(s, [mk]); say(ev, 'explosion_returned', { n: mk.n, marker: mk.marker }); return; }
  if (c && inBuilding(m, c)) checkCollapse(s, c.tile, ev);
}

/** A face-up marker placed by a Building Damage ability (no attack, spec 2.2.9): counts at once if in or on a building, else it goes back. */
export function placeBuildingDamage(s: S, at: string, by: Side, rng: Rng, ev: Ev): void {
  if (!s.explosions) return;
  const r = drawOne(s.explosions.pile, rng.fork('explosions'));
  if (!r.card) return;
  s.explosions.pile = r.deck;
  const m = map(s);
  const c = m.cells[at];
  say(ev, 'building_damage_placed', { at, marker: r.card, damage: MARKERS[r.card].damage });
  if (!c || !inBuilding(m, c)) { s.explosions.pile = { ...s.explosions.pile, pool: [...s.explosions.pile.pool, r.card].sort() }; return; }
  s.explosions.placed.push({ n: s.explosions.next++, at, marker: r.card, faceUp: true, turn: s.turnNo, statuses: [], by });
  checkCollapse(s, c.tile, ev);
}

function returnToPile(s: S, mks: ExplosionMarker[]): void {
  const ex = s.explosions!;
  ex.placed = ex.placed.filter((x) => !mks.includes(x));
  const back = mks.filter((x) => x.marker).map((x) => x.marker!);
  if (back.length) ex.pile = { ...ex.pile, pool: [...ex.pile.pool, ...back].sort() };
}

/** Face-up markers in or on the building of tile `tile`. */
function buildingMarkers(s: S, tile: number): ExplosionMarker[] {
  const m = map(s);
  return (s.explosions?.placed ?? []).filter((x) => x.faceUp && x.marker && m.cells[x.at]?.tile === tile && inBuilding(m, m.cells[x.at]));
}
/** Building Damage: the sum of the face-up markers in or on it (spec 7.6.3). */
export function buildingDamage(s: S, tile: number): number { return buildingMarkers(s, tile).reduce((n, x) => n + MARKERS[x.marker!].damage, 0); }
/** The building's top Level now. */
export function topLevel(s: S, tile: number): number {
  return Object.values(map(s).cells).reduce((z, c) => (c.tile === tile ? Math.max(z, c.z) : z), 0);
}

/** At 7 or more Building Damage the top Level collapses (spec 7.6.3). */
export function checkCollapse(s: S, tile: number, ev: Ev): void {
  if (!CONTENT.missions[s.mission].compiled.tiles[tile] || topLevel(s, tile) <= 1) return;
  const dmg = buildingDamage(s, tile);
  if (dmg >= 7) collapse(s, tile, dmg, ev);
}

function collapse(s: S, tile: number, dmg: number, ev: Ev): void {
  const before = map(s);
  const top = topLevel(s, tile);
  const level = top - 1;
  // Step 3: the three markers with the highest Building Damage go; ties most recent first.
  const gone = buildingMarkers(s, tile).sort((a, b) => MARKERS[b.marker!].damage - MARKERS[a.marker!].damage || b.n - a.n).slice(0, 3);
  returnToPile(s, gone);
  // Step 1-2: remove the top Level, lay the Destroyed tile on the new top Level.
  s.collapsed = { ...(s.collapsed ?? {}), [tile]: level };
  const after = map(s);
  say(ev, 'building_collapsed', { tile: CONTENT.missions[s.mission].compiled.tiles[tile].tile, level: top, damage: dmg, removed: gone.map((x) => x.marker) });
  // A vehicle on the collapsed Level falls with its riders (spec 7.16.3: vehicle falling), before the units left there drop.
  dropVehicles(s, ev);
  // A locked room taken away (its Level gone, or open to the sky under the Destroyed tile) locks nothing any more; a room that stands keeps its lock,
  // and the displaced units below land Outside on the Destroyed Level, never across it (step 4).
  liftLostLocks(s, ev);
  // Step 4: units and markers of the collapsed Level and the Level below go to the same (x, y) on the Destroyed tile.
  const fromTop = Object.values(s.units).filter((u) => u.at && before.cells[u.at]?.tile === tile && parseKey(u.at)[2] === top).sort((a, b) => (a.id < b.id ? -1 : 1));
  const displace: Frame[] = [];
  for (const u of fromTop) {
    const [x, y] = parseKey(u.at!);
    const to = cellKey(x, y, level);
    const from = u.at!;
    u.at = null;
    if (after.cells[to] && !unitAt(s).get(to)) { u.at = to; say(ev, 'displaced', { unit: u.id, to }); continue; }
    if (!freeNear(s, after, x, y, level).length) { down(s, u, ev); continue; }
    displace.push({ t: 'displace', seat: reactingSeat(s, u), unit: u.id, from });
  }
  for (const mk of s.explosions?.placed ?? []) { const [x, y, z] = parseKey(mk.at); if (z === top && before.cells[mk.at]?.tile === tile) mk.at = cellKey(x, y, level); }
  for (const o of s.oms) { const [x, y, z] = parseKey(o.at); if (z === top && before.cells[o.at]?.tile === tile) o.at = cellKey(x, y, level); }
  // Step 7: a building completely destroyed keeps only the markers on Explosive spaces.
  if (level <= 1) {
    const off = (s.explosions?.placed ?? []).filter((mk) => after.cells[mk.at]?.tile === tile && !after.cells[mk.at]?.explosive);
    returnToPile(s, off);
  }
  // Step 5: 4 red d12 against each unit on the Destroyed Level, once the displaced have landed (stack: displacements on top).
  const hit = Object.values(s.units).filter((u) => u.at && after.cells[u.at]?.destroyed && after.cells[u.at].tile === tile).map((u) => u.id);
  const victims = [...new Set([...hit, ...fromTop.map((u) => u.id)])].sort();
  s.stack.push({ t: 'explosion', id: s.nextId++, seat: 0, marker: 0, centre: '', dice: ['red', 'red', 'red', 'red'], targets: victims.map((id) => ({ unit: id, centre: false })), i: 0, stage: 'roll', hits: 0, pushes: 0, collapse: tile });
  s.stack.push(...displace.reverse());
}

/**
 * A building completely destroyed at once (the Dark Matter Bomb, spec 7.15 [P]): the collapse
 * steps down to Level 1 with no collapse damage; markers and OMs above come down to Level 1,
 * and only the markers on Explosive spaces stay (step 7). Units are handled by the caller.
 */
export function destroyBuilding(s: S, tile: number, ev: Ev): void {
  if (topLevel(s, tile) <= 1) return;
  const before = map(s);
  const gone = buildingMarkers(s, tile);
  s.collapsed = { ...(s.collapsed ?? {}), [tile]: 1 };
  const after = map(s);
  liftLostLocks(s, ev);
  for (const mk of s.explosions?.placed ?? []) { const [x, y, z] = parseKey(mk.at); if (z > 1 && before.cells[mk.at]?.tile === tile) mk.at = cellKey(x, y, 1); }
  for (const o of s.oms) { const [x, y, z] = parseKey(o.at); if (z > 1 && before.cells[o.at]?.tile === tile) o.at = cellKey(x, y, 1); }
  returnToPile(s, (s.explosions?.placed ?? []).filter((mk) => after.cells[mk.at]?.tile === tile && !after.cells[mk.at]?.explosive));
  say(ev, 'building_destroyed', { tile: CONTENT.missions[s.mission].compiled.tiles[tile].tile, removed: gone.map((x) => x.marker) });
  dropVehicles(s, ev);
}

/** Free spaces on Level z next to (x, y), widening the ring until one is found. */
function freeNear(s: S, m: CompiledMap, x: number, y: number, z: number): string[] {
  const occ = unitAt(s);
  for (let r = 1; r < Math.max(m.width, m.height); r++) {
    const out: string[] = [];
    for (let dx = -r; dx <= r; dx++) for (let dy = -r; dy <= r; dy++) {
      if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
      const k = cellKey(x + dx, y + dy, z);
      if (m.cells[k] && !occ.get(k) && !floor(m, x + dx, y + dy, z + 1)) out.push(k);
    }
    if (out.length) return out.sort();
  }
  return [];
}

/** Where a displaced unit may go: free spaces next to its (x, y) on the Destroyed Level (A-23: its owner chooses). */
export function displaceOptions(s: S, f: Extract<Frame, { t: 'displace' }>): string[] {
  const [x, y, z] = parseKey(f.from);
  return freeNear(s, map(s), x, y, z - 1);
}

export function applyDisplace(s: S, f: Extract<Frame, { t: 'displace' }>, to: string, ev: Ev): void {
  s.stack.splice(s.stack.indexOf(f), 1);
  s.units[f.unit].at = to;
  say(ev, 'displaced', { unit: f.unit, to });
}

/** Step 6: while the damage is still 7 or more, the next Level collapses. */
function afterCollapseDamage(s: S, tile: number, ev: Ev): void { checkCollapse(s, tile, ev); }
