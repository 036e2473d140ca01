// Instants with a timer, a Jump or a group (#18, ruleset 0.3.7; checklist #46 with #22, #38 and #54).
// The rulebook limits when and how often an Instant is used (L275-284), not what it carries:
// - a Jump goes with a move's MP (L527-537) and gives none of its own (L585); an Instant Jump
//   joins a move of its unit in its own Turn as the Add-on Jump does (L306), and has no MP to use
//   in a window of the other Side's Turn, where the unit's one Instant (L284) is the Jump alone;
// - a mandatory timer delays the whole attack, paid now (L1669), whoever's Turn it is; an optional
//   Until-Removed timer holds a self Action's statuses while it stays (L1655, L1665);
// - a group (+N) lets extra figures of the Minion type perform the Action, paid once (L996-998).
// No card of the provisional data has these: each test reshapes one for its body.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileAbilities } from '../../../src/games/agents-of-mayhem/content.js';
import { CARD_ACTIONS, GADGETS, type S } from '../../../src/games/agents-of-mayhem/state.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs, until } from './helpers.js';

const QUICK = 'gadget-fortune-quickdraw';
const GRAPPLE = 'gadget-hardtack-grapple';
const SMOKE = 'gadget-hollywood-smokebomb';

/** Runs `body` with `target` (a compiled action of the data) reshaped by `patch`, restored after. */
function reshaped(target: object, patch: Record<string, unknown>, body: () => void): void {
  const t = target as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(patch).map((k) => [k, t[k]]));
  Object.assign(t, patch);
  try { body(); } finally { for (const [k, v] of Object.entries(saved)) { if (v === undefined) delete t[k]; else t[k] = v; } }
}
const gadget = (id: string) => GADGETS[id].action!;

test('#46 #22 L527-537 an Instant move with a Jump, in its own Turn: its MP may jump as any move\'s', () => {
  reshaped(gadget(GRAPPLE), { jump: { up: 1, spaces: 2 } }, () => {
    const s = activeBoard(only(fresh('M3'), { fortune: '2,2,1', hardtack: '2,4,1', babylon: '17,7,1' }), 'fortune');
    const st = answer(s, { type: 'act', unit: 'hardtack', action: GRAPPLE });
    assert.deepEqual(st.s.slots[0].mp, { unit: 'hardtack', left: 2, jump: { up: 1, spaces: 2 } });
    const j = cands(st.s).find((a) => a.type === 'jump' && a.unit === 'hardtack');
    assert.ok(j, 'a Jump with the Instant\'s MP is offered');
    const after = answer(st.s, j);
    assert.equal(after.s.units.hardtack.at, (j as { to: string }).to);
    assert.equal(ev(after, 'jumped').length, 1);
  });
});

test('#46 #22 L527-537 L1002 an Instant move with a Jump in a window of the other Side\'s Turn: its MP moved or jumped in instant_move, one Jump, then the MP left moved', () => {
  reshaped(gadget(GRAPPLE), { mp: 3, jump: { up: 1, spaces: 2 } }, () => {
    const s = fresh('M3');
    s.units.fortune.gadgets = s.units.fortune.gadgets!.filter((g) => g !== QUICK); // Hardtack alone is asked
    let st = until(s, (x) => x.side === 'LEGION' && kind(x) === 'activate', { MAYHEM: 'hollywood' });
    st = answer(st.s, { type: 'activate', board: 'alpha' });
    assert.deepEqual([kind(st.s), (rs.pending(st.s)[0].exposes as { unit: string }).unit], ['instant_window', 'hardtack']);
    st = answer(st.s, { type: 'act', unit: 'hardtack', action: GRAPPLE });
    const d = rs.pending(st.s)[0];
    assert.deepEqual([d.kind, d.seat, d.exposes], ['instant_move', 0, { unit: 'hardtack', action: GRAPPLE, mp: 3, jump: { up: 1, spaces: 2 } }]);
    const jumps = cands(st.s).filter((a) => a.type === 'jump');
    assert.ok(jumps.length > 0, 'Jumps offered with the window\'s MP');
    assert.ok(jumps.every((a) => a.type === 'jump' && a.unit === 'hardtack'));
    assert.equal(refused(st.s, { type: 'jump', unit: 'hollywood', to: (jumps[0] as { to: string }).to, facing: 'N' }).code, 'not_the_unit');
    // The nearest landing (1 MP): the move's Jump is used, MP are left to move on.
    const near = jumps.find((a) => a.type === 'jump' && Math.max(...a.to.split(',').slice(0, 2).map((n, i) => Math.abs(Number(n) - Number(st.s.units.hardtack.at!.split(',')[i])))) === 1)!;
    assert.ok(near, 'a landing one space away');
    st = answer(st.s, near);
    assert.equal(st.s.units.hardtack.at, (near as { to: string }).to);
    assert.deepEqual(ev(st, 'jumped').map((e) => [e.instant, e.mp]), [[GRAPPLE, 2]]);
    assert.equal(kind(st.s), 'instant_move', '2 MP left to move');
    assert.ok(!cands(st.s).some((a) => a.type === 'jump'), 'one Jump a move (L1002)');
    assert.equal(refused(st.s, near).code, 'no_jump');
    assert.ok(cands(st.s).some((a) => a.type === 'move'), 'the MP left are moved normally (L537)');
  });
});

test('#46 #22 L585 L306 L284 an Instant Jump: in its own Turn it joins the unit\'s move (no MP of its own); on the other Side\'s Turn it is never usable', () => {
  reshaped(gadget(GRAPPLE), { kind: 'jump', mp: undefined, jump: { up: 1, spaces: 2 } }, () => {
    const s = activeBoard(only(fresh('M3'), { fortune: '2,2,1', hardtack: '2,4,1', babylon: '17,7,1' }), 'hardtack');
    assert.ok(!cands(s).some((a) => a.type === 'act' && a.action === GRAPPLE), 'not moving: nothing to jump with');
    assert.equal(refused(s, { type: 'act', unit: 'hardtack', action: GRAPPLE }).code, 'no_mp');
    let st = answer(s, { type: 'act', unit: 'hardtack', action: 'sprint' });
    const left = st.s.slots[0].mp!.left;
    assert.ok(cands(st.s).some((a) => a.type === 'act' && a.unit === 'hardtack' && a.action === GRAPPLE), 'offered during the move');
    st = answer(st.s, { type: 'act', unit: 'hardtack', action: GRAPPLE });
    assert.deepEqual(st.s.slots[0].mp, { unit: 'hardtack', left, jump: { up: 1, spaces: 2 } }, 'the Sprint\'s MP, now with the Jump: no MP added');
    assert.deepEqual(st.s.slots[0].addons, [], 'no Add-on used');
    assert.ok(cands(st.s).some((a) => a.type === 'jump' && a.unit === 'hardtack'));
    // LEGION's Turn: Hardtack's only Instant is the Jump, with no MP: no window opens for him.
    const l = fresh('M3');
    l.units.fortune.gadgets = l.units.fortune.gadgets!.filter((g) => g !== QUICK);
    let w = until(l, (x) => x.side === 'LEGION' && kind(x) === 'activate', { MAYHEM: 'hollywood' });
    w = answer(w.s, { type: 'activate', board: 'alpha' });
    assert.notEqual(kind(w.s), 'instant_window', 'no window: the Jump has no MP to use there');
  });
});

test('#46 #54 L1669 an Instant attack with a mandatory timer in its own Turn: paid now, no target named; the target chosen when the timer comes off', () => {
  reshaped(gadget(QUICK), { timer: { side: 'enemy', mandatory: true } }, () => {
    const s = activeBoard(only(fresh('M3'), { fortune: '2,2,1', 'swarm-1': '4,2,1', hardtack: '0,7,1', babylon: '17,7,1' }), 'hardtack');
    const offered = cands(s).filter((a) => a.type === 'act' && a.action === QUICK);
    assert.deepEqual(offered, [{ type: 'act', unit: 'fortune', action: QUICK }], 'one candidate, no target');
    assert.equal(refused(s, { type: 'act', unit: 'fortune', action: QUICK, target: '4,2,1' }).code, 'target_later');
    let st = answer(s, { type: 'act', unit: 'fortune', action: QUICK });
    assert.deepEqual(ev(st, 'timer_placed').map((e) => [e.side, e.holder, e.action]), [['LEGION', 'unit:fortune', QUICK]]);
    assert.equal(ev(st, 'attack_declared').length, 0, 'delayed whole');
    assert.deepEqual([st.s.boards.fortune.cubes.focus, st.s.boards.fortune.cubes.tech], [s.boards.fortune.cubes.focus - 1, s.boards.fortune.cubes.tech - 1], 'YB paid now');
    st = until(st.s, (x) => kind(x) === 'delayed_action', { MAYHEM: 'hardtack', LEGION: 'alpha' });
    assert.equal(st.s.side, 'LEGION', 'resolved at LEGION\'s Refresh Phase');
    assert.deepEqual(rs.pending(st.s)[0].exposes, { unit: 'fortune', action: QUICK, aimed: false });
  });
});

test('#46 #54 L1669 L284 an Instant attack with a mandatory timer in a window of the other Side\'s Turn: the timer is placed, the attack waits; it does not come off in the Turn it was placed (L1657)', () => {
  reshaped(gadget(QUICK), { timer: { side: 'enemy', mandatory: true } }, () => {
    const s = activeBoard(only(fresh('M3'), { fortune: '2,2,1', 'swarm-1': '4,2,1', babylon: '17,7,1' }), 'alpha');
    s.boards.alpha.cubes.focus = 0; // no Dash
    let st = answer(s, { type: 'act', unit: 'swarm-1', action: 'charge' });
    assert.deepEqual([kind(st.s), (rs.pending(st.s)[0].exposes as { window: string }).window], ['instant_window', 'W-paid']);
    assert.ok(cands(st.s).some((a) => a.type === 'act' && a.action === QUICK && a.target === undefined), 'offered without a target');
    assert.equal(refused(st.s, { type: 'act', unit: 'fortune', action: QUICK, target: '4,2,1' }).code, 'target_later');
    st = answer(st.s, { type: 'act', unit: 'fortune', action: QUICK });
    assert.deepEqual(ev(st, 'timer_placed').map((e) => [e.side, e.holder]), [['LEGION', 'unit:fortune']]);
    assert.equal(ev(st, 'attack_declared').length, 0);
    assert.deepEqual([kind(st.s), st.s.slots[0].mp?.unit], ['turn', 'swarm-1'], 'the Charge is performed');
    const t = st.s.timers![0].n;
    st = until(st.s, (x) => x.side === 'MAYHEM' && kind(x) === 'activate');
    assert.ok(st.s.timers!.some((x) => x.n === t), 'not removed at LEGION\'s Refresh of the Turn it was placed in');
  });
});

test('#46 #54 L1655 L1665 a self Instant with an optional Until-Removed timer: placed or not, in its own Turn and in a window; the status lasts while the timer stays', () => {
  const def = gadget(SMOKE);
  reshaped(def, { timer: { side: 'own' }, parsed: compileAbilities('test', ['UNTIL REMOVED = GAIN DEFENSE_UP']) }, () => {
    const own = activeBoard(only(fresh('M4'), { hollywood: '2,2,1', fortune: '0,7,1', babylon: '17,7,1' }), 'fortune');
    const offered = cands(own).filter((a) => a.type === 'act' && a.action === SMOKE);
    assert.deepEqual(offered, [{ type: 'act', unit: 'hollywood', action: SMOKE }, { type: 'act', unit: 'hollywood', action: SMOKE, timer: true }]);
    let st = answer(own, { type: 'act', unit: 'hollywood', action: SMOKE, timer: true });
    if (kind(st.s) === 'instant_window') st = until(st.s, (x) => kind(x) === 'turn');
    assert.deepEqual(st.s.timers!.map((t) => [t.side, t.holder]), [['MAYHEM', `action:hollywood:${SMOKE}`]]);
    assert.deepEqual(st.s.units.hollywood.statuses.filter((x) => x.kind === 'DEFENSE_UP').map((x) => x.timer), [st.s.timers![0].n]);
    const none = answer(own, { type: 'act', unit: 'hollywood', action: SMOKE });
    assert.equal(none.s.timers, undefined, 'not placed: no status either (its one ability is the timer\'s)');
    // LEGION's Turn: Hollywood attacked, in the W-preroll window.
    const s: S = activeBoard(only(fresh('M4'), { hollywood: '2,2,1', 'shock-1': '3,2,1', fortune: '0,7,1', babylon: '17,7,1' }), 'bravo');
    s.units.hollywood.facing = 'E';
    let w = answer(s, { type: 'act', unit: 'shock-1', action: 'smash', target: '2,2,1' });
    assert.equal(kind(w.s), 'dash_window');
    assert.ok(cands(w.s).some((a) => a.type === 'act' && a.action === SMOKE && a.timer === true));
    w = answer(w.s, { type: 'act', unit: 'hollywood', action: SMOKE, timer: true }, [1, 1]);
    assert.deepEqual(ev(w, 'timer_placed').map((e) => [e.side, e.until]), [['MAYHEM', true]]);
  });
});

test('#46 #38 L996-998 L275 a Minion\'s Instant card use with a group, in its own Turn with another board activated: the extra figure of its Squad performs it, the cost paid once', () => {
  const frenzy = CARD_ACTIONS.swarm.find((a) => a.id === 'card-frenzy')!;
  reshaped(frenzy, { type: 'instant', kind: 'move', mp: 2, group: 1, attack: undefined }, () => {
    const s = activeBoard(only(fresh('M3'), { 'swarm-1': '11,1,1', 'swarm-2': '11,6,1', 'shock-1': '10,3,1', fortune: '1,7,1', babylon: '17,7,1' }), 'bravo');
    assert.ok(s.mayhem!.LEGION.hand.includes('swarm-1'));
    const speed = s.boards.alpha.cubes.speed;
    let st = answer(s, { type: 'act', unit: 'swarm-1', action: 'card-frenzy' });
    while (kind(st.s) === 'instant_window') st = answer(st.s, { type: 'pass' });
    assert.deepEqual(st.s.slots[0].group, { action: 'card-frenzy', minion: 'swarm', used: ['swarm-1'], left: 1 });
    assert.ok(cands(st.s).some((a) => a.type === 'group' && a.unit === 'swarm-2'), 'the other Swarm Trooper, of Alpha (not activated)');
    assert.equal(refused(st.s, { type: 'group', unit: 'shock-1' }).code, 'wrong_figure');
    st = answer(st.s, { type: 'group', unit: 'swarm-2' });
    assert.deepEqual(ev(st, 'group_action').map((e) => e.unit), ['swarm-2']);
    assert.deepEqual(st.s.slots[0].mp && [st.s.slots[0].mp.unit, st.s.slots[0].mp.left], ['swarm-2', 2]);
    assert.equal(st.s.boards.alpha.cubes.speed, speed - 1, 'G paid once');
    assert.equal(st.s.slots[0].main, false, 'no Main Action used');
  });
});

test('#46 #38 L284 [P] a Minion\'s group Instant in a window of the other Side\'s Turn: the figure asked takes it alone, no extension offered', () => {
  const frenzy = CARD_ACTIONS.swarm.find((a) => a.id === 'card-frenzy')!;
  reshaped(frenzy, { type: 'instant', kind: 'move', mp: 2, group: 1, attack: undefined }, () => {
    const s = activeBoard(only(fresh('M3'), { fortune: '9,1,1', 'swarm-1': '11,1,1', 'swarm-2': '11,6,1', babylon: '17,7,1' }), 'fortune');
    s.units.fortune.gadgets = s.units.fortune.gadgets!.filter((g) => g !== QUICK);
    s.units.fortune.facing = 'E';
    let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '11,1,1' });
    assert.deepEqual([kind(st.s), (rs.pending(st.s)[0].exposes as { unit: string }).unit], ['dash_window', 'swarm-1']);
    st = answer(st.s, { type: 'act', unit: 'swarm-1', action: 'card-frenzy' });
    assert.equal(kind(st.s), 'instant_move');
    assert.ok(!cands(st.s).some((a) => a.type === 'group'), 'no group extension in the window');
    const at2 = st.s.units['swarm-2'].at;
    st = answer(st.s, cands(st.s).find((a) => a.type === 'move')!, [1, 1, 1, 1]);
    assert.equal(st.s.units['swarm-2'].at, at2, 'the other figure stays');
    assert.equal(st.s.slots[0].group ?? null, null, 'MAYHEM\'s Turn has no group to extend');
  });
});
