// Checklist items [core] #1 #2 #11-#18 #33-#35: configuration, dice log, Quality and Resolve,
// initiative and alternation, activation, actions and movement, Resolve and morale, fall back,
// end of game, views, queries (spec §2.1, §4.1, §5.1-§5.3, §6.1-§6.2, §8, §9, §10);
// options #98 Seize Initiative, #109 Losing Heart.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, hold, row, seats, setup, shootAt, squad, tryAct, unitOf } from './helpers.js';
import { QUALITY_TABLE } from '../../../src/games/fast-and-dirty/state.js';
import { isBroken } from '../../../src/games/fast-and-dirty/rules/morale.js';
import { scriptedRng } from '../../../src/engine/rng.js';

test('#1 the rules configuration is fixed at creation and logged in the first event (§4.1)', () => {
  const r = fastAndDirty.setup({ scenario: 'firefight', seats, options: { passiveDamage: true, turnLimit: 5 } }, { seq: 0, rng: scriptedRng([]) });
  assert.ok(!('code' in r));
  const cfg = r.events.find((e) => e.type === 'game_configured')!.data as { options: Record<string, unknown>; dataset: string };
  assert.equal(cfg.options.passiveDamage, true);
  assert.equal(cfg.options.turnLimit, 5);
  assert.equal(cfg.dataset, 'fad5-provisional');
  assert.equal(r.state.options.turnLimit, 5);
});

test('#2 every die roll is a public event; same seed and entries replay identically (§8.2)', () => {
  const s = craft({ name: 'dice', active: 'A1', units: [{ id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) }, { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) }] });
  const a = act(s, shootAt('B1'), faces(6, 6, 6, 1, 6, 1, 6, 1));
  const b = act(s, shootAt('B1'), faces(6, 6, 6, 1, 6, 1, 6, 1));
  assert.deepEqual(a, b);
  const rolls = a.events.filter((e) => e.type === 'dice_rolled');
  assert.ok(rolls.length >= 3 && rolls.every((e) => e.to === 'all'));
});

test('#11 Quality and Resolve tables: targets 5+/4+/3+/2+, coherency and base range 2-5", priority 1-4; break points (§2.1)', () => {
  assert.deepEqual(Object.values(QUALITY_TABLE).map((q) => [q.target, q.coherency, q.base, q.priority]), [[5, 200, 200, 1], [4, 300, 300, 2], [3, 400, 400, 3], [2, 500, 500, 4]]);
  const s = craft({ name: 'resolve', units: [{ id: 'A1', side: 0, spec: squad('regular', 8, { resolve: 'uncertain' }), at: row(500, 500, 8) }] });
  const u = unitOf(s, 'A1');
  u.figures[0].alive = false;
  assert.equal(isBroken(s, u), false, 'Uncertain breaks at 25% of 8 = 2');
  u.figures[1].alive = false;
  assert.equal(isBroken(s, u), true);
  u.resolve = 'reluctant';
  u.figures[1].alive = true;
  assert.equal(isBroken(s, u), true, 'Reluctant breaks at 1 casualty');
});

test('#12 initiative: each side rolls 1D6, ties re-roll, the high roller chooses to go first or second (§5.1)', () => {
  const s = setup('firefight', {}, faces(3, 3, 2, 5));
  assert.deepEqual(s.initiative, { winner: 1, rolls: [2, 5] });
  const d = decision(s);
  assert.equal(d.kind, 'initiative');
  assert.equal(d.seat, 1);
  const r = act(s, { type: 'initiative', first: false });
  assert.equal(r.s.toAct, 0, 'side 1 chose to go second');
  assert.equal(decision(r.s).kind, 'activate');
});

test('#13 activation: tests, then the action, then cleanup; alternation passes to the other side; a side with none left yields (§5.1-§5.2)', () => {
  const s = craft({ name: 'alt', units: [
    { id: 'A1', side: 0, spec: squad('regular', 2), at: row(500, 500, 2) }, { id: 'A2', side: 0, spec: squad('regular', 2), at: row(2500, 500, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: row(500, 4000, 2) },
  ] });
  let k = act(s, { type: 'activate', unit: 'A1' }).s;
  assert.equal(decision(k).kind, 'order');
  unitOf(k, 'A1').underFire = true;
  k = act(k, hold).s;
  assert.equal(unitOf(k, 'A1').activated, true);
  assert.equal(unitOf(k, 'A1').underFire, false, 'Under Fire removed at the end of its activation');
  assert.equal(decision(k).seat, 1);
  const again = tryAct(act(act(k, { type: 'activate', unit: 'B1' }).s, hold).s, { type: 'activate', unit: 'A1' });
  assert.equal('code' in again && again.code, 'already_activated');
  k = act(act(k, { type: 'activate', unit: 'B1' }).s, hold).s;
  assert.equal(decision(k).seat, 0, 'side 1 has none left: side 0 activates its remaining unit');
});

test('#14 #15 Engage the Enemy moves 6"; Move Out Rushes 12" with no fire; the assault move adds 4" (§5.3, §6.2)', () => {
  const s = craft({ name: 'moves', active: 'A1', units: [{ id: 'A1', side: 0, spec: squad('regular', 1), at: [[1000, 500]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 3000]] }] });
  assert.ok(!('code' in tryAct(s, { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 1100]] }], target: null, fireFirst: true })));
  assert.equal((tryAct(s, { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 1101]] }], target: null, fireFirst: true }) as { code: string }).code, 'beyond_allowance');
  assert.ok(!('code' in tryAct(s, { type: 'rush', moves: [{ fig: 'A1.1', path: [[1000, 1700]] }] })));
  assert.equal((tryAct(s, { type: 'rush', moves: [{ fig: 'A1.1', path: [[1000, 1701]] }] }) as { code: string }).code, 'beyond_allowance');
  const near = craft({ name: 'assault-reach', active: 'A1', units: [{ id: 'A1', side: 0, spec: squad('regular', 1), at: [[1000, 500]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 1600]] }] });
  assert.ok(!('code' in tryAct(near, { type: 'assault', target: 'B1', moves: [{ fig: 'A1.1', path: [[1000, 1500]] }] }, faces(1, 1, 1, 1, 1))), '10" charge into contact');
  assert.equal((tryAct(near, { type: 'assault', target: 'B1', moves: [{ fig: 'A1.1', path: [[1000, 1400]] }] }) as { code: string }).code, 'no_contact');
  const uf = craft({ name: 'uf-rush', active: 'A1', units: [{ id: 'A1', side: 0, spec: squad('regular', 1), at: [[1000, 500]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 3000]] }] });
  unitOf(uf, 'A1').underFire = true;
  assert.equal((tryAct(uf, { type: 'rush', moves: [{ fig: 'A1.1', path: [[1000, 1300]] }] }) as { code: string }).code, 'under_fire_rush', 'toward the enemy, not to cover');
  assert.ok(!('code' in tryAct(uf, { type: 'rush', moves: [{ fig: 'A1.1', path: [[1700, 300]] }] })), 'away from the enemy');
});

/** Conscript A1 (4 figures, Steady) with 2 dead: broken; B1 12" away in the open. */
function brokenSquad(name: string) {
  const s = craft({ name, units: [{ id: 'A1', side: 0, spec: squad('conscript', 4), at: row(1000, 1000, 4) }, { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2300, 3) }] });
  unitOf(s, 'A1').figures[2].alive = false;
  unitOf(s, 'A1').figures[3].alive = false;
  return s;
}

test('#16 #17 Check Resolve at activation; broken units test morale on 3D6 counting dice ≥ Quality: 0 routs, 1 falls back, 2-3 normal (§6.1)', () => {
  let r = act(brokenSquad('rout'), { type: 'activate', unit: 'A1' }, faces(1, 2, 3));
  assert.equal(unitOf(r.s, 'A1').out, true, 'no die ≥ 4: routs');
  assert.equal(evOf(r.events, 'broken').length, 1);
  r = act(brokenSquad('fall'), { type: 'activate', unit: 'A1' }, faces(4, 2, 3));
  assert.equal(unitOf(r.s, 'A1').fallingBack, true);
  r = act(brokenSquad('ok'), { type: 'activate', unit: 'A1' }, faces(4, 5, 1));
  assert.equal(unitOf(r.s, 'A1').fallingBack, false);
  assert.equal(unitOf(r.s, 'A1').broken, true, 'passing does not end the broken state');
});

test('#18 falling back: the move must end farther from the nearest enemy; its fire is at −3; no assault (§6.1)', () => {
  const k = act(brokenSquad('fb'), { type: 'activate', unit: 'A1' }, faces(4, 2, 3)).s;
  assert.equal((tryAct(k, hold) as { code: string }).code, 'fall_back_not_away');
  assert.equal((tryAct(k, { type: 'assault', target: 'B1', moves: [] }) as { code: string }).code, 'falling_back');
  const away = { type: 'engage' as const, moves: [{ fig: 'A1.1', path: [[1000, 500] as [number, number]] }, { fig: 'A1.2', path: [[1220, 500] as [number, number]] }], target: 'B1', fireFirst: true };
  const r = act(k, away, faces(6, 6, 1, 6, 1, 6));
  assert.equal(evOf(r.events, 'shot')[0].mods.fallingBack, -3);
});

test('#33 end of turn and turn limit: attrition 2 per enemy unit out of play, 1 per broken; a difference under 2 is a draw; concession (§9)', () => {
  const s = craft({ name: 'end', units: [{ id: 'A1', side: 0, spec: squad('regular', 2), at: row(500, 500, 2) }, { id: 'A2', side: 0, spec: squad('regular', 2), at: row(2500, 500, 2) }, { id: 'B1', side: 1, spec: squad('regular', 2), at: row(500, 4000, 2) }, { id: 'B2', side: 1, spec: squad('regular', 2), at: row(2500, 4000, 2) }] });
  s.turn = s.options.turnLimit;
  for (const u of s.units) u.activated = u.id !== 'A1';
  unitOf(s, 'B2').out = true;
  const r = act(act(s, { type: 'activate', unit: 'A1' }).s, hold);
  assert.deepEqual(r.s.result?.winners, [0]);
  assert.equal(r.s.result?.scores?.side0, 2);
  const draw = craft({ name: 'end-draw', units: [{ id: 'A1', side: 0, spec: squad('regular', 2), at: row(500, 500, 2) }, { id: 'B1', side: 1, spec: squad('regular', 2), at: row(500, 4000, 2) }] });
  draw.turn = draw.options.turnLimit;
  unitOf(draw, 'B1').activated = true;
  unitOf(draw, 'B1').broken = true;
  const d = act(act(draw, { type: 'activate', unit: 'A1' }).s, hold);
  assert.equal(d.s.result?.draw, true, '1-0 is a draw');
  const c = fastAndDirty.resign!(draw, 1, { seq: 1, rng: scriptedRng([]) });
  assert.deepEqual(c.state.result?.winners, [0]);
});

test('#33 immediate win when a side has no units in play (§9 item 4)', () => {
  const s = craft({ name: 'wipe', active: 'A1', units: [{ id: 'A1', side: 0, spec: squad('elite', 5), at: row(1000, 500, 5) }, { id: 'B1', side: 1, spec: squad('rabble', 1, { armour: 'none' }), at: [[1000, 900]] }] });
  const r = act(s, shootAt('B1'), faces(6, 6, 6, 1));
  assert.deepEqual(r.s.result?.winners, [0]);
});

test('#34 views: nothing is hidden in the core game; every seat and spectators see the same; dice are public (§8.1)', () => {
  const s = setup('evacuation');
  assert.deepEqual(fastAndDirty.view(s, 0), fastAndDirty.view(s, 1));
  assert.deepEqual(fastAndDirty.view(s, 0), fastAndDirty.view(s, null));
  assert.deepEqual(fastAndDirty.determinize!(fastAndDirty.view(s, 0), 0, scriptedRng([])), s);
});

test('#35 derived queries: reach, los, band, cover, coherency, odds from a view (§10)', () => {
  const s = craft({ name: 'query', units: [{ id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) }, { id: 'B1', side: 1, spec: squad('regular', 2), at: row(1000, 1500, 2) }] });
  const v = fastAndDirty.view(s, 0);
  assert.deepEqual((fastAndDirty.query!(v, 'reach', { unit: 'A1', mode: 'rush' }) as { allowance: number }).allowance, 1200);
  assert.deepEqual(fastAndDirty.query!(v, 'reach', { unit: 'A1', fig: 'A1.1', path: [[1000, 1000]] }), { allowance: 600, cost: 500, fits: true });
  assert.deepEqual(fastAndDirty.query!(v, 'los', { from: 'A1.1', to: 'B1.1' }), { visible: true });
  assert.equal((fastAndDirty.query!(v, 'band', { unit: 'A1', target: 'B1' }) as { band: string }).band, 'close');
  assert.equal((fastAndDirty.query!(v, 'cover', { unit: 'A1', target: 'B1' }) as { cover: string }).cover, 'none');
  assert.equal((fastAndDirty.query!(v, 'coherency', { unit: 'A1' }) as { coherent: boolean }).coherent, true);
  const odds = fastAndDirty.query!(v, 'odds', { unit: 'A1', target: 'B1' }) as { pHitInOpen: number };
  assert.ok(odds.pHitInOpen > 0.9, 'Regular +1, close: any 2D6-keep-highest of 2+ with +1 reaches 3');
});

test('#98 option Seize Initiative: 6 against 1 gives the winner one extra activation (§5.1)', () => {
  const s = setup('firefight', { seizeInitiative: true }, faces(6, 1));
  assert.equal(s.seized, 0);
  let k = act(s, { type: 'initiative', first: true }).s;
  k = act(act(k, { type: 'activate', unit: 'A1' }).s, hold).s;
  k = act(act(k, { type: 'activate', unit: 'B1' }).s, hold).s;
  const again = tryAct(k, { type: 'activate', unit: 'A1' });
  assert.ok(!('code' in again), 'A1 may act a second time');
  assert.equal((again as { s: typeof k }).s.seized, null, 'only once');
});

test('#109 option Losing Heart: at 50% of units eliminated every unit of that force drops one Resolve level (§6.13)', () => {
  const s = craft({ name: 'heart', active: 'A1', options: { losingHeart: true }, units: [
    { id: 'A1', side: 0, spec: squad('elite', 5), at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: squad('rabble', 1, { armour: 'none' }), at: [[1000, 900]] },
    { id: 'B2', side: 1, spec: squad('regular', 2, { resolve: 'steady' }), at: row(3000, 4000, 2) },
  ] });
  s.options.losingHeart = true;
  const r = act(s, shootAt('B1'), faces(6, 6, 6, 1));
  assert.equal(r.s.heart[1], 1);
  assert.equal(evOf(r.events, 'losing_heart').length, 1);
});
