// Spec 8.2 async protocol 4 (#18): "W-step is costly (one window per MP). Default: a movement path
// is submitted whole. ... W-step windows open only where the opponent registered a trigger (e.g.
// "interrupt when an enemy enters ZoC or LOS of unit X") or set the game option
// `fineGrainedMovementWindows`." A seat registers step triggers for its own units (action
// `stepTriggers`, private to it); without the option an enemy move is split only at the MP where
// a trigger fires, and only the trigger's unit is asked, if it can pay a response (item 1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Action, S } from '../../../src/games/agents-of-mayhem/index.js';
import { randomPlayout } from '../../../src/engine/playout.js';
import { localRng } from '../../../src/engine/rng.js';
import type { Ruleset } from '../../../src/engine/types.js';
import { activeBoard, answer, ev, fresh, kind, only, refused, rs, seats } from './helpers.js';

const advance = { type: 'act' as const, unit: 'shock-1', action: 'advance' };
const exposes = (s: S) => rs.pending(s)[0].exposes as { unit: string; window: string; mover?: string; at?: string };

/** MAYHEM (seat 0) registers `triggers` in its Turn; then LEGION's Shock Trooper has paid its Advance (4 MP) at 3,2,1. */
function scene(at: Record<string, string>, triggers: { unit: string; when: 'zoc' | 'los' }[], options: unknown = {}) {
  let s = activeBoard(only(fresh('M4', 2, options), { 'shock-1': '3,2,1', babylon: '17,7,1', ...at }), 'fortune');
  if (triggers.length) {
    const st = answer(s, { type: 'stepTriggers', triggers });
    assert.deepEqual(st.ev, [{ type: 'step_triggers', to: { seats: [0] }, data: { triggers } }], 'the registering seat alone hears of it');
    s = st.s;
  }
  return answer(activeBoard(s, 'bravo'), advance).s;
}

test('#18 step trigger (ZoC): an enemy move opens one W-step window, for that unit, before the MP entering its ZoC; a Dash there stops the move as under fineGrainedMovementWindows', () => {
  const move = { type: 'move' as const, unit: 'shock-1', to: '5,2,1', facing: 'E' as const };
  const whole = answer(scene({ fortune: '6,2,1' }, []), move);
  assert.equal(kind(whole.s), 'turn', 'no trigger: the path is submitted whole, no window');
  assert.equal(ev(whole, 'moved').length, 1);
  const path = ev(whole, 'moved')[0].path as string[];
  const s = scene({ fortune: '6,2,1' }, [{ unit: 'fortune', when: 'zoc' }]);
  assert.deepEqual(s.stepTriggers, { 0: [{ unit: 'fortune', when: 'zoc' }] });
  assert.equal(rs.view(s, 1).stepTriggers, undefined, 'LEGION does not see MAYHEM\'s triggers');
  assert.equal(rs.view(s, null).stepTriggers, undefined);
  assert.deepEqual(rs.view(s, 0).stepTriggers, { 0: [{ unit: 'fortune', when: 'zoc' }] });
  const mp = s.slots[0].mp!.left;
  let st = answer(s, move);
  assert.equal(kind(st.s), 'instant_window', 'one window');
  assert.equal(st.s.units['shock-1'].at, path[1], 'the MP outside Fortune\'s ZoC was not split');
  assert.deepEqual(exposes(st.s), { unit: 'fortune', mover: 'shock-1', at: path[1], window: 'W-step' });
  assert.equal(rs.pending(st.s)[0].seat, 0);
  assert.equal((rs.view(st.s, 0).stack.at(-1) as { to: string }).to, '?', 'MAYHEM does not see where the unit is going');
  const dz = rs.determinize!(rs.view(st.s, 0), 0, localRng('d'));
  assert.equal(rs.pending(dz)[0].kind, 'instant_window', 'a determinized view of MAYHEM is a playable state');
  // All pass: the move ends as made whole.
  const p = answer(st.s, { type: 'pass' });
  assert.equal(kind(p.s), 'turn', 'no other window');
  assert.deepEqual(ev(p, 'moved'), ev(whole, 'moved'), 'the same path and facing as the whole move');
  assert.equal(p.s.slots[0].mp!.left, whole.s.slots[0].mp!.left);
  // A Dash onto the destination: the move ends where the unit stands, its other MP unspent.
  st = answer(st.s, { type: 'dash', unit: 'fortune', to: '5,2,1', facing: 'W' });
  assert.equal(st.s.units.fortune.at, '5,2,1');
  assert.equal(st.s.units['shock-1'].at, path[1]);
  assert.equal(ev(st, 'move_stopped').length, 1);
  assert.equal(kind(st.s), 'turn');
  assert.equal(st.s.slots[0].mp!.left, mp - 1);
  // With fineGrainedMovementWindows the trigger changes nothing: a window before every MP, the first before the first MP.
  const fine = answer(scene({ fortune: '6,2,1' }, [{ unit: 'fortune', when: 'zoc' }], { fineGrainedMovementWindows: true }), move);
  assert.deepEqual(exposes(fine.s), { unit: 'fortune', mover: 'shock-1', at: '3,2,1', window: 'W-step' });
});

test('#18 step trigger (LOS): the window opens before the MP into a space in LOS of the unit, not before the others', () => {
  const move = { type: 'move' as const, unit: 'shock-1', to: '6,4,1', facing: 'E' as const };
  const whole = answer(scene({ fortune: '11,7,1' }, []), move);
  const path = ev(whole, 'moved')[0].path as string[];
  assert.deepEqual(path, ['3,2,1', '4,2,1', '5,3,1', '6,4,1']);
  assert.equal(kind(whole.s), 'turn');
  // A ZoC trigger does not fire here (the path never comes within 1 space of Fortune).
  assert.equal(kind(answer(scene({ fortune: '11,7,1' }, [{ unit: 'fortune', when: 'zoc' }]), move).s), 'turn');
  const st = answer(scene({ fortune: '11,7,1' }, [{ unit: 'fortune', when: 'los' }]), move);
  assert.equal(kind(st.s), 'instant_window');
  assert.deepEqual(exposes(st.s), { unit: 'fortune', mover: 'shock-1', at: '5,3,1', window: 'W-step' }, 'before the MP into 6,4,1, the first space Fortune sees');
  assert.deepEqual(ev(st, 'stepped').map((e) => e.to), ['4,2,1', '5,3,1']);
  const p = answer(st.s, { type: 'pass' });
  assert.deepEqual(ev(p, 'moved'), ev(whole, 'moved'));
  assert.equal(kind(p.s), 'turn');
});

test('#18 step trigger of a unit that cannot pay a response: no window, the move is whole', () => {
  const move = { type: 'move' as const, unit: 'shock-1', to: '5,2,1', facing: 'E' as const };
  const s = scene({ fortune: '6,2,1' }, [{ unit: 'fortune', when: 'zoc' }]);
  s.boards.fortune.cubes = { ...s.boards.fortune.cubes, speed: 0, focus: 0, tech: 0 };
  const st = answer(s, move);
  assert.equal(kind(st.s), 'turn');
  assert.equal(ev(st, 'moved').length, 1);
  assert.deepEqual(ev(st, 'stepped'), [], 'made whole: nothing tells LEGION a trigger was set');
});

test('#18 step triggers refused: another seat\'s unit, an unknown unit, a trigger twice, a bad kind, outside the seat\'s decisions', () => {
  const s = activeBoard(only(fresh('M4'), { fortune: '6,2,1', 'shock-1': '3,2,1', babylon: '17,7,1' }), 'fortune');
  const bad = (triggers: unknown) => refused(s, { type: 'stepTriggers', triggers } as Action).code;
  assert.equal(bad([{ unit: 'shock-1', when: 'zoc' }]), 'not_your_unit');
  assert.equal(bad([{ unit: 'nobody', when: 'zoc' }]), 'unknown_unit');
  assert.equal(bad([{ unit: 'fortune', when: 'los' }, { unit: 'fortune', when: 'los' }]), 'duplicate_trigger');
  assert.equal(bad([{ unit: 'fortune', when: 'adjacent' }]), 'bad_trigger');
  assert.equal(bad('fortune'), 'bad_trigger');
  // 4 players: a unit on a board dealt to the teammate is not this seat's.
  const four = activeBoard(fresh('M4', 4), 'fortune');
  const seat = rs.pending(four)[0].seat;
  const mine = Object.values(four.units).find((u) => u.side === 'MAYHEM' && !u.minion && rs.validate(four, seat, rs.pending(four)[0], { type: 'stepTriggers', triggers: [{ unit: u.id, when: 'zoc' }] }) === null);
  const theirs = Object.values(four.units).find((u) => u.side === 'MAYHEM' && rs.validate(four, seat, rs.pending(four)[0], { type: 'stepTriggers', triggers: [{ unit: u.id, when: 'zoc' }] }) !== null);
  assert.ok(mine && theirs, 'each MAYHEM seat holds some of the units');
  assert.equal(refused(four, { type: 'stepTriggers', triggers: [{ unit: theirs!.id, when: 'zoc' }] }).code, 'not_your_unit');
  // Registered in a decision of another kind (a Wound placement): not now.
  const w = structuredClone(s);
  w.stack.push({ t: 'wound', id: 1, unit: 'fortune', left: 1, seat: 0 } as never);
  assert.equal(refused(w, { type: 'stepTriggers', triggers: [] }).code, 'not_now');
  // [] clears them.
  const set = answer(s, { type: 'stepTriggers', triggers: [{ unit: 'fortune', when: 'zoc' }] }).s;
  assert.equal(kind(set), 'turn', 'the Turn goes on');
  assert.equal(answer(set, { type: 'stepTriggers', triggers: [] }).s.stepTriggers, undefined);
});

test('#18 random legal playouts with step triggers registered (no fineGrainedMovementWindows) end; windows open only for triggers', () => {
  // Random players that also register random step triggers for their units in their Turns.
  const withTriggers: Ruleset = {
    ...rs,
    candidates: (s: S, seat, dec, n, rng) => {
      const c = rs.candidates(s, seat, dec, n, rng);
      if (dec.kind !== 'activate' || dec.seat !== seat) return c;
      const own = Object.values(s.units).filter((u) => rs.validate(s, seat, dec, { type: 'stepTriggers', triggers: [{ unit: u.id, when: 'zoc' }] }) === null).map((u) => u.id).sort();
      const triggers = own.map((unit, i) => ({ unit, when: (i + rng.int(2)) % 2 ? 'zoc' as const : 'los' as const }));
      return { ...c, actions: [...c.actions, { type: 'stepTriggers', triggers }] };
    },
  };
  let windows = 0;
  for (const seed of ['a', 'b']) {
    const r = randomPlayout(withTriggers, {
      scenario: 'M4', seats: seats(2), seed: `aom-step-triggers-${seed}`, maxEntries: 8000, hashChain: false,
      onEntry: (ks) => {
        const s = ks.s as S;
        const d = rs.pending(s)[0];
        if (d?.kind !== 'instant_window' || (d.exposes as { window: string }).window !== 'W-step') return;
        windows++;
        const unit = (d.exposes as { unit: string }).unit;
        assert.ok(s.stepTriggers?.[d.seat]?.some((t) => t.unit === unit), `a W-step window for ${unit} only by its seat's trigger`);
      },
    });
    assert.ok(r.result, `M4 ended (seed ${seed})`);
  }
  assert.ok(windows > 0, 'triggered W-step windows opened');
});
