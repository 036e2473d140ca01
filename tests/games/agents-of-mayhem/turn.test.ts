// Checklist items [core] #13-#24, #38, #41-#44: Rounds and Turns, the hidden draw, activation
// limits, wells, Refresh symbols and statuses, movement, Jump, Dash, entering the map, Squads,
// Objective Markers, VP, mission loading and views.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { carry } from '../../../src/games/agents-of-mayhem/index.js';
import { gainCube } from '../../../src/games/agents-of-mayhem/rules/board.js';
import type { S } from '../../../src/games/agents-of-mayhem/state.js';
import { activeBoard, answer, cands, ev, fresh, kind, noInstantGadgets, only, refused, rs, until } from './helpers.js';

function playDefaults(s: S, until: (s: S) => boolean = () => false) {
  const events: { type: string; data: unknown }[] = [];
  for (let i = 0; i < 2000 && !rs.result(s) && !until(s); i++) {
    const d = rs.pending(s)[0];
    const r = rs.apply(s, { kind: 'default', decision: 'x', action: rs.defaultAction(s, d) }, { seq: i + 1, rng: localRng(`d${i}`) });
    if (isViolation(r)) throw new Error(r.code);
    s = r.state; events.push(...r.events);
  }
  return { s, events };
}

test('#13 Round/Turn engine: initiative first, alternating, first Turns skip Draw and Refresh, Round ends when both decks are empty, reshuffle', () => {
  const { s, events } = playDefaults(fresh('T2'));
  const turns = events.filter((e) => e.type === 'turn_started').map((e) => e.data as { round: number; side: string; first: boolean });
  // Decks of 3: 4 Turns per Side per Round, 2 Rounds, MAYHEM first in each (Turn 1 began at setup).
  assert.equal(turns.length + 1, 16);
  assert.deepEqual(turns.slice(0, 3).map((t) => [t.side, t.first]), [['LEGION', true], ['MAYHEM', false], ['LEGION', false]]);
  assert.deepEqual(turns[7], { round: 2, side: 'MAYHEM', turn: 9, first: true });
  assert.equal(events.filter((e) => e.type === 'refresh_drawn').length, 12);
  assert.equal(events.filter((e) => e.type === 'round_ended').length, 2);
  assert.ok(s.result);
});

test('#14 mission end after the final Round; equal VP is a tie', () => {
  const { s } = playDefaults(fresh('T1'));
  assert.deepEqual(s.result, { winners: [], draw: true, reason: 'end of Round 1: tie', scores: { MAYHEM: 0, LEGION: 0, lead: 0 } });
});

test('#15 Draw Phase: the drawn card is hidden from the other Side until the Refresh reveal (spec 6.2, 8.1)', () => {
  const { s, events } = playDefaults(fresh('T2'), (x) => x.turnNo === 3);
  assert.equal(s.side, 'MAYHEM');
  const card = s.slots[0].drawn!;
  assert.match(card, /^M0/);
  assert.equal(rs.view(s, 0).slots[0].drawn, card);
  assert.equal(rs.view(s, 1).slots[0].drawn, '?');
  assert.equal(rs.view(s, null).slots[0].drawn, '?');
  assert.ok(rs.view(s, 1).decks.MAYHEM.pool.includes(card), 'the opponent sees the card among the unseen');
  const drawn = events.filter((e) => e.type === 'refresh_drawn').at(-1) as unknown as { to: unknown; others: unknown };
  assert.deepEqual(drawn.to, { seats: [0] });
  assert.deepEqual(drawn.others, { side: 'MAYHEM', seat: 0 });
});

test('#15 #44 the reveal (issue #18): from Refresh Phase step 1 to the discard every seat\'s view shows the drawn card, MAYHEM\'s and LEGION\'s alike, 2 to 4 players', () => {
  for (const n of [2, 3, 4]) {
    const viewers = [...Array.from({ length: n }, (_, i) => i), null];
    // Each Side's drawn card, before and after its reveal, read by every seat (and a spectator).
    let { s, events } = playDefaults(fresh('M1', n), (x) => x.turnNo === 3);
    for (const side of ['MAYHEM', 'LEGION'] as const) {
      assert.equal(s.side, side, `${n} players`);
      const cards = s.slots.map((x) => x.drawn);
      assert.ok(cards.every(Boolean), `${n} players: ${side} drew`);
      const sees = (seat: number | null) => seat !== null && s.seats[seat] === side;
      for (const seat of viewers) {
        assert.deepEqual(rs.view(s, seat).slots.map((x) => x.drawn), sees(seat) ? cards : cards.map(() => '?'), `${n} players, ${side}'s Action Phase, seat ${seat}`);
      }
      // On to the Refresh Phase: the drawer's refresh choices are open there.
      ({ s, events } = playDefaults(s, (x) => x.phase === 'refresh'));
      const revealed = events.filter((e) => e.type === 'refresh_revealed') as unknown as { to: unknown; data: { card: string } }[];
      assert.deepEqual(revealed.map((e) => e.data.card), cards, `${n} players: the log reveals ${side}'s cards`);
      assert.ok(revealed.every((e) => e.to === undefined || e.to === 'all'), 'to all');
      assert.equal(kind(s), 'refresh');
      for (const seat of viewers) {
        const v = rs.view(s, seat);
        assert.deepEqual(v.slots.map((x) => x.drawn), cards, `${n} players, ${side}'s Refresh Phase, seat ${seat}`);
        assert.ok(cards.every((c) => !v.decks[side].pool.includes(c!)), 'and no longer among the unseen');
        const d = rs.determinize!(structuredClone(v), seat, localRng('det'));
        assert.deepEqual(rs.view(d, seat), v, 'determinize keeps the view');
      }
      // The discard clears the slots; the other Side draws next.
      const turn = s.turnNo;
      ({ s } = playDefaults(s, (x) => x.turnNo > turn));
      assert.ok(s.decks[side].discard.includes(cards[0]!));
    }
  }
});

test('#16 activation: exactly one board; one Main Action, each Add-on once, Instants any number', () => {
  let st = answer(fresh('T2'), { type: 'activate', board: 'hardtack' });
  assert.equal(refused(fresh('T2'), { type: 'activate', board: 'babylon' }).code, 'not_your_board');
  st = answer(st.s, { type: 'act', unit: 'hardtack', action: 'sprint' });
  assert.equal(refused(st.s, { type: 'act', unit: 'hardtack', action: 'sprint' }).code, 'main_used');
  assert.equal(refused(st.s, { type: 'act', unit: 'fortune', action: 'sprint' }).code, 'not_activated');
  st = answer(st.s, { type: 'act', unit: 'hardtack', action: 'jump' });
  assert.equal(refused(st.s, { type: 'act', unit: 'hardtack', action: 'jump' }).code, 'addon_used');
  const d1 = answer(st.s, { type: 'dash', unit: 'fortune', to: '2,1,1', facing: 'E' });
  const d2 = answer(d1.s, { type: 'dash', unit: 'hardtack', to: '1,5,1', facing: 'E' });
  assert.equal(d2.s.units.hardtack.at, '1,5,1', 'Instants by any own unit, any number');
});

test('#17 wells: capacities, pay before resolving, no gain beyond capacity', () => {
  const s = activeBoard(only(fresh(), { fortune: '2,1,1' }), 'fortune');
  s.boards.fortune.cubes.speed = 0;
  assert.equal(refused(s, { type: 'act', unit: 'fortune', action: 'sprint' }).code, 'cannot_pay');
  assert.equal(gainCube(s.boards.fortune, 'focus'), false, 'Focus well full (3)');
  assert.equal(s.boards.fortune.cubes.focus, 3);
  assert.equal(gainCube(s.boards.fortune, 'speed'), true);
});

test('#18 Refresh symbols on the boards not activated: Action cubes (colour chosen), Shield, Remove Wound, Special', () => {
  let s = fresh('T2');
  s = playDefaults(s, (x) => x.turnNo === 3).s;
  s.decks.MAYHEM.pool.push(s.slots[0].drawn!); s.decks.MAYHEM.pool.sort();
  s.slots[0].drawn = 'M02'; s.decks.MAYHEM.pool.splice(s.decks.MAYHEM.pool.indexOf('M02'), 1); // 1 cube, 1 Remove Wound, 1 Special
  s.boards.hardtack.cubes.speed = 0; s.boards.hardtack.wounds.tech = 1; s.boards.hardtack.armor = 0;
  let st = answer(s, { type: 'activate', board: 'fortune' });
  st = answer(st.s, { type: 'end' });
  assert.equal(kind(st.s), 'refresh');
  assert.equal(st.s.boards.hardtack.armor, 1, "Special: Hardtack's REFRESH = GAIN ARMOR");
  const opts = rs.candidates(st.s, 0, rs.pending(st.s)[0], 99, localRng('c')).actions;
  assert.deepEqual(opts.map((a) => (a as { cubes: string }).cubes).sort(), ['B', 'G', 'Y']);
  st = answer(st.s, { type: 'refresh', cubes: 'G', wound: 'tech', positive: null, negative: null });
  assert.equal(st.s.boards.hardtack.cubes.speed, 1);
  assert.equal(st.s.boards.hardtack.wounds.tech, 0);
  assert.equal(st.s.boards.fortune.cubes.speed, 3, 'the activated board gets nothing');
});

test('#19 Remove Status reaches every board incl. the activated one, one Positive and one Negative, not those gained this Turn', () => {
  let s = playDefaults(fresh('T2'), (x) => x.turnNo === 3).s;
  s.decks.MAYHEM.pool.push(s.slots[0].drawn!); s.decks.MAYHEM.pool.sort();
  s.slots[0].drawn = 'M03'; s.decks.MAYHEM.pool.splice(s.decks.MAYHEM.pool.indexOf('M03'), 1); // 2 cubes, Remove Status
  s.units.fortune.statuses = [{ kind: 'ATTACK_UP', turn: 1 }, { kind: 'DEFENSE_DOWN', turn: 3 }];
  let st = answer(s, { type: 'activate', board: 'fortune' });
  st = answer(st.s, { type: 'end' });
  // Fortune (activated) had one choice only: remove ATTACK_UP (must, where able); DEFENSE_DOWN is from this Turn.
  assert.deepEqual(st.s.units.fortune.statuses.map((m) => m.kind), ['DEFENSE_DOWN']);
  const dec = rs.pending(st.s)[0];
  assert.deepEqual(dec.exposes, { board: 'hardtack', cubes: 2, wound: 0, status: true });
});

test('#20 statuses: Move Up +3 MP on activation, Stunned +2 cubes per Action, Attack Up/Defense Down stack', () => {
  const s = only(fresh('T2'), { fortune: '0,0,1', hardtack: '0,7,1', babylon: '17,7,1' });
  s.units.fortune.statuses = [{ kind: 'MOVE_UP', turn: 0 }];
  let st = answer(s, { type: 'activate', board: 'fortune' });
  assert.equal(st.s.slots[0].pool, 3);
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '3,0,1', facing: 'E' });
  assert.equal(st.s.units.fortune.at, '3,0,1', 'moved with Move Up MP alone');
  const t = activeBoard(only(fresh(), { fortune: '0,0,1' }), 'fortune');
  t.units.fortune.statuses = [{ kind: 'STUNNED', turn: 0 }];
  t.boards.fortune.cubes = { speed: 1, focus: 1, tech: 0, mayhem: 0 };
  assert.equal(refused(t, { type: 'act', unit: 'fortune', action: 'sprint' }).code, 'cannot_pay', 'G + 2 more cubes');
  t.boards.fortune.cubes.tech = 2;
  const r = answer(t, { type: 'act', unit: 'fortune', action: 'sprint' });
  // G, then 2 more from the fullest wells: Tech (2), then Focus (1 vs 1, Focus first).
  assert.deepEqual(r.s.boards.fortune.cubes, { speed: 0, focus: 0, tech: 1, mayhem: 0 });
});

test('#21 movement: MP per Action (Sprint 9), lost with the next Action; weapon MP before or after the attack, never split', () => {
  let s = activeBoard(only(fresh(), { fortune: '0,0,1', 'swarm-1': '17,0,1' }), 'fortune');
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'sprint' });
  assert.equal(refused(st.s, { type: 'move', unit: 'fortune', to: '10,0,1', facing: 'E' }).code, 'unreachable');
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '5,0,1', facing: 'E' });
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '9,0,1', facing: 'E' });
  assert.equal(st.s.slots[0].mp!.left, 0);
  s = activeBoard(only(fresh(), { fortune: '0,0,1', 'swarm-1': '12,0,1' }), 'fortune');
  st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', when: 'before' });
  assert.equal(st.s.slots[0].mp!.left, 3);
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '3,0,1', facing: 'E' });
  st = answer(st.s, { type: 'fire', target: '12,0,1' });
  assert.equal(st.s.slots[0].mp, null, 'firing ends the move');
});

test('#22 Jump: up Levels and spaces from the current MP, landing on a roof (Hardtack: up 2, 3 spaces)', () => {
  const s = activeBoard(only(fresh(), { hardtack: '5,3,1' }), 'hardtack');
  let st = answer(s, { type: 'act', unit: 'hardtack', action: 'sprint' });
  st = answer(st.s, { type: 'act', unit: 'hardtack', action: 'jump' });
  assert.equal(refused(st.s, { type: 'jump', unit: 'hardtack', to: '10,3,3', facing: 'E' }).code, 'bad_landing');
  st = answer(st.s, { type: 'jump', unit: 'hardtack', to: '7,3,3', facing: 'E' });
  assert.equal(st.s.units.hardtack.at, '7,3,3');
  assert.equal(st.s.slots[0].mp!.left, 7, '2 spaces jumped, 1 MP each');
  assert.deepEqual(ev(st, 'jumped')[0], { unit: 'hardtack', from: '5,3,1', to: '7,3,3', levels: 2 });
});

test('#23 Dash: 1 space, facing change, at most once per unit before an attack resolves; a target that dashes away is missed', () => {
  const s = activeBoard(only(fresh(), { fortune: '2,1,1', babylon: '3,1,1' }), 'fortune');
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' });
  st = answer(st.s, { type: 'dash', unit: 'babylon', to: '4,0,1', facing: 'S' });
  assert.notEqual(kind(st.s), 'dash_window', 'no second Dash in this attack');
  assert.equal(ev(st, 'attack_missed').length, 1);
  assert.equal(st.s.units.babylon.facing, 'S');
  assert.equal(st.s.boards.babylon.cubes.focus, 1, 'Dash YY from his own board');
});

test('#24 entering the map from an edge in a later Round (Tutorial 3: Hollywood, Round 2, west edge)', () => {
  const s = fresh('T3');
  assert.equal(s.units.hollywood.at, null);
  let st = answer(s, { type: 'activate', board: 'hollywood' });
  assert.equal(refused(st.s, { type: 'act', unit: 'hollywood', action: 'sprint' }).code, 'not_on_map');
  const r2 = playDefaults(fresh('T3'), (x) => x.round === 2).s;
  st = answer(r2, { type: 'activate', board: 'hollywood' });
  st = answer(st.s, { type: 'act', unit: 'hollywood', action: 'sprint' });
  st = answer(st.s, { type: 'move', unit: 'hollywood', to: '3,7,1', facing: 'E' });
  assert.equal(st.s.units.hollywood.at, '3,7,1');
  assert.equal(st.s.slots[0].mp!.left, 8 - 4, 'entering costs the border step (1) plus 3 steps');
});

test('#24 #92 a Minion entering from an edge in a later Round in an Advanced mission (Mission 3: Bravo\'s second Snipe Trooper, Round 2, east edge)', () => {
  const s = noInstantGadgets(fresh('M3'));
  assert.deepEqual([s.units['snipe-2'].at, s.units['snipe-2'].entry], [null, { round: 2, edge: 'east' }]);
  const r1 = until(s, (x) => x.side === 'LEGION' && x.phase === 'activate').s;
  const b1 = answer(r1, { type: 'activate', board: 'bravo' }).s;
  assert.equal(refused(b1, { type: 'act', unit: 'snipe-2', action: 'reposition' }).code, 'not_on_map', 'not in Round 1');
  const r2 = until(s, (x) => x.round === 2 && x.side === 'LEGION' && x.phase === 'activate').s;
  let st = answer(answer(r2, { type: 'activate', board: 'bravo' }).s, { type: 'act', unit: 'snipe-2', action: 'reposition' });
  assert.ok(cands(st.s).every((a) => a.type !== 'move' || a.unit !== 'snipe-2' || Number(a.to.split(',')[0]) >= 16), 'it comes in by the east edge');
  st = answer(st.s, { type: 'move', unit: 'snipe-2', to: '17,7,1', facing: 'W' });
  assert.equal(st.s.units['snipe-2'].at, '17,7,1');
  assert.equal(st.s.units['snipe-2'].entry, null, 'on the map: no longer to enter');
});

test('#38 Squads: actions from slotted Minion cards, one figure per action, group +N with one payment', () => {
  const s = activeBoard(only(fresh(), { 'swarm-1': '13,2,1', 'swarm-2': '13,4,1', fortune: '0,0,1' }), 'alpha');
  let st = answer(s, { type: 'act', unit: 'swarm-1', action: 'charge' });
  assert.equal(st.s.boards.alpha.cubes.speed, 3);
  st = answer(st.s, { type: 'move', unit: 'swarm-1', to: '11,2,1', facing: 'W' });
  st = answer(st.s, { type: 'group', unit: 'swarm-2' });
  assert.equal(st.s.boards.alpha.cubes.speed, 3, 'paid once');
  assert.deepEqual(st.s.slots[0].mp, { unit: 'swarm-2', left: 4, jump: { up: 1, spaces: 2 } });
  assert.equal(refused(st.s, { type: 'group', unit: 'swarm-1' }).code, 'no_group', 'Charge is +1: one more figure only');
});

test('#41 Objective Markers: flip within 1 on the same Level; not while both Sides are next to it', () => {
  const s = activeBoard(only(fresh(), { fortune: '9,5,1' }), 'fortune');
  s.units.fortune.at = '5,7,1';
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'sprint' });
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '8,7,1', facing: 'E' });
  assert.equal(st.s.oms.find((o) => o.id === '2')!.control, 'MAYHEM');
  assert.deepEqual(ev(st, 'om_flipped')[0], { om: '2', to: 'MAYHEM', by: 'fortune' });
  const t = activeBoard(only(fresh(), { fortune: '5,7,1', 'swarm-1': '10,6,1' }), 'fortune');
  st = answer(t, { type: 'act', unit: 'fortune', action: 'sprint' });
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '8,7,1', facing: 'E' });
  assert.equal(st.s.oms.find((o) => o.id === '2')!.control, 'LEGION', 'a LEGION unit is next to it');
});

test('#42 VP: end-of-Round OM scoring (then removal), immediate scoring, the lead of 20 wins at once', () => {
  let s = fresh('M1');
  s.oms[0].control = 'MAYHEM';
  const { s: end, events } = playDefaults(s, (x) => x.round === 2);
  const vps = events.filter((e) => e.type === 'vp').map((e) => e.data);
  assert.deepEqual(vps, [
    { side: 'MAYHEM', vp: 1, why: '1 VP at the end of each Round for each OM under MAYHEM control; then remove that OM', lead: 1 },
    { side: 'LEGION', vp: 2, why: '1 VP at the end of each Round for each OM under LEGION control', lead: -1 },
  ]);
  assert.deepEqual(end.oms.map((o) => o.id), ['2', '3'], 'the scored MAYHEM OM is removed');
  s = activeBoard(only(fresh(), { fortune: '2,1,1', 'swarm-1': '3,1,1' }), 'fortune');
  s.vp.MAYHEM = 19; s.boards.alpha.cubes.focus = 0;
  const st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' }, [5, 6]);
  assert.equal(st.s.result?.reason, 'MAYHEM reached a lead of 20 VP');
  assert.deepEqual(st.s.result?.winners, [0]);
});

test('#43 mission loader: setup steps (boards filled, Mayhem empty), placement by Level, initiative, 3-4 players share boards', () => {
  const s = fresh('M1', 4);
  assert.deepEqual(s.seats, ['MAYHEM', 'LEGION', 'MAYHEM', 'LEGION']);
  assert.deepEqual(s.boards.fortune.cubes, { speed: 3, focus: 3, tech: 2, mayhem: 0 });
  assert.equal(s.units.babylon.at, '8,4,3');
  assert.equal(s.side, 'MAYHEM');
  assert.deepEqual(s.slots.map((x) => x.seat), [0, 2], 'two activation slots per Side');
  let st = answer(s, { type: 'activate', board: 'fortune' });
  st = answer(st.s, { type: 'end' });
  assert.equal(refused(st.s, { type: 'activate', board: 'fortune' }).code, 'board_taken');
  assert.deepEqual(fresh('M1', 3).slots.map((x) => x.seat), [0, 0], 'the solo player runs MAYHEM as two players');
  // Chained tutorial: T2 starts from T1's end state.
  const t1 = playDefaults(fresh('T1')).s;
  t1.units.fortune.at = '4,4,1'; t1.boards.fortune.cubes.speed = 1;
  const t2 = fresh('T2', 2, { carry: carry(t1) });
  assert.equal(t2.units.fortune.at, '4,4,1');
  assert.equal(t2.boards.fortune.cubes.speed, 1);
});

test('#44 views: the public view shows no drawn card, and determinize keeps every seat\'s view', () => {
  const s = playDefaults(fresh('M1', 4), (x) => x.turnNo === 3).s;
  assert.ok(s.slots.every((x) => x.drawn));
  for (const seat of [1, 3, null]) {
    const v = rs.view(s, seat);
    assert.ok(v.slots.every((x) => x.drawn === '?'));
    const d = rs.determinize!(structuredClone(v), seat, localRng('det'));
    assert.deepEqual(rs.view(d, seat), v);
  }
  assert.deepEqual(rs.view(s, 2).slots.map((x) => x.drawn), s.slots.map((x) => x.drawn), 'the teammate sees both cards');
});

test('#82 3-4 players: two activation slots per Side, each drawer\'s card refreshes the board it activated and the board nobody activated (L1362, A-45)', () => {
  const s = playDefaults(fresh('M1', 4), (x) => x.turnNo === 3).s;
  assert.equal(s.side, 'MAYHEM');
  assert.deepEqual(s.slots.map((x) => [x.seat, !!x.drawn]), [[0, true], [2, true]]);
  let st = answer(s, { type: 'activate', board: 'fortune' });
  st = answer(st.s, { type: 'end' });
  assert.equal(rs.pending(st.s)[0].seat, 2, 'the teammate activates next');
  st = answer(st.s, { type: 'activate', board: 'hardtack' });
  st = answer(st.s, { type: 'end' });
  const seen: [number, string][] = [];
  for (let i = 0; i < 10 && kind(st.s) === 'refresh'; i++) {
    const d = rs.pending(st.s)[0];
    const e = d.exposes as { board: string; cubes: number };
    if (e.cubes) seen.push([d.seat, e.board]);
    st = answer(st.s, rs.defaultAction(st.s, d));
  }
  assert.deepEqual(seen, [[0, 'fortune'], [0, 'hollywood'], [2, 'hardtack'], [2, 'hollywood']], 'the free board gets both cards');
});

test('#89 chained tutorials: each starts from the previous one\'s end state through carry (T1 -> T2 -> T3)', async () => {
  const { randomPlayout } = await import('../../../src/engine/playout.js');
  const { seats } = await import('./helpers.js');
  let prev: unknown = undefined;
  for (const id of ['T1', 'T2', 'T3']) {
    const r = randomPlayout(rs, { scenario: id, seats: seats(2), seed: `chain-${id}`, options: prev ? { carry: prev } : {} });
    assert.ok(r.result);
    const c = carry(r.k.s as S);
    if (prev) assert.equal((r.k.s as S).mission, id);
    assert.equal(c.from, id);
    prev = c;
  }
  const t4 = fresh('T4', 2, { carry: prev });
  const c3 = prev as ReturnType<typeof carry>;
  for (const u of ['fortune', 'hardtack']) if (c3.units[u].at) assert.equal(t4.units[u].at, c3.units[u].at, `${u} where T3 left it`);
});
