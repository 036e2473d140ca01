// Checklist item #39 (characters, §2.8), the Cavalry branch: "Characters are also specialized by
// branch. They are classified as Infantry, Gunnery (for heavy weapons) and Cavalry (for armour)
// leaders. When a character is attached to a unit of the same branch, that unit may add the
// Leadership Rating of the character to any Close Assault or Fire Effect rolls" [S p.24-25], and
// "Characters may attach to and detach themselves from other units at will" [S p.24]. A vehicle's
// figure is its hull, so a Cavalry character joins a vehicle by boarding it as its commander [P]
// (ruleset 0.3.6): the transports' contact and getting out (§2.5), any friendly vehicle, no
// transport place taken, one per vehicle; the vehicle adds his Leadership to its Fire Effect rolls.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildVehicle } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { boardCandidates, embark } from '../../../src/games/fast-and-dirty/rules/transport.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Action, S } from '../../../src/games/fast-and-dirty/state.js';
import { act, evOf, fastAndDirty, faces, row, squad, tryAct, unitOf, vehicleScene } from './helpers.js';

const code = (r: unknown) => (r as { code?: string }).code ?? null;
const leader = (branch: UnitSpec['branch'], name = 'Maj. Reyes'): UnitSpec => ({
  name, kind: 'character', quality: 'regular', resolve: 'steady', leadership: 'inspiring', branch, figures: [{ weapon: 'assaultRifle', armour: 'light' }],
});

/** Side 0: light tank V at (2000, 1000) facing +y, character C1 beside its hull; side 1: squad B1 and light tank W ahead. */
function scene(name: string, branch: UnitSpec['branch'] = 'cavalry', active = 'C1', type = 'lightTank'): S {
  const v = buildVehicle({ name: 'V', vehicle: type, quality: 'regular' }, 'V', 0, [2000, 1000]);
  v.vehicle!.heading = 0;
  const w = buildVehicle({ name: 'W', vehicle: 'lightTank', quality: 'regular' }, 'W', 1, [3200, 2400]);
  w.vehicle!.heading = 18000;
  return vehicleScene(name, {
    squads: [
      { id: 'C1', side: 0, spec: leader(branch), at: [[2400, 1000]] },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1800, 2600, 3) },
    ],
    vehicles: [v, w], active,
  });
}

/** C1 boards V (the sampled boarding order). */
function boarded(name: string, type = 'lightTank'): S {
  const s = scene(name, 'cavalry', 'C1', type);
  const board = boardCandidates(s, unitOf(s, 'C1')).find((a) => (a as { board?: string }).board === 'V' && a.type === 'engage');
  assert.ok(board, 'a Cavalry character is offered to board the tank');
  const r = act(s, board);
  assert.equal(unitOf(r.s, 'C1').embarked, 'V');
  assert.equal(evOf(r.events, 'embarked')[0].transport, 'V');
  return r.s;
}

/** V's turn: stationary, its weapons at `targets` in order. */
function vFires(s: S, targets: string[]): Action {
  s.phase = 'order'; s.active = 'V'; s.toAct = 0;
  unitOf(s, 'V').activated = false;
  return { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: targets.map((t, i) => ({ weapon: i, target: t })) };
}

test('#39 §2.8 Cavalry (for armour): a Cavalry character joins a vehicle (boarding it as its commander, [P]) and the vehicle adds his Leadership Rating to its Fire Effect rolls, at a unit and at a vehicle', () => {
  const dice = faces(...Array(40).fill(3));
  const s = boarded('cav-fire');
  const withHim = act(s, vFires(s, ['W', 'B1']), dice);
  const shots = evOf(withHim.events, 'shot');
  assert.equal(shots.length, 2);
  for (const sh of shots) assert.equal(sh.mods.leadership, 2, `Inspiring +2 on the shot at ${sh.target}`);
  // The same shots without him: no bonus, the FE 2 lower.
  const bare = scene('cav-bare', 'cavalry', 'V');
  const without = evOf(act(bare, vFires(bare, ['W', 'B1']), dice).events, 'shot');
  for (const [i, sh] of without.entries()) {
    assert.equal(sh.mods.leadership, undefined);
    assert.equal(shots[i].fe, sh.fe + 2);
  }
});

test('#39 §2.8 Cavalry: only a Cavalry character joins armour; he takes no transport place, one per vehicle, and detaches by getting out in the vehicle\'s order (§2.5)', () => {
  const boardV = (s: S, fig: string): Action => {
    const a = boardCandidates(scene('cav-ref'), unitOf(scene('cav-ref'), 'C1'))[0] as Extract<Action, { type: 'engage' }>;
    return { ...a, moves: [{ fig, path: a.moves[0].path }], board: 'V' };
  };
  // An Infantry character does not board a tank (it attaches to squads), and gives a vehicle nothing.
  const inf = scene('cav-inf', 'infantry');
  assert.equal(boardCandidates(inf, unitOf(inf, 'C1')).length, 0);
  assert.equal(code(tryAct(inf, boardV(inf, 'C1.1'))), 'not_a_transport');
  // One commander per vehicle.
  const s = boarded('cav-one');
  const second = structuredClone(s);
  const c2 = structuredClone(unitOf(second, 'C1'));
  c2.id = 'C2'; c2.embarked = null; c2.figures = c2.figures.map((f) => ({ ...f, id: 'C2.1', at: [2400, 1000] as [number, number] }));
  second.units.push(c2);
  second.phase = 'order'; second.active = 'C2'; second.toAct = 0;
  assert.equal(code(tryAct(second, boardV(second, 'C2.1'))), 'has_character');
  // An APC full of infantry (10 places) still takes him: the commander takes no place.
  const apc = scene('cav-apc', 'cavalry', 'C1', 'apc');
  const rifles = vehicleScene('cav-apc-rifles', { squads: [{ id: 'A1', side: 0, spec: squad('regular', 10), at: row(300, 300, 10) }], vehicles: [], active: 'A1' }).units[0];
  apc.units.push(rifles);
  embark(apc, new Run(null), rifles, 'V');
  assert.ok(boardCandidates(apc, unitOf(apc, 'C1')).some((a) => (a as { board?: string }).board === 'V'), 'boards a full APC');
  assert.equal(code(tryAct(apc, boardCandidates(apc, unitOf(apc, 'C1')).find((a) => a.type === 'engage')!)), null);
  // Aboard he is not free to attach to a squad; he gets out in the vehicle's order (its whole activation, §2.5).
  const out = structuredClone(s);
  out.phase = 'order'; out.active = 'V'; out.toAct = 0;
  const drop = fastAndDirty.candidates(out, 0, fastAndDirty.pending(out)[0], 40, null as never).actions.find((a) => a.type === 'drive' && a.disembark?.unit === 'C1');
  assert.ok(drop, 'the vehicle\'s order may set him down');
  const r = act(out, drop);
  assert.equal(unitOf(r.s, 'C1').embarked, null);
  assert.equal(evOf(r.events, 'disembarked')[0].unit, 'C1');
});
