// Checklist items [full] #51 (Mayhem cards: universal free-instant uses, character uses as
// Actions of the printed type) with [core] #45/#46 (the W-phase and W-step windows, one Instant
// per unit per window, standing orders). "Playing a Mayhem Card requires the Unit to use either a
// Main, Add-on, or Instant Action" (L1622); "The alternative use is an Instant Action that can be
// used at any time and costs nothing" (L1627); "Spend two Mayhem Cubes at any time to draw"
// (L1614); Instants on the opponent's Turn "During the Draw, Action, or Refresh Phases ... Before a
// Unit uses a Movement Point" (L277-282), one per unit (L284); spec 8.2: W-phase, "Mayhem draw,
// universal uses". Content (provisional): Hardtack's Dig In (hardtack-1) is an Instant character
// use (B, self: an Armor cube and Defense Up); Hollywood's Smoke Bomb (M4) an Instant gadget.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Action, S } from '../../../src/games/agents-of-mayhem/index.js';
import { randomPlayout } from '../../../src/engine/playout.js';
import { localRng } from '../../../src/engine/rng.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs, seats } from './helpers.js';

const exposes = (s: S) => rs.pending(s)[0].exposes as { unit: string; window: string };
const hold = (s: S, side: 'MAYHEM' | 'LEGION', hand: string[]): S => {
  const m = s.mayhem![side];
  m.deck.pool = [...m.deck.pool, ...m.hand].filter((c) => !hand.includes(c)).sort();
  m.hand = hand.slice();
  return s;
};
const plays = (s: S) => cands(s).filter((a) => a.type === 'mayhemPlay' || a.type === 'mayhemDraw' || (a.type === 'act' && a.action.startsWith('card-')));

/** LEGION is about to activate Bravo on one of its Turns (not the first of the Round); MAYHEM holds `hand`. */
function legionActivates(mission: 'M2' | 'M4', hand: string[], options: unknown = {}, at: Record<string, string> = {}): S {
  const s = activeBoard(only(fresh(mission, 2, options), { fortune: '9,6,1', 'shock-1': '3,2,1', hollywood: '0,7,1', babylon: '17,7,1', ...at }), 'bravo');
  s.phase = 'activate';
  s.slots[0].board = null as never;
  return hold(s, 'MAYHEM', hand);
}
const bravo = { type: 'activate' as const, board: 'bravo' };

test('#51 #45 W-phase: a window open for another response (Hollywood\'s Smoke Bomb) offers the unit\'s Mayhem plays too: a universal use on its own board is its one Instant; a draw is no Action and keeps its turn in the window', () => {
  const s = legionActivates('M4', ['hollywood-3', 'fortune-3']); // Fast Exit (Shield use), Long Shot (extra-die use)
  s.boards.hollywood.shield = 0;
  s.boards.hollywood.cubes.mayhem = 2;
  const st = answer(s, bravo);
  assert.deepEqual(exposes(st.s), { unit: 'hollywood', side: 'LEGION', window: 'W-action' });
  assert.deepEqual(plays(st.s), [
    { type: 'mayhemDraw', pay: ['hollywood', 'hollywood'] },
    { type: 'mayhemPlay', card: 'hollywood-3', board: 'hollywood' },
  ], 'the extra-die card waits for an attack; the Shield goes on Hollywood\'s own board');
  assert.equal(refused(st.s, { type: 'mayhemPlay', card: 'hollywood-3', board: 'fortune' }).code, 'not_the_unit');
  assert.equal(refused(st.s, { type: 'mayhemPlay', card: 'fortune-3', board: 'hollywood' }).code, 'attack_only');
  // The universal use: free, a Shield cube, the card discarded; Hollywood's Instant for this window.
  const p = answer(st.s, { type: 'mayhemPlay', card: 'hollywood-3', board: 'hollywood' });
  assert.equal(p.s.boards.hollywood.shield, 1);
  assert.deepEqual(p.s.mayhem!.MAYHEM.hand, ['fortune-3']);
  assert.deepEqual(ev(p, 'mayhem_played'), [{ side: 'MAYHEM', card: 'hollywood-3', use: 'shield', board: 'hollywood', cube: null }]);
  assert.equal(kind(p.s), 'turn', 'one Instant per unit in the window (L284): LEGION takes its Actions');
  // A draw (2 Mayhem cubes): the window stays with Hollywood, who may still take an Instant.
  const d = answer(st.s, { type: 'mayhemDraw', pay: ['hollywood', 'hollywood'] });
  assert.equal(d.s.mayhem!.MAYHEM.hand.length, 3);
  assert.deepEqual(exposes(d.s), { unit: 'hollywood', side: 'LEGION', window: 'W-action' });
  assert.equal(kind(answer(d.s, { type: 'act', unit: 'hollywood', action: 'gadget-hollywood-smokebomb' }).s), 'turn');
  // LEGION's seat is offered nothing and learns nothing of the hand.
  assert.deepEqual(rs.candidates(st.s, 1, rs.pending(st.s)[0], 0, null as never).actions, []);
  assert.deepEqual(rs.view(st.s, 1).mayhem!.MAYHEM.hand, ['?', '?']);
  assert.ok(!JSON.stringify(rs.pending(st.s)).includes('hollywood-3'));
});

test('#51 #45 opening a window on public facts only: by default a held card opens none; with mayhemWindows a unit opens one while its Side holds any card and it could use one as an Instant (room on its board, or an Instant character use it can pay), whatever the hidden cards are', () => {
  const room = (s: S) => { s.boards.fortune.shield = 1; return s; };
  // M2: no gadget Instants. By default LEGION's activation opens no window, whatever MAYHEM holds.
  assert.equal(kind(answer(room(legionActivates('M2', ['fortune-1'])), bravo).s), 'turn');
  // With the option: Fortune (room for a Shield) is asked; the same window with a Shield card or only an extra-die card in hand.
  const o = { mayhemWindows: true };
  const shield = answer(room(legionActivates('M2', ['fortune-1'], o)), bravo);
  const die = answer(room(legionActivates('M2', ['fortune-3'], o)), bravo);
  assert.deepEqual(exposes(shield.s), { unit: 'fortune', side: 'LEGION', window: 'W-action' });
  assert.deepEqual(rs.pending(die.s).map((x) => [x.kind, x.seat, x.exposes]), rs.pending(shield.s).map((x) => [x.kind, x.seat, x.exposes]), 'the window does not tell which card is held');
  assert.deepEqual(cands(shield.s), [{ type: 'pass' }, { type: 'mayhemPlay', card: 'fortune-1', board: 'fortune' }]);
  assert.deepEqual(cands(die.s), [{ type: 'pass' }], 'nothing to play now: pass');
  // No card in hand (public count): no window; full boards and no Instant card of its own: no window for that unit.
  assert.equal(kind(answer(room(legionActivates('M2', [], o)), bravo).s), 'turn');
  assert.equal(kind(answer(legionActivates('M2', ['fortune-1'], o), bravo).s), 'turn', 'every board full: nothing a card could add');
  // Hardtack, boards full, can pay his Instant Dig In (in the data): asked whether MAYHEM holds that card or another.
  const at = { hardtack: '1,7,1' };
  const dig = answer(legionActivates('M2', ['hardtack-1'], o, at), bravo);
  const other = answer(legionActivates('M2', ['fortune-3'], o, at), bravo);
  assert.deepEqual(exposes(dig.s), { unit: 'hardtack', side: 'LEGION', window: 'W-action' });
  assert.deepEqual(exposes(other.s), exposes(dig.s));
  assert.deepEqual(cands(dig.s), [{ type: 'pass' }, { type: 'act', unit: 'hardtack', action: 'card-digin' }]);
  assert.deepEqual(cands(other.s), [{ type: 'pass' }]);
  // A determinized view of LEGION (MAYHEM's hand resampled) has the same window open.
  for (const seed of ['a', 'b', 'c']) {
    const det = rs.determinize!(rs.view(dig.s, 1), 1, localRng(seed));
    assert.deepEqual(rs.pending(det).map((x) => [x.kind, x.exposes]), rs.pending(dig.s).map((x) => [x.kind, x.exposes]));
  }
});

test('#51 #45 an Instant character use in the other Side\'s windows: Dig In taken in Hardtack\'s W-preroll window (in place of a Dash) counts in the roll that follows; the card is discarded', () => {
  const s = hold(activeBoard(only(fresh('M2'), { hardtack: '2,3,1', 'shock-1': '3,3,1', fortune: '0,0,1' }), 'bravo'), 'MAYHEM', ['hardtack-1']);
  s.boards.hardtack.armor = 0;
  let st = answer(s, { type: 'act', unit: 'shock-1', action: 'smash', target: '2,3,1' });
  assert.equal(kind(st.s), 'dash_window');
  assert.ok(cands(st.s).some((a) => a.type === 'dash'));
  assert.ok(cands(st.s).some((a) => a.type === 'act' && a.action === 'card-digin'));
  st = answer(st.s, { type: 'act', unit: 'hardtack', action: 'card-digin' }, [5, 5, 5]);
  assert.equal(st.s.boards.hardtack.armor, 1);
  assert.ok(!st.s.mayhem!.MAYHEM.hand.includes('hardtack-1'));
  const roll = ev(st, 'dice_rolled')[0];
  assert.ok(roll, 'the window closed: one Instant, then the roll');
  assert.equal((roll.mods as Record<string, number>).defenseUp, -1, 'Defense Up in the roll');
  // Its own Turn's rule is the other use: taken with any board activated (mayhem-character.test.ts); in the Turn decision of the other Side it is refused.
  const t = hold(activeBoard(only(fresh('M2'), { hardtack: '2,3,1', babylon: '17,7,1' }), 'babylon'), 'MAYHEM', ['hardtack-1']);
  assert.equal(refused(t, { type: 'act', unit: 'hardtack', action: 'card-digin' }).code, 'not_your_unit');
});

test('#51 #45 W-step (fineGrainedMovementWindows): before an MP a unit asked may play a card\'s universal use on its board (its one Instant) and the move goes on; with mayhemWindows a card alone opens the window', () => {
  const setup = (options: Record<string, unknown>, hand: string[]) => {
    const s = hold(activeBoard(only(fresh('M2', 2, options), { fortune: '6,2,1', 'shock-1': '3,2,1', babylon: '17,7,1' }), 'bravo'), 'MAYHEM', hand);
    s.boards.fortune.cubes.speed = 1; // room for a G cube
    const paid = answer(s, { type: 'act', unit: 'shock-1', action: 'advance' }).s;
    return kind(paid) === 'instant_window' ? answer(paid, { type: 'pass' }).s : paid; // with mayhemWindows, Fortune's W-paid window first
  };
  const move = { type: 'move' as const, unit: 'shock-1', to: '5,2,1', facing: 'E' as const };
  let st = answer(setup({ fineGrainedMovementWindows: true }, ['fortune-2']), move); // fortune-2: an Action cube
  assert.deepEqual(exposes(st.s), { unit: 'fortune', mover: 'shock-1', at: '3,2,1', window: 'W-step' });
  assert.ok(cands(st.s).some((a) => a.type === 'mayhemPlay' && a.card === 'fortune-2' && a.board === 'fortune' && a.cube === 'G'));
  st = answer(st.s, { type: 'mayhemPlay', card: 'fortune-2', board: 'fortune', cube: 'G' });
  assert.equal(st.s.boards.fortune.cubes.speed, 2);
  const next = st.s.units['shock-1'].at!;
  assert.notEqual(next, '3,2,1', 'Fortune\'s Instant for this MP is spent: the unit steps on');
  assert.deepEqual(exposes(st.s), { unit: 'fortune', mover: 'shock-1', at: next, window: 'W-step' }, 'a new window before the next MP');
  // Fortune cannot Dash (no Focus) and holds only a card: no W-step window but with mayhemWindows.
  const poor = (o: Record<string, unknown>) => { const x = setup(o, ['fortune-2']); x.boards.fortune.cubes.focus = 0; return answer(x, move).s; };
  assert.equal(poor({ fineGrainedMovementWindows: true }).units['shock-1'].at, '5,2,1', 'nobody asked');
  assert.equal(kind(poor({ fineGrainedMovementWindows: true, mayhemWindows: true })), 'instant_window');
});

test('#51 #45 W-paid: a window open after an Action is paid offers the Mayhem plays of the unit asked', () => {
  const s = legionActivates('M4', ['hollywood-3']);
  s.boards.hollywood.shield = 0;
  let st = answer(s, bravo);
  st = answer(st.s, { type: 'pass' }); // W-action
  st = answer(st.s, { type: 'act', unit: 'shock-1', action: 'advance' });
  assert.deepEqual(exposes(st.s).window, 'W-paid');
  assert.ok(cands(st.s).some((a) => a.type === 'mayhemPlay' && a.card === 'hollywood-3'));
  st = answer(st.s, { type: 'mayhemPlay', card: 'hollywood-3', board: 'hollywood' });
  assert.equal(st.s.boards.hollywood.shield, 1);
  assert.equal(kind(st.s), 'turn', 'the Action is then performed');
});

test('#51 #45 standing orders are respected: `instants: never` passes every instant_window (a card is never played), `steps: never` W-step ones, `dash: never` the W-preroll window; the deadline default is pass', () => {
  const s = legionActivates('M2', ['fortune-1'], { mayhemWindows: true });
  s.boards.fortune.shield = 1;
  const w = answer(s, bravo).s;
  const d = { ...rs.pending(w)[0], id: 'x' };
  const all = { id: 'a', match: { kind: 'instant_window' }, rule: { instants: 'never' } };
  const steps = { id: 's', match: { kind: 'instant_window' }, rule: { steps: 'never' } };
  assert.ok(rs.covers!(rs.view(w, 0), d, all));
  assert.deepEqual(rs.answer!(rs.view(w, 0), d, all), { type: 'pass' });
  assert.equal(rs.covers!(rs.view(w, 0), d, steps), false, 'W-action is not a W-step window');
  assert.deepEqual(rs.defaultAction!(w, rs.pending(w)[0]), { type: 'pass' });
  assert.equal(answer(w, rs.answer!(rs.view(w, 0), d, all)).s.mayhem!.MAYHEM.hand.length, 1, 'the card stays in hand');
  // W-preroll: `dash: never` passes (no Dig In either).
  const p = hold(activeBoard(only(fresh('M2'), { hardtack: '2,3,1', 'shock-1': '3,3,1' }), 'bravo'), 'MAYHEM', ['hardtack-1']);
  const pre = answer(p, { type: 'act', unit: 'shock-1', action: 'smash', target: '2,3,1' }).s;
  const dp = { ...rs.pending(pre)[0], id: 'y' };
  const never = { id: 'd', match: { kind: 'dash_window' }, rule: { dash: 'never' } };
  assert.ok(rs.covers!(rs.view(pre, 0), dp, never));
  assert.deepEqual(rs.answer!(rs.view(pre, 0), dp, never), { type: 'pass' });
});

test('#51 #45 random legal playouts with mayhemWindows end; cards are played in the other Side\'s windows; every open window is the same from the other Side\'s determinized view (no leak of the hand)', () => {
  let played = 0; let windows = 0;
  for (const [m, n, o] of [['M2', 2, {}], ['M4', 2, { fineGrainedMovementWindows: true }], ['M5', 4, {}]] as const) {
    let k = 0;
    const r = randomPlayout(rs, {
      scenario: m, seats: seats(n), seed: `aom-mayhem-windows-${m}-${n}`, maxEntries: 8000, hashChain: false, options: { ...o, mayhemWindows: true },
      onEntry: (ks, entry, events) => {
        const s = ks.s as S;
        const d = rs.pending(s)[0];
        const a = (entry as { action?: Action } | null)?.action;
        if (a && (a.type === 'mayhemPlay' || (a.type === 'act' && a.action === 'card-digin')) && events.some((e) => e.type === 'mayhem_played' || e.type === 'action') && s.side !== s.seats[(entry as { seat: number }).seat]) played++;
        if (d?.kind !== 'instant_window' || k++ % 7) return;
        windows++;
        const other = s.seats.findIndex((x) => x !== s.seats[d.seat]);
        const det = rs.determinize!(rs.view(s, other), other, localRng(`det-${k}`));
        assert.deepEqual(rs.pending(det).map((x) => [x.kind, x.seat, x.exposes]), [[d.kind, d.seat, d.exposes]], `${m}: the window does not depend on the hidden hand`);
      },
    });
    assert.ok(r.result, `${m} ${n}p ended`);
  }
  assert.ok(windows > 0, 'windows opened');
  assert.ok(played > 0, 'Mayhem cards were played on the other Side\'s Turn');
});
