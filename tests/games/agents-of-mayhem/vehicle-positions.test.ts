// The analysis position format (position.ts) with player vehicles (#73-#77): Vehicle tiles on the
// map (front space, facing, Wounds, this Turn's driving) or destroyed, the units riding them (a
// unit on a vehicle's space), the order the tiles came onto the map and this Turn's Rams
// round-trip through export and import; impossible placements are refused with codes of their own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { randomPlayout } from '../../../src/engine/playout.js';
import { localRng } from '../../../src/engine/rng.js';
import { isViolation, type GameEvent, type Violation } from '../../../src/engine/types.js';
import { back, step, terrainCost } from '../../../src/games/agents-of-mayhem/geometry.js';
import { VEHICLES } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';
import { agentsPosition } from '../../../src/games/agents-of-mayhem/position.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import type { Action, S } from '../../../src/games/agents-of-mayhem/state.js';
import { atActivation, fresh, positionRoundTrip, rs, seats } from './helpers.js';

type Pos = Record<string, any>; // a position as JSON, mutated freely by the refusal cases
const toPos = (s: S) => agentsPosition.toPosition(s) as Pos;
const fromPos = (p: Pos, mission: string) => agentsPosition.fromPosition(structuredClone(p), fresh(mission)) as S;
const code = (p: Pos, mission: string) => (agentsPosition.fromPosition(structuredClone(p), fresh(mission)) as Violation).code;

/** `n` entries from `s`, choices and dice from seeded streams: the events of each entry, and the positions reached. */
function playOn(s0: S, seed: string, n: number): { events: GameEvent[][]; positions: unknown[] } {
  let s = structuredClone(s0);
  const pick = localRng(`pick-${seed}`);
  const events: GameEvent[][] = []; const positions: unknown[] = [];
  for (let i = 0; i < n && !rs.result(s); i++) {
    const d = rs.pending(s).find((x) => x.blocking) ?? rs.pending(s)[0];
    const { actions } = rs.candidates(s, d.seat, d, 64, pick);
    const a = (actions.length ? actions[pick.int(actions.length)] : rs.defaultAction!(s, d)) as Action;
    const r = rs.apply(s, { kind: 'answer', seat: d.seat, decision: 'x', action: a }, { seq: i + 1, rng: localRng(`dice-${seed}-${i}`) });
    if (isViolation(r)) throw new Error(`${r.code}: ${r.message}`);
    s = r.state; events.push(r.events);
    if (s.phase === 'activate' && !s.stack.length && !s.result) positions.push(agentsPosition.toPosition(s));
  }
  return { events, positions };
}

test('#73 positions with player vehicles: played Mission 2 positions with a summoned vehicle (riders, Driven) export, import to the same vehicles, and play on identically', () => {
  let tried = 0; let ridden = 0; let driven = 0;
  for (const seed of ['a', 'b']) {
    let here = 0;
    randomPlayout(rs, {
      scenario: 'M2', seats: seats(2), seed: `vp-${seed}`, maxEntries: 6000, hashChain: false,
      onEntry: (k) => {
        const s = k.s as S;
        if (!s.vehicles?.some((v) => v.side !== null) || s.phase !== 'activate' || s.stack.length || s.result) return;
        const p = agentsPosition.toPosition(s);
        if (isViolation(p)) return; // beyond the format for other reasons (timers, explosions, Ally damage)
        const q = p as Pos;
        assert.ok(Object.keys(q.vehicles).length > 0, 'the summoned vehicle is in the position');
        const back2 = fromPos(q, 'M2');
        assert.ok(!isViolation(back2), (back2 as unknown as Violation).message);
        assert.deepEqual(back2.vehicles, s.vehicles, 'the same vehicles and drones, in the same order');
        assert.deepEqual(toPos(back2), q, 'export, import, export: the same position');
        for (const v of s.vehicles!.filter((x) => x.side !== null && !x.destroyed)) {
          if (Object.values(s.units).some((u) => u.at === v.front || u.at === v.back)) ridden++;
          if (v.driven) driven++;
        }
        // Play on from both for a while: the same events, the same positions.
        if (here++ < 4) {
          tried++;
          const [a, b] = [playOn(s, `${seed}${here}`, 120), playOn(back2, `${seed}${here}`, 120)];
          assert.deepEqual(b.events, a.events, `seed ${seed}: the imported position plays on as the game`);
          assert.deepEqual(b.positions, a.positions);
        }
      },
    });
  }
  assert.ok(tried >= 4, `${tried} positions played on`);
  assert.ok(ridden > 0 && driven > 0, `vehicles ridden (${ridden}) and Driven (${driven}) in the positions`);
});

test('#73 positions with player vehicles: Mission 7\'s set-up vehicles (the car Driven with Hollywood on it) round-trip; a position without `vehicles` gets the mission\'s set-up', () => {
  const s = fresh('M7');
  const p = toPos(s);
  assert.ok(!isViolation(p), (p as unknown as Violation).message);
  assert.deepEqual(p.vehicles, {
    'mayhem-car': { front: '1,6,1', facing: 'E', wounds: 0, driven: true, used: 0, backwards: false, since: null },
    'legion-apc': { front: '22,3,1', facing: 'N', wounds: 0, driven: false, used: 0, backwards: false, since: null },
  });
  assert.deepEqual(p.order, ['mayhem-car', 'legion-apc', 'drone-3']);
  assert.deepEqual(fromPos(p, 'M7').vehicles, s.vehicles);
  const old = structuredClone(p); delete old.vehicles; delete old.order;
  assert.deepEqual(fromPos(old, 'M7').vehicles, s.vehicles);
  // Driven by default as at the Turn's start: a unit of its Side on it in its Side's Turn.
  const q = structuredClone(p); delete q.vehicles['mayhem-car'].driven; delete q.vehicles['legion-apc'].driven;
  assert.deepEqual(fromPos(q, 'M7').vehicles!.map((v) => v.driven), [true, false, false]);
  // A vehicle destroyed earlier in the mission stays out (its tile is not summoned again).
  const gone = structuredClone(p); gone.vehicles['legion-apc'] = { destroyed: true };
  const g = fromPos(gone, 'M7');
  assert.equal(g.vehicles!.find((v) => v.id === 'legion-apc')!.destroyed, true);
  assert.deepEqual(toPos(g).vehicles['legion-apc'], { front: '', facing: 'N', wounds: VEHICLES['legion-apc'].strength, destroyed: true });
  // The order the tiles came onto the map; this Turn's Rams by a player vehicle name the unit.
  const o = structuredClone(p); o.order = ['drone-3', 'mayhem-car']; o.rammed = ['babylon'];
  const r = fromPos(o, 'M7');
  assert.deepEqual(r.vehicles!.map((v) => v.id), ['drone-3', 'mayhem-car', 'legion-apc']);
  assert.deepEqual(r.rammed, { turn: 1, units: ['babylon'] });
});

test('#73 positions with player vehicles: impossible placements are refused with a code naming each', () => {
  const good = toPos(fresh('M7'));
  const bad = (mutate: (p: Pos) => void, mission = 'M7') => { const p = structuredClone(good); mutate(p); return code(p, mission); };
  const car = (p: Pos) => p.vehicles['mayhem-car'];
  assert.equal(bad((p) => { p.vehicles['drone-1'] = { front: '2,5,1', facing: 'N' }; }), 'unknown_vehicle', 'a drone is no player vehicle');
  assert.equal(bad((p) => { p.vehicles.tank = { front: '2,5,1', facing: 'N' }; }), 'unknown_vehicle');
  assert.equal(bad((p) => { delete car(p).facing; }), 'bad_vehicle');
  assert.equal(bad((p) => { car(p).front = '30,30,1'; }), 'vehicle_off_map');
  assert.equal(bad((p) => { car(p).front = '0,6,1'; }), 'vehicle_off_map', 'facing E, its back beyond the west edge (x -1)');
  // Half on a Level: its front on a roof, its back beyond the roof's edge (no space of that Level there).
  const m = CONTENT.missions.M7.compiled;
  const edge = Object.keys(m.cells).filter((k) => k.endsWith(',3')).flatMap((k) => (['N', 'E', 'S', 'W'] as const).map((f) => ({ k, f }))).find(({ k, f }) => !m.cells[step(k, back(f))]);
  assert.ok(edge, 'a roof on Level 3');
  assert.equal(bad((p) => { car(p).front = edge!.k; car(p).facing = edge!.f; }), 'vehicle_off_map', `${edge!.k} facing ${edge!.f}: its back off the roof`);
  // Two spaces with a wall between them on one Level.
  const walled = Object.keys(m.cells).flatMap((k) => (['N', 'E', 'S', 'W'] as const).map((f) => ({ k, f }))).find(({ k, f }) => {
    const b = step(k, back(f)); const [x, y, z] = k.split(',').map(Number); const [bx, by] = b.split(',').map(Number);
    return m.cells[b] && terrainCost(m, z, bx, by, x, y) === Infinity;
  });
  assert.ok(walled, 'the map has a wall between two spaces');
  assert.equal(bad((p) => { car(p).front = walled!.k; car(p).facing = walled!.f; }), 'vehicle_split');
  assert.equal(bad((p) => { p.vehicles['legion-apc'] = { ...car(p) }; }), 'vehicle_overlap', 'two vehicles on one space');
  assert.equal(bad((p) => { car(p).wounds = 4; }), 'over_strength');
  assert.equal(bad((p) => { p.vehicles['legion-apc'].driven = true; }), 'bad_vehicle_turn', 'LEGION\'s vehicle Driven in MAYHEM\'s Turn');
  assert.equal(bad((p) => { car(p).driven = false; car(p).used = 2; }), 'bad_vehicle_turn', 'moved without being Driven');
  assert.equal(bad((p) => { car(p).used = 4; car(p).backwards = true; }), 'bad_vehicle_turn', 'over the Speed of 3 after moving backwards');
  assert.equal(bad((p) => { car(p).front = '21,5,1'; car(p).facing = 'E'; }), 'vehicle_overlap', 'a drone on its space');
  assert.equal(bad((p) => { p.order = ['mayhem-car', 'mayhem-car']; }), 'bad_order');
  assert.equal(bad((p) => { p.order = ['drone-1']; }), 'bad_order', 'drone-1 is in the supply');
  assert.equal(bad((p) => { p.rammed = ['nobody']; }), 'bad_rammed');
  // A DDD's space (Mission 5's Hell Tower on 7-8,6-7).
  const m5 = toPos(fresh('M5'));
  assert.ok(!isViolation(m5));
  assert.equal(code({ ...m5, vehicles: { 'mayhem-car': { front: '7,6,1', facing: 'E' } } }, 'M5'), 'vehicle_overlap');
  assert.equal(code({ ...m5, vehicles: { 'mayhem-car': { front: '6,5,1', facing: 'E' } } }, 'M5'), undefined, 'beside it: a good position');
  // Mission 1 (Basic) has no Vehicle tiles.
  assert.equal(code({ ...toPos(fresh('M1')), vehicles: {} }, 'M1'), 'no_vehicles');
});

test('#73 #82 positions with player vehicles, 3 and 4 players (the Sides\' boards shared out): played Mission 2 positions with a summoned vehicle round-trip; every seat sees the import as the game; no seat\'s view or position depends on what it may not see', () => {
  for (const n of [3, 4]) {
    let checked = 0; let secrets = 0;
    for (const seed of ['a', 'b', 'c']) {
      let here = 0;
      randomPlayout(rs, {
        scenario: 'M2', seats: seats(n), seed: `vp${n}-${seed}`, maxEntries: 4000, hashChain: false,
        onEntry: (k) => {
          const s = k.s as S;
          if (here >= 6 || !s.vehicles?.some((v) => v.side !== null && !v.destroyed) || !atActivation(s)) return;
          if (isViolation(agentsPosition.toPosition(s))) return; // beyond the format for other reasons (timers, explosions, Ally damage)
          here++; checked++;
          secrets += positionRoundTrip(s);
        },
      });
    }
    assert.ok(checked >= 4, `${n} players: ${checked} positions with a vehicle checked`);
    assert.ok(secrets > 0, `${n} players: some seat had a secret to be kept from`);
  }
});
