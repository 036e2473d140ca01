// Checklist item [core] #45 (reaction-window state machine with deadlines, auto-pass and standing
// orders), with #46 (one Instant per unit per window): the W-phase and W-step windows. "During
// your opponent's Turns, Instant Actions may be used: - During the Draw, Action, or Refresh Phases.
// ... - Before a Unit uses a Movement Point (page 9). Each Unit may only perform one Instant Action
// before an Action, Movement Point, or Attack Roll is completed." (L277-284). Spec 8.2: a window
// opens only when some unit can pay a response; W-step is costly, an opt-in
// (`fineGrainedMovementWindows`), paths submitted whole by default. Content: Hollywood's Smoke Bomb
// (Instant gadget, B) in M4.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { randomPlayout } from '../../../src/engine/playout.js';
import { localRng } from '../../../src/engine/rng.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs, seats, until } from './helpers.js';

const SMOKE = 'gadget-hollywood-smokebomb';
const smoke = { type: 'act' as const, unit: 'hollywood', action: SMOKE };
const exposes = (s: S) => rs.pending(s)[0].exposes as { unit: string; window: string; side?: string; mover?: string; at?: string };
const advance = { type: 'act' as const, unit: 'shock-1', action: 'advance' };

/** LEGION is about to activate (not the first Turn of the Round); Hollywood can pay his Smoke Bomb. */
function legionActivates(options: unknown = {}): S {
  const s = activeBoard(only(fresh('M4', 2, options), { fortune: '9,6,1', 'shock-1': '3,2,1', hollywood: '0,7,1', babylon: '17,7,1' }), 'bravo');
  s.phase = 'activate';
  s.slots[0].board = null as never;
  return s;
}

test('#45 W-phase, Action Phase: once a LEGION board is activated, a MAYHEM unit that can pay an Instant is asked (one Instant), before any Action; no window when none can pay', () => {
  let st = answer(legionActivates(), { type: 'activate', board: 'bravo' });
  assert.equal(kind(st.s), 'instant_window');
  assert.equal(rs.pending(st.s)[0].seat, 0, 'MAYHEM answers on LEGION\'s Turn');
  assert.deepEqual(exposes(st.s), { unit: 'hollywood', side: 'LEGION', window: 'W-action' });
  assert.deepEqual(cands(st.s), [{ type: 'pass' }, smoke]);
  assert.equal(refused(st.s, { type: 'dash', unit: 'hollywood', to: '1,7,1', facing: 'E' }).code, 'wrong_action', 'a Dash only with the option paidDash');
  const tech = st.s.boards.hollywood.cubes.tech;
  st = answer(st.s, smoke);
  assert.equal(st.s.boards.hollywood.cubes.tech, tech - 1);
  assert.equal(st.s.units.hollywood.statuses.filter((x) => x.kind === 'DEFENSE_UP').length, 1);
  assert.equal(kind(st.s), 'turn', 'one Instant per unit in the window: LEGION takes its Actions');
  const poor = legionActivates();
  poor.boards.hollywood.cubes.tech = 0;
  assert.equal(kind(answer(poor, { type: 'activate', board: 'bravo' }).s), 'turn', 'nobody can pay: no window');
  // MAYHEM's own activation: LEGION has no Instant to take, and MAYHEM's own Instants are taken in its Turn.
  const own = activeBoard(only(fresh('M4'), { fortune: '9,6,1', hollywood: '0,7,1', 'shock-1': '3,2,1', babylon: '17,7,1' }), 'fortune');
  own.phase = 'activate'; own.slots[0].board = null as never;
  assert.equal(kind(answer(own, { type: 'activate', board: 'fortune' }).s), 'turn');
  // With paidDash a Dash is a response too: Fortune is asked first (unit id order).
  const pd = answer(legionActivates({ paidDash: true }), { type: 'activate', board: 'bravo' });
  assert.deepEqual(exposes(pd.s), { unit: 'fortune', side: 'LEGION', window: 'W-action' });
  assert.ok(cands(pd.s).some((a) => a.type === 'dash' && a.unit === 'fortune'));
});

test('#45 W-phase, Refresh and Draw Phases: at the start of LEGION\'s Refresh Phase (before any card is revealed) and once LEGION\'s Refresh card is drawn; never on a first Turn', () => {
  const s = activeBoard(only(fresh('M4'), { fortune: '9,6,1', 'shock-1': '3,2,1', hollywood: '0,7,1', babylon: '17,7,1' }), 'bravo');
  s.slots[0].drawn = s.decks.LEGION.pool[0];
  s.decks.LEGION = { ...s.decks.LEGION, pool: s.decks.LEGION.pool.slice(1) };
  let st = answer(s, { type: 'end' });
  assert.equal(kind(st.s), 'instant_window');
  assert.deepEqual(exposes(st.s), { unit: 'hollywood', side: 'LEGION', window: 'W-refresh' });
  assert.equal(st.s.phase, 'refresh');
  assert.deepEqual(ev(st, 'refresh_revealed'), [], 'before the Refresh Phase\'s steps');
  const card = s.slots[0].drawn;
  assert.equal(rs.view(st.s, 0).slots[0].drawn, '?', 'the card is still hidden from MAYHEM in the window before the reveal');
  st = answer(st.s, { type: 'pass' });
  assert.equal(ev(st, 'refresh_revealed').length, 1, 'then the Refresh Phase goes on');
  assert.equal(st.s.phase, 'refresh');
  assert.equal(rs.view(st.s, 0).slots[0].drawn, card, 'revealed: MAYHEM\'s view shows it too (issue #18)');
  // On to LEGION's next Turn (MAYHEM plays and ends; LEGION has no Instant, so no window on MAYHEM's Turn).
  st = until(st.s, (x) => kind(x) === 'instant_window' || x.side === 'LEGION' && x.phase === 'activate');
  assert.equal(st.s.side, 'LEGION');
  assert.equal(kind(st.s), 'instant_window', 'LEGION\'s Draw Phase window');
  assert.deepEqual(exposes(st.s), { unit: 'hollywood', side: 'LEGION', window: 'W-draw' });
  assert.ok(st.s.slots[0].drawn, 'the Refresh card is drawn first');
  assert.equal(rs.view(st.s, 0).slots[0].drawn, '?', 'and stays hidden from MAYHEM');
  assert.equal(kind(answer(st.s, { type: 'pass' }).s), 'activate');
  // A first Turn has no Draw Phase (L338): LEGION's first Turn opens with its activation.
  const first = fresh('M4');
  first.side = 'LEGION';
  assert.equal(first.first.LEGION, true);
  const open = rs.pending(first)[0];
  assert.notEqual(open?.kind, 'instant_window');
});

test('#45 W-step (option fineGrainedMovementWindows): before each MP of a move the other Side\'s units that can pay a Dash or an Instant are asked; a Dash onto the path stops the move; the destination stays hidden from them; off by default', () => {
  const setup = (options: unknown) => {
    // Only Fortune can respond (a Dash): Hollywood is off the map.
    const s = activeBoard(only(fresh('M4', 2, options), { fortune: '6,2,1', 'shock-1': '3,2,1', babylon: '17,7,1' }), 'bravo');
    return answer(s, advance).s;
  };
  const move = { type: 'move' as const, unit: 'shock-1', to: '5,2,1', facing: 'E' as const };
  // By default the path is submitted whole.
  const whole = answer(setup({}), move);
  assert.equal(whole.s.units['shock-1'].at, '5,2,1');
  assert.equal(kind(whole.s), 'turn');
  const s = setup({ fineGrainedMovementWindows: true });
  const mp = s.slots[0].mp!.left;
  let st = answer(s, move);
  assert.equal(kind(st.s), 'instant_window');
  assert.deepEqual(exposes(st.s), { unit: 'fortune', mover: 'shock-1', at: '3,2,1', window: 'W-step' });
  assert.equal(st.s.units['shock-1'].at, '3,2,1', 'no MP used yet');
  assert.equal((rs.view(st.s, 0).stack.at(-1) as { to: string }).to, '?', 'MAYHEM does not see where the unit is going');
  assert.equal((rs.view(st.s, 1).stack.at(-1) as { to: string }).to, '5,2,1');
  const dz = rs.determinize!(rs.view(st.s, 0), 0, localRng('d'));
  assert.equal(rs.pending(dz)[0].kind, 'instant_window', 'a determinized view is a playable state');
  st = answer(st.s, { type: 'pass' });
  const first = st.s.units['shock-1'].at!;
  assert.equal(first, (ev(whole, 'moved')[0].path as string[])[1], 'one MP, along the path the whole move takes');
  assert.deepEqual(ev(st, 'stepped'), [{ unit: 'shock-1', to: first }]);
  assert.equal(st.s.slots[0].mp!.left, mp - 1);
  assert.deepEqual(exposes(st.s), { unit: 'fortune', mover: 'shock-1', at: first, window: 'W-step' }, 'a new window before the next MP');
  assert.ok(cands(st.s).some((a) => a.type === 'dash' && a.to === '5,2,1'));
  assert.equal(refused(st.s, { type: 'dash', unit: 'shock-1', to: '3,2,1', facing: 'E' }).code, 'not_the_unit');
  st = answer(st.s, { type: 'dash', unit: 'fortune', to: '5,2,1', facing: 'W' });
  assert.equal(st.s.units.fortune.at, '5,2,1');
  assert.equal(st.s.units['shock-1'].at, first, 'the destination is taken: the move ends where the unit stands');
  assert.equal(ev(st, 'move_stopped').length, 1);
  assert.equal(kind(st.s), 'turn');
  assert.equal(st.s.slots[0].mp!.left, mp - 1, 'its other MP unspent');
  // All passes: the unit arrives, facing as asked.
  let p = answer(setup({ fineGrainedMovementWindows: true }), move);
  p = answer(p.s, { type: 'pass' });
  p = answer(p.s, { type: 'pass' });
  assert.equal(p.s.units['shock-1'].at, '5,2,1');
  assert.equal(p.s.units['shock-1'].facing, 'E');
  assert.deepEqual(ev(p, 'moved'), ev(whole, 'moved'), 'the same path, MP and event as the move made whole');
  assert.equal(p.s.slots[0].mp!.left, whole.s.slots[0].mp!.left);
  assert.equal(kind(p.s), 'turn');
});

test('#45 standing orders: `instants: never` passes every window of the other Side\'s Turn, `steps: never` only W-step; the deadline default is pass', () => {
  const s = activeBoard(only(fresh('M4', 2, { fineGrainedMovementWindows: true }), { fortune: '6,2,1', 'shock-1': '3,2,1', hollywood: '0,7,1', babylon: '17,7,1' }), 'bravo');
  s.boards.hollywood.cubes.tech = 0;
  const step = answer(answer(s, advance).s, { type: 'move', unit: 'shock-1', to: '5,2,1', facing: 'E' }).s;
  const phase = answer(legionActivates(), { type: 'activate', board: 'bravo' }).s;
  const steps = { id: 's', match: { kind: 'instant_window' }, rule: { steps: 'never' } };
  const all = { id: 'a', match: { kind: 'instant_window' }, rule: { instants: 'never' } };
  for (const [x, w] of [[step, 'W-step'], [phase, 'W-action']] as const) {
    const d = { ...rs.pending(x)[0], id: 'x' };
    assert.deepEqual(rs.defaultAction(x, rs.pending(x)[0]), { type: 'pass' });
    assert.ok(rs.covers!(rs.view(x, 0), d, all), `${w}: instants never`);
    assert.equal(rs.covers!(rs.view(x, 0), d, steps), w === 'W-step', `${w}: steps never`);
    assert.deepEqual(rs.answer!(rs.view(x, 0), d, all), { type: 'pass' });
  }
});

test('#45 random legal playouts with W-step windows (fineGrainedMovementWindows) and W-phase windows end', () => {
  const seen = new Set<string>();
  const r = randomPlayout(rs, {
    scenario: 'M4', seats: seats(2), seed: 'aom-wstep-M4', maxEntries: 8000, hashChain: false, options: { fineGrainedMovementWindows: true },
    onEntry: (ks) => { const d = rs.pending(ks.s as S)[0]; if (d?.kind === 'instant_window') seen.add((d.exposes as { window: string }).window); },
  });
  assert.ok(r.result, 'M4 ended');
  assert.ok(seen.has('W-step'), `W-step windows opened (${[...seen].join(', ')})`);
});
