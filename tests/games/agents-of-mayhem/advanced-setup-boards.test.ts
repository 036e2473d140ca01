// Checklist item [full] #81 (Advanced Setup: choose 3 boards ... secret commit-reveal), step 1:
// "Players can choose to use the Advanced Setup options in the Setup Order that lets them choose
// which Units to use ... 1. Choose 3 Boards to play." (L2227-2229). Content (provisional,
// data/setup-boards.json): in M5 MAYHEM may also choose Wildcard (a fourth Elite board, with its
// figure, 3 Mayhem cards, 2 Starting gadgets and 8 Upgrades, all provisional) and LEGION the
// Charlie Squad (a fourth board, a Squad). Both Sides choose, MAYHEM first, sealed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { localRng } from '../../../src/engine/rng.js';
import { randomPlayout } from '../../../src/engine/playout.js';
import { MAYHEM } from '../../../src/games/agents-of-mayhem/rules/mayhem.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { GADGETS, UPGRADES } from '../../../src/games/agents-of-mayhem/state.js';
import { answer, cands, ev, fresh, kind, refused, rs, seats } from './helpers.js';

const adv = () => fresh('M5', 2, { advancedSetup: true });
const OWN = { MAYHEM: ['fortune', 'hardtack', 'hollywood'], LEGION: ['alpha', 'babylon', 'bravo'] };
/** Step 1 answered: MAYHEM's choice, then LEGION's (its own boards unless given). */
const chosen = (mayhem: string[], legion: string[] = OWN.LEGION) => answer(answer(adv(), { type: 'chooseBoards', boards: mayhem }).s, { type: 'chooseBoards', boards: legion });

test('#81 Advanced Setup step 1: each Side chooses 3 of its 4 boards before the gadgets, MAYHEM first; a board not chosen leaves with its units, a chosen extra Squad comes in with empty slots', () => {
  const s = adv();
  assert.equal(kind(s), 'choose_boards');
  const d = rs.pending(s)[0];
  assert.equal(d.seat, 0, 'MAYHEM\'s first seat');
  assert.deepEqual(d.exposes, { side: 'MAYHEM', boards: ['fortune', 'hardtack', 'hollywood', 'wildcard'] });
  assert.equal(cands(s).length, 4, 'every 3 of the 4');
  assert.deepEqual(rs.defaultAction(s, d), { type: 'chooseBoards', boards: OWN.MAYHEM }, 'default: the mission\'s own boards');
  const l = answer(s, { type: 'chooseBoards', boards: OWN.MAYHEM }).s;
  const dl = rs.pending(l)[0];
  assert.equal(dl.seat, 1, 'then LEGION\'s first seat');
  assert.deepEqual(dl.exposes, { side: 'LEGION', boards: ['babylon', 'alpha', 'bravo', 'charlie'] });
  assert.equal(cands(l).length, 4);
  assert.equal(refused(l, { type: 'chooseBoards', boards: ['alpha', 'bravo'] }).code, 'three_boards');
  assert.equal(refused(l, { type: 'chooseBoards', boards: ['alpha', 'bravo', 'fortune'] }).code, 'not_choosable');
  assert.equal(refused(l, { type: 'chooseBoards', boards: ['alpha', 'alpha', 'bravo'] }).code, 'board_twice');
  assert.deepEqual(rs.defaultAction(l, dl), { type: 'chooseBoards', boards: ['alpha', 'babylon', 'bravo'] });
  const st = answer(l, { type: 'chooseBoards', boards: ['alpha', 'babylon', 'charlie'] });
  assert.deepEqual(ev(st, 'boards_chosen'), [{ side: 'MAYHEM', boards: OWN.MAYHEM }, { side: 'LEGION', boards: ['alpha', 'babylon', 'charlie'] }]);
  assert.equal(st.s.boards.bravo, undefined, 'Bravo Squad leaves the game');
  assert.ok(!Object.values(st.s.units).some((u) => u.board === 'bravo'), 'with its Minions');
  assert.equal(st.s.boards.charlie.kind, 'squad');
  assert.deepEqual(st.s.boards.charlie.minions, [], 'its slots empty until step 3');
  assert.equal(st.s.boards.charlie.cubes.tech, 3, 'its wells filled (setup step A7)');
  assert.equal(st.s.boards.wildcard, undefined, 'Wildcard not chosen: not in the game');
  assert.equal(kind(st.s), 'choose_gadgets', 'then step 2');
  // Step 3 buys into the boards in play: Charlie yes, Bravo no.
  let t = answer(st.s, { type: 'chooseGadgets', gadgets: [] }).s;
  t = answer(t, { type: 'chooseGadgets', gadgets: [] }).s;
  assert.equal(kind(t), 'buy_minions');
  const boards = new Set(cands(t).flatMap((a) => (a.type === 'buyMinions' ? a.buy.map((x) => x.board) : [])));
  assert.deepEqual([...boards].sort(), ['alpha', 'charlie']);
  t = answer(t, { type: 'buyMinions', buy: [{ board: 'charlie', minion: 'shock', figures: 1 }] }).s;
  assert.deepEqual(t.boards.charlie.minions, ['shock']);
  assert.equal(t.units['shock-1'].board, 'charlie');
});

test('#81 step 1: leaving out Dr. Babylon takes his figure, his Mayhem cards, his gadgets and his placement out of the game', () => {
  const st = chosen(OWN.MAYHEM, ['alpha', 'bravo', 'charlie']);
  assert.equal(st.s.units.babylon, undefined);
  assert.equal(st.s.boards.babylon, undefined);
  const legion = st.s.mayhem!.LEGION;
  const cards = [...legion.deck.pool, ...legion.hand];
  assert.ok(cards.length > 0 && cards.every((c) => MAYHEM.cards[c].unit !== 'babylon'), 'no Dr. Babylon card in the LEGION Mayhem deck or hand');
  assert.equal(legion.hand.length, adv().mayhem!.LEGION.hand.length, 'the hand drawn again, same size');
  assert.ok(!st.s.stack.some((f) => (f.t === 'placeUnit' || f.t === 'placeAlly') && f.unit === 'babylon'), 'not placed in step 4');
  const g = answer(st.s, { type: 'chooseGadgets', gadgets: [] }).s;
  assert.deepEqual(cands(g), [{ type: 'chooseGadgets', gadgets: [] }], 'LEGION has no Elite board left to slot gadgets into');
});

test('#81 step 1, MAYHEM\'s fourth board: choosing Wildcard for Hollywood brings in its figure (placed in step 4, in id order), its 3 Mayhem cards, its Starting gadgets to choose in step 2; Hollywood leaves with his', () => {
  const st = chosen(['fortune', 'hardtack', 'wildcard']);
  assert.deepEqual(ev(st, 'board_left').find((x) => x.side === 'MAYHEM'), { side: 'MAYHEM', board: 'hollywood', units: ['hollywood'] });
  assert.equal(st.s.boards.hollywood, undefined);
  const b = st.s.boards.wildcard;
  assert.deepEqual([b.kind, b.side, b.shield, b.armor, b.cubes.speed, b.cubes.focus, b.cubes.tech, b.cubes.mayhem], ['elite', 'MAYHEM', 2, 1, 3, 3, 3, 0], 'full wells but Mayhem (setup step A7)');
  assert.deepEqual(st.s.units.wildcard, { id: 'wildcard', board: 'wildcard', minion: null, side: 'MAYHEM', at: null, facing: CONTENT.missions.M5.sides.MAYHEM.units[0].facing, downed: false, hits: 0, statuses: [], entry: null });
  // Setup step D again: 3 cards per Elite in play, none of Hollywood's, Wildcard's in.
  const m = st.s.mayhem!.MAYHEM;
  const all = [...m.deck.pool, ...m.hand].sort();
  assert.deepEqual(all, Object.values(MAYHEM.cards).filter((c) => ['fortune', 'hardtack', 'wildcard'].includes(c.unit)).map((c) => c.id).sort());
  assert.equal(m.hand.length, 2);
  // Step 2: Wildcard's Starting gadgets (Joker's Step, Sharpened Edges) are MAYHEM's Discovered ones for a board in play; Hollywood's are not.
  const options = new Set(cands(st.s).flatMap((a) => (a as { gadgets: string[] }).gadgets));
  assert.ok(options.has('gadget-wildcard-joker') && options.has('gadget-wildcard-edge') && !options.has('gadget-wildcard-luck'), 'Starting gadgets only (L1382)');
  assert.ok(![...options].some((g) => GADGETS[g].character === 'hollywood'));
  let t = answer(st.s, { type: 'chooseGadgets', gadgets: ['gadget-wildcard-joker'] }).s;
  t = answer(t, { type: 'chooseGadgets', gadgets: [] }).s;
  assert.deepEqual(t.units.wildcard.gadgets, ['gadget-wildcard-joker']);
  t = answer(t, { type: 'buyMinions', buy: [{ board: 'alpha', minion: 'swarm', figures: 1 }] }).s;
  // Step 4: the bought Swarm Trooper, then MAYHEM's figures by id, Glory right after Fortune, Wildcard last; then LEGION's.
  const order: string[] = [];
  while (kind(t) === 'place_unit' || kind(t) === 'place_ally') {
    const d = rs.pending(t)[0];
    order.push((d.exposes as { unit: string }).unit);
    t = answer(t, rs.defaultAction(t, d)).s;
  }
  assert.deepEqual(order, ['swarm-1', 'fortune', 'glory', 'hardtack', 'wildcard', 'babylon']);
  assert.ok(t.units.wildcard.at, 'Wildcard is on the map');
  // It plays as any Elite board: activated, it Sprints and its Mayhem cards' character uses are its own.
  assert.equal(kind(t), 'activate');
  const a = answer(t, { type: 'activate', board: 'wildcard' });
  assert.equal(kind(a.s), 'turn');
  assert.ok(cands(a.s).some((x) => x.type === 'act' && x.unit === 'wildcard' && x.action === 'sprint'));
  assert.deepEqual(MAYHEM.cards['wildcard-1'].unit, 'wildcard');
});

test('#81 the provisional Wildcard board keeps the rules of every Elite board: 3 Mayhem cards with a universal use each, 2 Starting gadgets and a third, 2 Skill + 3 Dark Matter + 3 LEGION Tech Upgrades on its Weapon Action', () => {
  const e = CONTENT.elites.wildcard;
  assert.equal(e.side, 'MAYHEM'); assert.equal(e.health, 8);
  assert.ok(e.actions.some((x) => x.weapon && x.attack!.bands.length === 3) && e.actions.some((x) => x.kind === 'dash') && e.actions.some((x) => x.kind === 'block'));
  assert.deepEqual(Object.values(MAYHEM.cards).filter((c) => c.unit === 'wildcard').map((c) => c.use).sort(), ['cube', 'die', 'shield']);
  const g = Object.values(GADGETS).filter((x) => x.character === 'wildcard');
  assert.deepEqual(g.map((x) => [x.type, x.starting]).sort(), [['action', true], ['passive', false], ['weapon', true]]);
  const u = Object.values(UPGRADES).filter((x) => x.unit === 'wildcard');
  assert.deepEqual(['skill', 'darkMatter', 'legionTech'].map((k) => u.filter((x) => x.type === k).length), [2, 3, 3]);
  assert.ok(!CONTENT.missionList.some((m) => m.sides.MAYHEM.boards.some((b) => b.board === 'wildcard')), 'no mission sets it up: it comes only from Advanced Setup step 1');
});

test('#81 step 1 is sealed: a Side\'s committed choice is hidden from the other Side (view, events) until every choosing Side has chosen, then both are revealed', () => {
  const m = answer(adv(), { type: 'chooseBoards', boards: ['fortune', 'hardtack', 'wildcard'] });
  const c = m.ev.find((e) => e.type === 'boards_committed')!;
  assert.deepEqual(c.to, { seats: [0] });
  assert.deepEqual(c.others, { side: 'MAYHEM' }, 'LEGION learns only that MAYHEM chose');
  assert.deepEqual((rs.view(m.s, 1) as S).boardChoice!.MAYHEM, ['?']);
  assert.deepEqual((rs.view(m.s, 0) as S).boardChoice!.MAYHEM, ['fortune', 'hardtack', 'wildcard']);
  assert.ok(!JSON.stringify(rs.view(m.s, 1)).includes('wildcard"]') && m.s.boards.wildcard === undefined, 'nothing applied yet');
  assert.deepEqual(ev(m, 'boards_chosen'), [], 'nothing revealed yet');
  const det = rs.determinize!(rs.view(m.s, 1), 1, localRng('d'));
  assert.deepEqual(det.boardChoice!.MAYHEM, OWN.MAYHEM, 'a determinized view holds a legal choice');
  const l = answer(m.s, { type: 'chooseBoards', boards: OWN.LEGION });
  assert.deepEqual(ev(l, 'boards_chosen').map((x) => x.side), ['MAYHEM', 'LEGION']);
  assert.equal(l.s.boardChoice, undefined);
  assert.ok(l.s.boards.wildcard && !l.s.boards.hollywood);
  assert.equal(kind(l.s), 'choose_gadgets');
});

test('#81 random legal playouts of M5 with Advanced Setup, 2-4 players: the fourth boards are chosen in some and played; no two units on one space, every game ends', () => {
  let wildcard = 0; let charlie = 0;
  for (const n of [2, 3, 4]) for (const i of [0, 1]) {
    let used = false; let squad = false;
    const r = randomPlayout(rs, {
      scenario: 'M5', seats: seats(n), options: { advancedSetup: true }, seed: `aom-boards-${n}-${i}`, maxEntries: 5000, hashChain: false,
      onEntry: (ks, _e, events) => {
        const s = ks.s as S;
        const seen = new Set<string>();
        for (const u of Object.values(s.units)) { if (!u.at) continue; assert.ok(!seen.has(u.at), `two units on ${u.at}`); seen.add(u.at); }
        if (events.some((x) => x.type === 'activated' && (x.data as { board: string }).board === 'wildcard')) used = true;
        if (s.boards.charlie) squad = true;
      },
    });
    assert.ok(r.result, `M5 ${n}p ${i} ended`);
    if (used) wildcard++;
    if (squad) charlie++;
  }
  assert.ok(wildcard > 0, 'Wildcard was chosen and activated in some game');
  assert.ok(charlie > 0, 'the Charlie Squad was chosen in some game');
});
