// Checklist item #65 (module Mines, §7.15, source p.33-34) on the moves nobody's order makes: "Any
// unit that approaches to within 4" of a mine must temporarily halt their movement and resolve
// their encounter with the mine" — any movement, so the automatic fall back after a close assault
// (§6.10 step 8), a Lull's automatic withdrawal and a withdrawal along a player's own path (§7.14)
// meet the markers too: 1D6, 5+ passes (Engineer +2); a dummy is removed; a real field halts the
// unit where it came within 4" and attacks (an anti-vehicle one on a vehicle's bottom armour). The
// record stays its owner's secret until a real field is revealed. Personality Lucky (§2.7): the
// mover may re-roll its save or defence die against the mine; a close assault's order resumes at
// the fall backs still to make (the assault not run again), a Lull goes on with its next
// withdrawal, the move not made again. Hand-built positions; dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, hold, row, squad, unitOf, vehicleScene } from './helpers.js';
import { eventsFor } from '../../../src/engine/kernel.js';
import type { GameEvent } from '../../../src/engine/types.js';
import { circlePolygonDistance, dist, type Pt } from '../../../src/engine/mech/geom2d.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import { buildVehicle, hull } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { living, type Action, type Minefield, type S } from '../../../src/games/fast-and-dirty/state.js';

const checks = (events: GameEvent[]) => evOf(events, 'dice_rolled').filter((d) => d.purpose === 'mine_check').map((d) => d.minefield);
const lucky = (die: number | null): Action => ({ type: 'lucky', die });

/** Side `owner`'s field: marker 2 at `at`, marker 1 far off; `real` names the real one. */
const field = (owner: 0 | 1, at: Pt, real: 1 | 2, mine: 'ap' | 'av' = 'ap'): Minefield => ({ id: 'M1', owner, markers: [{ n: 1, at: [300, 4500] }, { n: 2, at }], real, mine, revealed: false });

/** The other seat sees no unrevealed record (§8.1): its view of M1, and the log both seats read. */
function secret(s: S, events: GameEvent[], seat: 0 | 1): void {
  const m = fastAndDirty.view(s, seat).minefields.find((x: { id: string }) => x.id === 'M1');
  assert.ok(m && m.real === null && m.mine === null, `seat ${seat} does not see the record`);
  assert.ok(!JSON.stringify(eventsFor(events, seat, false)).includes('"real"'), `seat ${seat}'s log names no real marker`);
}

/** Side 1's unrevealed M2: its record in its owner's view only. */
function secretM2(s: S): void {
  const of = (seat: 0 | 1) => fastAndDirty.view(s, seat).minefields.find((m: { id: string }) => m.id === 'M2')!;
  assert.deepEqual([of(0).real, of(0).mine, of(1).real, of(1).mine], [null, null, 2, 'ap']);
}

/** A Regular squad of `n` assault rifles, its last trooper Lucky. */
const luckySquad = (n = 3): UnitSpec => ({
  name: 'Lucky', quality: 'regular', resolve: 'steady',
  figures: [{ weapon: 'assaultRifle', armour: 'light', count: n - 1 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }],
});

// --- the close assault's fall back (§6.10 step 8) ---

/** Regular A1 (5) on y = 5" charges Conscript B1 (3) on y = 13" (assault.test.ts's melee); side 0's field: marker 2 at (7", 20"), on B1's survivor's way back (from (14.4", 13") 6" to (9.96", 17.04")). */
function melee(name: string, real: 1 | 2, spec: UnitSpec = squad('conscript', 3)): S {
  const s = craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 5), at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec, at: row(1000, 1300, 3) },
  ] });
  s.minefields = [field(0, [700, 2000], real)];
  return s;
}
const charge: Action = { type: 'assault', target: 'B1', moves: [0, 1, 2, 3, 4].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + i * 220, 1200] as Pt] })) };
/** No defensive hit; attacker 7 against 5: two kills on B1, one on A1; B1's survivor falls back 6" north. */
const won = [...faces(1, 1), ...faces(2, 1, 5, 1, 3, 3, 1, 1, 1, 5, 1, 1)];

test('#65 mines: a unit falling back after losing a close assault meets a mine on the way: a dummy is removed and it finishes its fall back; a real field halts it and attacks (§7.15, §6.10 step 8)', () => {
  const free = act(melee('fb-none', 1), charge, won);
  const end = living(unitOf(free.s, 'B1'))[0].at;
  // The dummy (marker 2): the check 1 fails, the marker goes, the fall back ends where it would.
  const d = act(melee('fb-dummy', 1), charge, [...won, ...faces(1)]);
  assert.deepEqual(checks(d.events), ['M1']);
  assert.deepEqual(evOf(d.events, 'mine_dummy'), [{ unit: 'B1', minefield: 'M1', marker: 2 }]);
  assert.deepEqual(living(unitOf(d.s, 'B1'))[0].at, end);
  secret(d.s, d.events, 1);
  // Passed (5+): nothing more.
  const p = act(melee('fb-pass', 2), charge, [...won, ...faces(5)]);
  assert.deepEqual(evOf(p.events, 'mine_passed').length, 1);
  assert.deepEqual(living(unitOf(p.s, 'B1'))[0].at, end);
  secret(p.s, p.events, 1);
  // Engineer: +2, so a 3 passes (§2.6).
  const eng = act(melee('fb-eng', 2, { ...squad('conscript', 3), traits: ['engineer'] }), charge, [...won, ...faces(3)]);
  assert.deepEqual(evOf(eng.events, 'mine_passed'), [{ unit: 'B1', minefield: 'M1', marker: 2 }]);
  assert.deepEqual(living(unitOf(eng.s, 'B1'))[0].at, end);
  // The real field: halted where it came within 4" of the marker, then attacked (1D3 = 1 hit, attack 1 + 3 against defence 6 + 1).
  const r = act(melee('fb-real', 2), charge, [...won, ...faces(1, 2, 1, 6, 6)]);
  const halt = evOf(r.events, 'mine_halt');
  assert.equal(halt.length, 1);
  assert.equal(evOf(r.events, 'fell_back')[0].unit, 'B1');
  const at = Object.values(halt[0].at as Record<string, Pt>)[0];
  assert.ok(at[1] < end[1], 'short of the full fall back');
  assert.ok(dist(at, [700, 2000]) - unitOf(r.s, 'B1').figures[2].r <= 400, 'within 4" of the marker');
  assert.deepEqual(evOf(r.events, 'damage').at(-1), { figure: 'B1.3', attack: 4, defence: 7, killed: false }, 'attacked there');
  assert.equal(fastAndDirty.view(r.s, 1).minefields[0].real, 2, 'revealed: the record is public now');
});

/** The action, then every Lucky window kept (answered null) up to one on `stopAt`, the scripted dice shared in order across the answers. */
function keepAll(s0: S, a: Action, dice: number[], stopAt?: string): { s: S; events: GameEvent[]; windows: Record<string, any>[] } {
  let left = [...dice];
  const events: GameEvent[] = [];
  let r = act(s0, a, left);
  for (let i = 0; ; i++) {
    events.push(...r.events);
    const used = evOf(r.events, 'dice_rolled').reduce((n, d) => n + (d.faces as number[]).length, 0);
    left = left.slice(used);
    if (r.s.phase !== 'lucky' || i > 20 || (stopAt && evOf(r.events, 'lucky_window').at(-1)?.test === stopAt)) break;
    r = act(r.s, lucky(null), left);
  }
  return { s: r.s, events, windows: evOf(events, 'lucky_window') };
}

test('#72 Lucky, a close assault fall back through mines: the falling-back unit\'s defence die against the mine may be re-rolled; the order resumes at the fall backs still to make, the assault not run again (§2.7, §7.15, §6.10)', () => {
  const spec: UnitSpec = { name: 'Lucky', quality: 'conscript', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }] };
  // The real field: check 1; 1D3 = 1 hit on B1.3 (the Lucky survivor): attack 1 + 3 against defence 1 + 1.
  const r = keepAll(melee('fb-lucky', 2, spec), charge, [...won, ...faces(1, 2, 1, 1)], 'defence');
  assert.deepEqual(r.windows.map((w) => w.test), ['fire', 'kill', 'defence'], 'the defensive shot\'s, the kill dice\'s, then the mine\'s');
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.exposes], ['lucky', 1, { unit: 'B1', test: 'defence', faces: [1], target: null, figure: 'B1.3', attack: 4, defence: 2 }]);
  assert.deepEqual(evOf(r.events, 'mine_halt').at(-1)!.at, { 'B1.3': [1018, 1684] });
  assert.equal(evOf(r.events, 'damage').filter((x) => x.figure === 'B1.3').length, 0, 'nothing of the hit applied yet');
  assert.equal(unitOf(r.s, 'A1').activated, false, 'the order waits');
  // Re-rolled to a 6: defence 6 + 1 = 7 against 4, unhurt; nothing run again; the order ends.
  const re = act(r.s, lucky(0), faces(6));
  assert.deepEqual(evOf(re.events, 'damage'), [{ figure: 'B1.3', attack: 4, defence: 7, killed: false }]);
  for (const ty of ['fell_back', 'assault_result', 'assault_kills', 'mine_check']) assert.equal(evOf(re.events, ty).length, 0, `no ${ty} again`);
  assert.equal(evOf(re.events, 'dice_rolled').length, 1, 'the re-roll only');
  assert.deepEqual(living(unitOf(re.s, 'B1')).map((f) => f.at), [[1018, 1684]]);
  assert.equal(unitOf(re.s, 'B1').luckyUsed, true);
  assert.equal(unitOf(re.s, 'A1').activated, true);
  assert.equal(re.s.luckyOrder, null);
  // Kept: killed.
  const k = act(r.s, lucky(null));
  assert.deepEqual(evOf(k.events, 'damage'), [{ figure: 'B1.3', attack: 4, defence: 2, killed: true }]);
});

test('#72 Lucky, a draw\'s two fall backs: a window on the attacker\'s mine dice, then the defender still falls back (§2.7, §7.15, §6.10 step 8)', () => {
  // assault.test.ts's draw (1 + 5 = 6 against 6), A1 Lucky; side 1's real field at (21", 8.5"): A1's
  // charge passes it (5), then A1's 3" fall back (east-south-east, away from B1's survivors) meets it again.
  const s = craft({ name: 'fb-draw', active: 'A1', units: [
    { id: 'A1', side: 0, spec: { ...luckySquad(5), quality: 'regular' }, at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: squad('conscript', 3), at: row(1000, 1300, 3) },
  ] });
  s.minefields = [field(1, [2100, 850], 2)];
  const r = keepAll(s, charge, [...faces(1, 1, 5), ...faces(1, 1, 6, 1, 4, 1, 1, 1, 1, 4, 4, 1), ...faces(1, 2, 1, 1)], 'defence');
  assert.deepEqual(r.windows.map((w) => w.test), ['assault', 'kill', 'defence']);
  assert.deepEqual(evOf(r.events, 'fell_back').map((e) => e.unit), ['A1'], 'the defender\'s fall back waits');
  assert.deepEqual(evOf(r.events, 'mine_halt').at(-1)!.at, { 'A1.3': [1450, 1197], 'A1.4': [1670, 1197], 'A1.5': [1890, 1197] });
  const re = act(r.s, lucky(0), faces(6));
  assert.deepEqual(evOf(re.events, 'damage'), [{ figure: 'A1.5', attack: 4, defence: 7, killed: false }]);
  assert.deepEqual(evOf(re.events, 'fell_back'), [{ unit: 'B1', distance: 300 }], 'then B1 falls back, A1 not again');
  assert.equal(evOf(re.events, 'assault_kills').length, 0);
  assert.equal(unitOf(re.s, 'A1').activated, true);
  assert.equal(re.s.luckyOrder, null);
});

// --- the Lull's withdrawals (§7.14) ---

/**
 * Turn 1 ends when A1 holds; initiative 1 1 brings the lull, side 0 (the last winner) first. A1
 * (Lucky, 3 at y 13" from x 18") must withdraw from B1 10" north: its automatic withdrawal goes
 * south; side 1's field has marker 2 at (20", 7"). A2 (2, at y 10" from x 40"), 20" from B1, may
 * withdraw; side 1's second field M2 has one marker, a dummy, at (49", 10"), 5" east of A2.
 */
function lull(name: string, real: 1 | 2, mine: 'ap' | 'av' = 'ap'): S {
  const s = craft({ name, active: 'A1', options: { lull: true }, units: [
    { id: 'A1', side: 0, spec: luckySquad(3), at: row(1800, 1300, 3) },
    { id: 'A2', side: 0, spec: squad('regular', 2), at: row(4000, 1000, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 1), at: [[2000, 2300]] },
  ] });
  unitOf(s, 'A2').activated = true;
  unitOf(s, 'B1').activated = true;
  s.initiative = { winner: 0, rolls: [5, 2] };
  s.minefields = [field(1, [2000, 700], real, mine), { id: 'M2', owner: 1, markers: [{ n: 1, at: [4900, 1000] }], real: 2, mine: 'ap', revealed: false }];
  return s;
}

/** A1's figures 6" straight south, to y 7.5". */
const south = [0, 1, 2].map((i) => ({ fig: `A1.${i + 1}`, path: [[1800 + i * 220, 750]] as Pt[] }));
/** Where A1 halts at the real marker: the automatic withdrawal's path leans a little east (away from B1's centre). */
const halted = (moves: unknown[]) => (moves.length ? { 'A1.1': [1800, 1150], 'A1.2': [2020, 1150], 'A1.3': [2240, 1150] } : { 'A1.1': [1803, 1140], 'A1.2': [2023, 1140], 'A1.3': [2243, 1140] });

test('#65 #69 mines: a compulsory Lull withdrawal, automatic or along the player\'s path, meets a mine: dummy removed, 5+ passes, a real field halts and attacks; the record stays secret until revealed (§7.15, §7.14)', () => {
  for (const moves of [[], south]) {
    const w: Action = { type: 'withdraw', unit: 'A1', moves };
    const l = act(lull(`lw-${moves.length}`, 1), hold, faces(1, 1));
    assert.deepEqual(decision(l.s).exposes, { must: ['A1'], may: ['A2'] });
    // The dummy: removed, the withdrawal ends where it would; then side 1's turn (B1 must withdraw).
    const d = act(l.s, w, faces(1));
    assert.deepEqual(checks(d.events), ['M1']);
    assert.deepEqual(evOf(d.events, 'mine_dummy'), [{ unit: 'A1', minefield: 'M1', marker: 2 }]);
    const y = unitOf(d.s, 'A1').figures[0].at[1];
    assert.ok(y <= 750, `withdrew past the marker (${y})`);
    assert.deepEqual([decision(d.s).kind, decision(d.s).seat], ['withdraw', 1]);
    secret(d.s, d.events, 0);
    // Passed: the same.
    const p = act(l.s, w, faces(5));
    assert.equal(evOf(p.events, 'mine_passed').length, 1);
    assert.equal(unitOf(p.s, 'A1').figures[0].at[1], y);
    secret(p.s, p.events, 0);
  }
  // The real field: halted where it came within 4" (each figure where its path first came within 4"), attacked there.
  for (const moves of [[], south]) {
    const l = act(lull(`lw-real-${moves.length}`, 2), hold, faces(1, 1));
    unitOf(l.s, 'A1').luckyUsed = true;
    const r = act(l.s, { type: 'withdraw', unit: 'A1', moves }, faces(1, 2, 1, 1));
    assert.deepEqual(evOf(r.events, 'mine_halt'), [{ unit: 'A1', minefield: 'M1', marker: 2, at: halted(moves) }]);
    assert.deepEqual(evOf(r.events, 'damage'), [{ figure: 'A1.2', attack: 4, defence: 2, killed: true }]);
    assert.deepEqual([decision(r.s).kind, decision(r.s).seat], ['withdraw', 1], 'the lull goes on');
    assert.equal(fastAndDirty.view(r.s, 0).minefields[0].real, 2, 'revealed');
  }
});

test('#72 Lucky, a Lull withdrawal through mines: the mover\'s defence die against the mine may be re-rolled; the lull goes on after the answer, the withdrawal not made again (§2.7, §7.14, §7.15)', () => {
  for (const moves of [[], south]) {
    const l = act(lull(`lw-lucky-${moves.length}`, 2), hold, faces(1, 1));
    const r = act(l.s, { type: 'withdraw', unit: 'A1', moves }, faces(1, 2, 1, 1));
    const d = decision(r.s);
    assert.deepEqual([d.kind, d.seat], ['lucky', 0]);
    assert.deepEqual(d.exposes, { unit: 'A1', test: 'defence', faces: [1], target: null, figure: 'A1.2', attack: 4, defence: 2 });
    assert.equal(evOf(r.events, 'damage').length, 0, 'nothing of the hit applied yet');
    assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null));
    const re = act(r.s, lucky(0), faces(6));
    // The field is revealed: the window, the dice and the re-roll are public, both seats read the same (§8.1).
    for (const x of [r, re]) {
      assert.ok(x.events.every((e) => e.to === 'all'));
      assert.deepEqual(eventsFor(x.events, 1, false), eventsFor(x.events, 0, false));
      // Apart from M2, side 1's unrevealed field, which only its owner reads.
      const bare = (seat: 0 | 1) => { const v = fastAndDirty.view(x.s, seat); return { ...v, minefields: v.minefields.filter((m: { id: string }) => m.id !== 'M2') }; };
      assert.deepEqual(bare(1), bare(0));
      secretM2(x.s);
    }
    assert.deepEqual(evOf(re.events, 'damage'), [{ figure: 'A1.2', attack: 4, defence: 7, killed: false }]);
    assert.equal(evOf(re.events, 'fell_back').length + evOf(re.events, 'withdrew').length + evOf(re.events, 'mine_check').length, 0, 'neither the move nor the encounter again');
    assert.deepEqual(unitOf(re.s, 'A1').figures.map((f) => f.at), Object.values(halted(moves)));
    assert.equal(unitOf(re.s, 'A1').luckyUsed, true);
    assert.equal(re.s.phase, 'lull');
    assert.deepEqual([decision(re.s).kind, decision(re.s).seat, decision(re.s).exposes], ['withdraw', 1, { must: ['B1'], may: [] }]);
    // Kept: killed, and the lull goes on the same way.
    const k = act(r.s, lucky(null));
    assert.deepEqual(evOf(k.events, 'damage'), [{ figure: 'A1.2', attack: 4, defence: 2, killed: true }]);
    assert.deepEqual([decision(k.s).kind, decision(k.s).seat], ['withdraw', 1]);
  }
});

test('#65 #69 mines: an optional Lull withdrawal meets a mine too, automatic or along the player\'s path (§7.15, §7.14)', () => {
  const l = act(lull('lw-opt', 1), hold, faces(1, 1));
  // A1 withdraws along its path (the dummy M1 2 removed), B1 automatically north, then A2 may.
  const a = act(l.s, { type: 'withdraw', unit: 'A1', moves: south }, faces(1));
  const b = act(a.s, { type: 'withdraw', unit: 'B1', moves: [] });
  assert.deepEqual(decision(b.s).exposes, { must: [], may: ['A2'] });
  // A2 east 5": within 4" of M2's marker (a dummy): removed.
  const east: Action = { type: 'withdraw', unit: 'A2', moves: [0, 1].map((i) => ({ fig: `A2.${i + 1}`, path: [[4500 + i * 220, 1000]] as Pt[] })) };
  const e = act(b.s, east, faces(2));
  assert.deepEqual(checks(e.events), ['M2']);
  assert.deepEqual(evOf(e.events, 'mine_dummy'), [{ unit: 'A2', minefield: 'M2', marker: 1 }]);
  secret(e.s, e.events, 0);
  // Its automatic withdrawal away from B1 (south-east), past a real field there: halted and attacked.
  const f = structuredClone(b.s);
  f.minefields[1] = { id: 'M2', owner: 1, markers: [{ n: 1, at: [4700, 500] }], real: 1, mine: 'ap', revealed: false };
  const g = act(f, { type: 'withdraw', unit: 'A2', moves: [] }, faces(1, 2, 1, 1));
  assert.deepEqual(checks(g.events), ['M2']);
  assert.equal(evOf(g.events, 'mine_halt').length, 1);
  assert.equal(evOf(g.events, 'damage').length, 1);
});

test('#65 #69 mines: a vehicle\'s automatic Lull withdrawal meets an anti-vehicle field: halted where its hull came within 4" (its heading kept), 1D3 hits at AT +6 on the bottom armour (§7.15, §7.14)', () => {
  const s = craft({ name: 'lw-tank', active: 'A1', options: { lull: true }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 1), at: [[4500, 4500]] },
    { id: 'B1', side: 1, spec: squad('regular', 1), at: [[2000, 2300]] },
  ] });
  // Light tank T at (20", 13") heading north, 10" south of B1: it withdraws 6" south, backwards; side 1's real AV marker at (23", 5").
  const t = buildVehicle({ name: 'T', vehicle: 'lightTank', quality: 'regular' }, 'T', 0, [2000, 1300]);
  t.vehicle!.heading = 0;
  t.activated = true;
  s.units.push(t);
  unitOf(s, 'B1').activated = true;
  s.initiative = { winner: 0, rolls: [5, 2] };
  s.minefields = [field(1, [2300, 500], 2, 'av')];
  const l = act(s, hold, faces(1, 1));
  assert.deepEqual(decision(l.s).exposes, { must: ['T'], may: ['A1'] });
  // Check 1: the real field; 1D3 = 2 hits; penetration 6 + 6 = 12 against the bottom armour; results 6 6.
  const r = act(l.s, { type: 'withdraw', unit: 'T', moves: [] }, faces(1, 3, 6, 6, 6));
  assert.deepEqual(evOf(r.events, 'mine_halt'), [{ unit: 'T', minefield: 'M1', marker: 2, at: [2000, 1100], heading: 0 }]);
  const u = unitOf(r.s, 'T');
  assert.ok(circlePolygonDistance([2300, 500], 0, hull(u)) <= 400);
  assert.ok(circlePolygonDistance([2300, 500], 0, hull(u, [2000, 1150], 0)) > 400, 'not 0.5" earlier');
  assert.deepEqual(evOf(r.events, 'mine_attack'), [{ unit: 'T', minefield: 'M1', hits: 2, at: 6 }]);
  assert.equal(evOf(r.events, 'penetration')[0].facing, 'bottom');
  // Passed (5+): the full withdrawal, heading kept.
  const p = act(l.s, { type: 'withdraw', unit: 'T', moves: [] }, faces(5));
  assert.deepEqual([unitOf(p.s, 'T').figures[0].at, unitOf(p.s, 'T').vehicle!.heading], [[2000, 700], 0]);
  secret(p.s, p.events, 0);
});
