// [full] checklist items: multi-player missions, mission data, special rules, objectives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { abaddon, act, craft, dec, evOf, finishSetup, passRound, start, tryAct, unit, decisions } from './helpers.js';
import { DATA } from '../../../src/games/abaddon/data.js';
import { eventFor } from '../../../src/engine/kernel.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import { getRuleset, rulesets } from '../../../src/games/index.js';

test('#8 all 16 missions are listed with players and first player (registry, scenarios[])', () => {
  assert.equal(getRuleset('abaddon'), abaddon);
  assert.ok(rulesets().includes(abaddon));
  const sc = abaddon.scenarios;
  assert.equal(sc.length, 16);
  const players = sc.map((s) => s.players);
  assert.deepEqual(players, [2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4]);
  const first = sc.map((s) => (s.notes as { firstPlayer: string }).firstPlayer);
  assert.deepEqual(first.slice(0, 8), ['CA', 'SCS', 'roll-off (most Commands on 5 activation dice)', 'SCS', 'CA', 'CA', 'SCS', 'SCS']);
  assert.ok(first.slice(8).every((f) => f.startsWith('Lock-On Relay')));
  assert.deepEqual(sc.map((s) => s.title.replace(/^Mission #\d+ - /, '')), [
    'Field Exercise', 'Meeting Engagement', 'Seek and Destroy', 'The Gauntlet', 'One-on-One Challenge', 'East Front',
    'Man vs Machine', 'The Drop', 'Breakout', 'Ambush', 'Relief Force', 'Teamwork', 'Running Blind', 'West Wood',
    'Spring Offensive', 'Share Command']);
  for (const s of sc) assert.ok(Array.isArray((s.notes as { provisional: string[] }).provisional));
});

test('#8 orders of battle follow the page-paired briefings (AMB-01): M5 duel, M7 infantry, M14 West Wood', () => {
  const m = (id: string) => DATA.missions.find((x) => x.id === id)!;
  assert.deepEqual(m('m5').seats.map((s) => s.units), [['H'], ['H']]);
  assert.deepEqual(m('m5').seats.map((s) => s.cards), [3, 3]);
  assert.deepEqual(m('m7').seats[0].units, ['R', 'I', 'I', 'I', 'I', 'I', 'I']);
  assert.deepEqual(m('m9').seats.map((s) => s.dice), [4, 6, 4]);
  assert.deepEqual(m('m10').seats.map((s) => s.dice), [5, 6, 5]);
  assert.deepEqual(m('m14').seats.find((s) => s.faction === 'CA' && s.company === 'A')!.units, ['H', 'H', 'H', 'R', 'I']);
  const vp = DATA.missions.map((x) => (x.objectives.SCS[0] as { n?: number }).n);
  assert.deepEqual(vp.slice(5), [20, 16, 17, 14, 18, 21, 20, 18, 26, 24, 30]);
  for (const x of DATA.missions) {
    const n = x.seats.reduce((a, s) => a + s.units.length, 0);
    if (!x.rules.divide) assert.ok(n > 0);
  }
});

test('#5 three/four-player model: companies, one shared cup per faction, per-player units', () => {
  const k = craft({ mission: 'm12', at: { 'SCS-B-M1': [4, 4], 'CA-A-H1': [5, 5] }, active: 2, phase: 'resolve', ordered: ['SCS-B-M1'] });
  assert.deepEqual(k.s.seats.map((x) => [x.faction, x.company]), [['SCS', 'A'], ['CA', 'A'], ['SCS', 'B'], ['CA', 'B']], 'factions alternate by seat parity');
  assert.equal(unit(k, 'SCS-B-M1').seat, 2);
  const r = act(k, { type: 'closeCombat', unit: 'SCS-B-M1', target: 'CA-A-H1' }, [7, 1]);
  assert.equal(r.k.s.cup.SCS, 2, 'a company scores into its faction cup');
  assert.equal(tryAct(k, { type: 'closeCombat', unit: 'SCS-A-M1', target: 'CA-A-H1' }, 2), 'not_your_unit', 'a teammate\'s unit is not yours to order');
});

test('#14 deployment in shaded zones follows the briefing order (M6: CA deploys first) (L255-L258)', () => {
  let { k } = start('m6');
  assert.equal(dec(k).kind, 'deploy');
  assert.equal(dec(k).seat, 1);
  assert.equal(tryAct(k, { type: 'deploy', unit: 'CA-H1', at: [3, 3] }), 'outside_zone');
  assert.equal(tryAct(k, { type: 'deploy', unit: 'SCS-H1', at: [3, 8] }, 1), 'not_your_unit');
  k = act(k, { type: 'deploy', unit: 'CA-H1', at: [3, 8] }).k;
  assert.equal(tryAct(k, { type: 'deploy', unit: 'CA-H2', at: [3, 8] }), 'occupied');
  k = finishSetup(k);
  assert.equal(k.s.phase, 'lockon');
  assert.ok(k.s.units.every((u) => u.status === 'board'));
  assert.ok(k.s.units.filter((u) => u.faction === 'CA').every((u) => u.at![1] >= 7));
  assert.ok(k.s.units.filter((u) => u.faction === 'SCS').every((u) => u.at![1] <= 2));
  assert.deepEqual(k.s.hands.map((h) => h.length), [8, 8], 'cards are dealt after deployment');
});

test('#15 companies: Company B deploys on the left, A on the right; M10 mixes fixed Recons and shaded deployment', () => {
  let { k } = start('m9');
  k = finishSetup(k);
  assert.ok(k.s.units.filter((u) => u.faction === 'CA' && u.company === 'B').every((u) => u.at![0] <= 7));
  assert.ok(k.s.units.filter((u) => u.faction === 'CA' && u.company === 'A').every((u) => u.at![0] >= 8));
  const m10 = start('m10').k;
  assert.deepEqual(['SCS-R1', 'SCS-R2'].map((id) => unit(m10, id).at), [[7, 3], [8, 3]]);
  assert.equal(unit(m10, 'SCS-H1').status, 'reserve');
  assert.equal(dec(m10).kind, 'deploy');
});

test('#16 M8 jump-on: d10 + d6 per unit in OoB order; landing on an enemy draws Wild Fire, then displacement by choice (L1053-L1057)', () => {
  // SCS-M1: d10=3,d6=1 -> (5,4) free. SCS-R1: d10=5,d6=5 -> (7,8) = CA-H1: WF15 (no effect), then choose.
  const { k, events } = start('m8', [2, 0, 4, 4, 14]);
  assert.deepEqual(unit(k, 'SCS-M1').at, [5, 4]);
  const jumps = evOf(events, 'dice_rolled').filter((e) => (e.data as { purpose: string }).purpose === 'jump_on');
  assert.deepEqual(jumps.map((e) => (e.data as { faces: number[] }).faces), [[3, 1], [5, 5]]);
  assert.equal(evOf(events, 'wild_fire').length, 1);
  const d = dec(k);
  assert.equal(d.kind, 'displace');
  assert.equal(d.seat, 0);
  assert.equal(tryAct(k, { type: 'displace', at: [7, 5] }), 'not_an_option');
  // R2 then lands on terrain (6,4): another displacement choice.
  const r = act(k, { type: 'displace', at: [7, 7] }, [3, 0]);
  assert.deepEqual(unit(r.k, 'SCS-R1').at, [7, 7]);
  assert.equal(dec(r.k).kind, 'displace');
  assert.equal((dec(r.k).exposes as { unit: string }).unit, 'SCS-R2');
});

test('#18 M3 roll-off: five activation dice each, more Commands goes first, ties re-rolled (L900-L901)', () => {
  const { k, events } = start('m3', [5, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 0, 0, 0]);
  assert.equal(evOf(events, 'dice_rolled').length, 4);
  assert.equal(k.s.firstFaction, 'CA');
  assert.equal(dec(k).seat, 1);
});

test('#20 multi-player rounds: relays drawn secretly each round, numbers hidden until the turn starts (L310-L319)', () => {
  const { k, events } = start('m12');
  const draws = evOf(events, 'relay_drawn');
  assert.equal(draws.length, 4);
  for (const e of draws) {
    const seat = (e.data as { seat: number }).seat;
    assert.deepEqual(e.to, { seats: [seat] });
    assert.deepEqual(eventFor(e, (seat + 1) % 4, false)!.data, { seat, round: 1 });
  }
  assert.deepEqual([...k.s.relays].sort(), [1, 2, 3, 4]);
  assert.equal(k.s.relays[dec(k).seat], 1, 'relay #1 goes first');
  for (let seat = 0; seat < 4; seat++) {
    const v = abaddon.view(k.s, seat);
    const known = v.relays.filter((n) => n !== null).length;
    assert.equal(known, seat === dec(k).seat ? 1 : 2);
  }
  assert.equal(abaddon.view(k.s, null).relays.filter((n) => n !== null).length, 1);
  const { k: k2 } = passRound(k);
  assert.equal(k2.s.round, 2);
  assert.ok(k2.s.order.length === 4);
});

test('#21 an eliminated player\'s turns are skipped and the highest relay is removed next round (L320-L321, AMB-34)', () => {
  let { k } = start('m12');
  for (const u of k.s.units) if (u.seat === 3) {
    u.status = 'destroyed';
    u.at = null;
  }
  const r = passRound(k);
  assert.equal(evOf(r.events, 'turn_skipped').length, k.s.order.indexOf(3) > k.s.turnIdx ? 1 : 0);
  k = r.k;
  assert.equal(k.s.order.length, 3);
  assert.deepEqual(k.s.relays.filter((n) => n > 0).sort(), [1, 2, 3]);
  assert.equal(k.s.relays[3], 0);
});

test('#24 activation dice per mission: M9 SCS rolls 6, each CA player 4', () => {
  let { k } = start('m9');
  k = finishSetup(k);
  const seat = dec(k).seat;
  const n = k.s.seats[seat].dice;
  assert.equal(n, k.s.seats[seat].faction === 'SCS' ? 6 : 4);
  const r = act(k, { type: 'lockOn', at: null }, Array(n).fill(0), seat);
  assert.equal((evOf(r.events, 'dice_rolled')[0].data as { faces: string[] }).faces.length, n);
});

test('#32 exit moves: only units the mission allows, from its exit zone; exited units leave play, not destroyed (M4)', () => {
  let k = craft({ mission: 'm4', at: { 'SCS-I1': [3, 9], 'SCS-R1': [6, 9] }, active: 0, phase: 'move', ordered: ['SCS-I1', 'SCS-R1'] });
  assert.equal(tryAct(k, { type: 'move', unit: 'SCS-R1', to: 'exit' }), 'no_exit', 'only Infantry may leave in M4');
  const r = act(k, { type: 'move', unit: 'SCS-I1', to: 'exit' });
  assert.equal(unit(r.k, 'SCS-I1').status, 'exited');
  assert.equal(r.k.s.cup.CA, 0);
  assert.equal(abaddon.result(r.k.s)?.winners[0], 0, 'M4: SCS wins the instant one Infantry exits');
  k = craft({ mission: 'm4', at: { 'SCS-I1': [3, 7] }, active: 0, phase: 'move', ordered: ['SCS-I1'] });
  assert.equal(tryAct(k, { type: 'move', unit: 'SCS-I1', to: 'exit' }), 'no_exit');
});

test('#51 Wild Fire data: 30 cards and 13 marker kinds, each marker on one retained card (provisional)', () => {
  assert.equal(DATA.wf.length, 30);
  assert.equal(DATA.markers.length, 13);
  const retained = DATA.wf.filter((c) => c.effect.type === 'retain').map((c) => (c.effect as { marker: string }).marker).sort();
  assert.deepEqual(retained, DATA.markers.map((m) => m.id).sort());
  assert.equal(DATA.provisional.wf, true);
});

test('#52 Weapon System data: 80 cards of six kinds, Target 1-8 (provisional composition)', () => {
  const n = (k: string) => DATA.ws.filter((c) => c.kind === k).reduce((a, c) => a + c.count, 0);
  assert.equal(DATA.ws.reduce((a, c) => a + c.count, 0), 80);
  assert.deepEqual(['target', 'lrb', 'sb', 'db', 'amm', 'reboot'].map(n), [56, 5, 6, 4, 8, 1]);
  assert.deepEqual(DATA.ws.filter((c) => c.kind === 'target').map((c) => c.value), [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.equal(DATA.provisional.ws, true);
});

test('#54 #57 Battle Damage counters (H3 M2 R1 I2) count toward a VP objective (M6: 20 VP) (L775-L786)', () => {
  const k = craft({ mission: 'm6', at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, crystals: { 'CA-H1': 1 }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  k.s.cup.SCS = 15;
  const r = act(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [7, 0 + 1]);
  assert.equal(r.k.s.counters.SCS, 3);
  assert.equal(abaddon.result(r.k.s), null, '16 crystals + 3 = 19 < 20');
  const k2 = craft({ mission: 'm6', at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, crystals: { 'CA-H1': 1 }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  k2.s.cup.SCS = 16;
  const r2 = act(k2, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [7, 1]);
  assert.deepEqual(abaddon.result(r2.k.s)?.scores, { SCS: 20, CA: 0 });
  assert.equal(abaddon.result(r2.k.s)?.winners[0], 0);
  const m1 = craft({ at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, crystals: { 'CA-H1': 1 }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  assert.equal(act(m1, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [7, 1]).k.s.counters.SCS, 0, 'no Battle Damage in M1');
});

test('#55 M5 super-charged shielding: double the loser for 1 crystal, triple for 2 (L962-L964)', () => {
  const duel = () => craft({ mission: 'm5', at: { 'SCS-H1': [4, 4], 'CA-H1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-H1'] });
  const dmg = (a: number, d: number) => 5 - unit(act(duel(), { type: 'closeCombat', unit: 'SCS-H1', target: 'CA-H1' }, [a - 1, d - 1]).k, 'CA-H1').crystals;
  assert.equal(dmg(7, 4), 0);
  assert.equal(dmg(8, 4), 1);
  assert.equal(dmg(9, 3), 2);
  assert.equal(dmg(10, 2), 2);
});

test('#58 M9: exited SCS units carrying >= 14 crystals win; CA wins by reducing SCS to <= 13 (checked at round end)', () => {
  let k = craft({ mission: 'm9', active: 0, phase: 'lockon' });
  const scs = k.s.units.filter((u) => u.faction === 'SCS');
  for (const u of scs.slice(0, 4)) {
    u.status = 'exited';
    u.at = null;
  } // H5 M4 R3 R3 = 15 crystals exited
  k.s.phase = 'lockon';
  assert.equal(abaddon.result(k.s), null);
  const r = passRound(k);
  assert.equal(abaddon.result(r.k.s)?.reason, 'objective');
  assert.deepEqual(abaddon.result(r.k.s)?.winners, [1]);
  let k2 = craft({ mission: 'm9', active: 0, phase: 'lockon' });
  for (const u of k2.s.units.filter((x) => x.faction === 'SCS')) u.crystals = 2; // 12 crystals
  const r2 = passRound(k2);
  assert.deepEqual(abaddon.result(r2.k.s)?.winners, [0, 2]);
  void k;
  void k2;
});

test('#59 3-4 players: victory only at the end of the round; both objectives -> more eliminations wins (L760-L767)', () => {
  let { k } = start('m12');
  k.s.cup.SCS = 20;
  const first = passRound({ ...k, s: { ...k.s } } as typeof k);
  assert.equal(abaddon.result(first.k.s)?.winners.join(), '0,2');
  // not before the round ends
  const seat = dec(k).seat;
  const mid = act(k, { type: 'lockOn', at: null }, [4, 4, 4, 4, 4, 0, 0, 0, 0, 0], seat);
  assert.equal(abaddon.result(mid.k.s), null);
  k.s.cup.CA = 25;
  k.s.kills.CA = 1;
  const both = passRound(k);
  assert.equal(abaddon.result(both.k.s)?.reason, 'both_objectives');
  assert.deepEqual(abaddon.result(both.k.s)?.winners, [1, 3]);
});

test('#60 M16: each faction divides its forces and the card count before the deal; each player gets a unit (L1386-L1395)', () => {
  let { k } = start('m16');
  const d = dec(k);
  assert.equal(d.kind, 'divide');
  assert.equal(d.seat, 0);
  const cands = abaddon.candidates(k.s, 0, abaddon.pending(k.s)[0], 64, scriptedRng([])).actions;
  assert.equal(cands.length, (256 - 2) * 10);
  assert.equal(tryAct(k, { type: 'divide', companyA: { H: 0, M: 0, R: 0, I: 0 }, cardsA: 4 }), 'illegal_action');
  k = act(k, { type: 'divide', companyA: { H: 3, M: 3, R: 0, I: 0 }, cardsA: 7 }).k;
  assert.equal(dec(k).seat, 1, 'CA Company A divides next');
  k = act(k, { type: 'divide', companyA: { H: 1, M: 0, R: 0, I: 0 }, cardsA: 0 }).k;
  assert.equal(k.s.units.filter((u) => u.seat === 0).map((u) => u.type).join(''), 'HHHMMM');
  assert.equal(k.s.units.filter((u) => u.seat === 3).length, 11);
  assert.equal(dec(k).kind, 'deploy');
  assert.equal(dec(k).seat, 0, 'SCS deploys first');
  k = finishSetup(k);
  assert.deepEqual(k.s.hands.map((h) => h.length), [7, 0, 2, 9]);
});

test('#62 teammates see each other\'s hands (never trade); opponents see sizes only (L263-L267)', () => {
  const { k, events } = start('m12');
  const v0 = abaddon.view(k.s, 0);
  assert.deepEqual(v0.hands[2], k.s.hands[2]);
  assert.equal(v0.hands[1], null);
  const draw = evOf(events, 'ws_drawn').find((e) => (e.data as { seat: number }).seat === 0)!;
  assert.deepEqual(draw.to, { seats: [0, 2] });
  // a teammate's cards cannot be played: a response uses the defending unit owner's hand only
  const c = craft({ mission: 'm12', at: { 'CA-A-M1': [4, 2], 'SCS-B-H1': [4, 5] }, hands: { 1: ['T3'], 0: ['T5'], 2: [] }, active: 1, phase: 'declare', ordered: ['CA-A-M1'] });
  const r = act(c, { type: 'attack', unit: 'CA-A-M1', target: 'SCS-B-H1', card: 'T3' }, [], 1);
  assert.equal(r.k.s.phase, 'resolve', 'SCS-B holds no cards: no window even though teammate SCS-A does');
  assert.deepEqual(decisions(r.k).map((x) => x.seat), [1]);
});

test('#38 several defending players answer their response windows in parallel (4 players)', () => {
  let k = craft({
    mission: 'm12', at: { 'CA-A-M1': [4, 7], 'CA-A-H1': [10, 7], 'SCS-A-H1': [10, 4], 'SCS-B-H1': [4, 4] },
    hands: { 1: ['T3', 'T4'], 0: ['T6'], 2: ['AMM'] }, active: 1, phase: 'declare', ordered: ['CA-A-M1', 'CA-A-H1'],
  });
  k = act(k, { type: 'attack', unit: 'CA-A-M1', target: 'SCS-B-H1', card: 'T3' }, [], 1).k;
  k = act(k, { type: 'attack', unit: 'CA-A-H1', target: 'SCS-A-H1', card: 'T4' }, [], 1).k;
  const ds = decisions(k);
  assert.deepEqual(ds.map((d) => d.seat).sort(), [0, 2]);
  assert.ok(ds.every((d) => d.group?.id === ds[0].group?.id && d.group?.mode === 'parallel'));
  k = act(k, { type: 'respond', unit: 'SCS-B-H1', attack: 1, card: 'AMM' }, [], 2).k;
  assert.deepEqual(decisions(k).map((d) => d.seat), [0], 'the other window stays open');
  const v2 = abaddon.view(k.s, 1);
  assert.deepEqual(v2.attacks[0].response, { hidden: 'wsCard', oneOf: ['target', 'amm'] });
  assert.equal(abaddon.view(k.s, 0).attacks[0].response, 'AMM', 'the teammate sees it');
  k = act(k, { type: 'respond', unit: 'SCS-A-H1', attack: 2, card: 'T6' }, [], 0).k;
  assert.equal(k.s.phase, 'resolve');
  assert.equal(dec(k).seat, 1);
});

test('#59 team-aware resignation: a player resigns for his faction; the other faction\'s seats win', async () => {
  const { applyEntry } = await import('../../../src/engine/kernel.js');
  const { k } = start('m12');
  const r = applyEntry(abaddon, k, { kind: 'resign', seat: 1 }, scriptedRng([]));
  assert.ok('k' in r);
  assert.deepEqual(abaddon.result((r as { k: typeof k }).k.s)?.winners, [0, 2]);
  assert.equal(abaddon.result((r as { k: typeof k }).k.s)?.reason, 'resignation');
});
