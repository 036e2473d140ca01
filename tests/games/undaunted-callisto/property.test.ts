// Property tests over random legal playouts of every scenario (and player count):
// no crash, games end, card conservation, no hidden-card leak in views or redacted events,
// determinize consistent with the view, candidates and defaults legal.
import { test } from 'node:test';
import { applyEntry, eventsFor, openDecisions, setupGame, type KState } from '../../../src/engine/kernel.js';
import { randomPlayout } from '../../../src/engine/playout.js';
import { localRng } from '../../../src/engine/rng.js';
import type { GameEvent } from '../../../src/engine/types.js';
import { CONTENT } from '../../../src/games/undaunted-callisto/content.js';
import type { S } from '../../../src/games/undaunted-callisto/index.js';
import { sortIds } from '../../../src/games/undaunted-callisto/state.js';
import { allCards, assert, rs } from './helpers.js';

const PLAYOUTS = Number(process.env.CALLISTO_PLAYOUTS ?? 10);
const configs = CONTENT.scenarioList.flatMap((sc) => sc.players.map((n) => ({ scenario: sc.id, n })));
const cardIds = Object.keys(CONTENT.cards);

/** Re-deal a seat's hidden cards (hand, deck, casualty roles) at random, keeping every public fact. */
function resplit(s: S, seat: number, salt: string): S {
  const t = structuredClone(s);
  const st = t.seats[seat];
  const rng = localRng(`resplit|${salt}`);
  let pool = [...st.hand, ...st.deck.pool, ...st.deck.top, ...st.casualties.map((c) => c.card)];
  const cas = st.casualties.map((c) => {
    const opts = pool.filter((x) => CONTENT.cards[x].unit === c.unit);
    const pick = opts[rng.int(opts.length)];
    pool.splice(pool.indexOf(pick), 1);
    return { unit: c.unit, card: pick };
  });
  pool = rng.shuffle(pool);
  st.casualties = cas;
  st.hand = sortIds(pool.slice(0, st.hand.length));
  st.deck = { top: [], pool: sortIds(pool.slice(st.hand.length)), discard: st.deck.discard };
  return t;
}

function checkEvents(evs: GameEvent[], k: KState<S>) {
  for (const e of evs) {
    if (e.to !== 'all' && e.others !== undefined) {
      // unit ids are public (a personnel unit shares its id with its card): drop them before scanning
      const o = JSON.stringify(e.others, (key, val) => (key === 'unit' ? undefined : val));
      for (const id of cardIds) assert.ok(!o.includes(`"${id}"`), `redacted ${e.type} names ${id}`);
    }
    if (e.type === 'cards_drawn') assert.notEqual(e.to, 'all');
    if (e.type === 'casualty' && (e.data as any).zone !== 'discard') assert.notEqual(e.to, 'all');
  }
  const n = k.s.seats.length;
  for (let x = 0; x < n; x++) {
    for (const e of eventsFor(evs, x, false)) {
      const d = e.data as any;
      if (e.type === 'cards_drawn' && d.seat !== x) assert.equal(d.cards, undefined, 'another seat\'s draw leaked');
      if (e.type === 'casualty' && d.seat !== x && d.zone !== 'discard') assert.equal(d.card, undefined, 'a hidden casualty card leaked');
    }
  }
}


function makeChecker(n: number, every = { candidates: 4, views: 3 }) {
  let initial: string[] | null = null;
  let step = 0;
  return (k: KState<S>, evs: GameEvent[]) => {
    step++;
    const cards = allCards(k.s);
    if (!initial) initial = cards;
    assert.deepEqual(cards, initial, 'card conservation');
    checkEvents(evs, k);
    const open = rs.pending(k.s);
    if (!k.s.result) assert.ok(open.some((d) => d.blocking));
    for (const d of open) assert.equal(rs.validate(k.s, d.seat, d, rs.defaultAction(k.s, d)), null, `default for ${d.kind}`);
    if (step % every.candidates === 0) {
      for (const d of open) {
        const c = rs.candidates(k.s, d.seat, d, 0, localRng('c'));
        assert.ok(c.all && (c.actions.length > 0));
        for (const a of c.actions) assert.equal(rs.validate(k.s, d.seat, d, a), null, JSON.stringify(a));
      }
    }
    if (step % every.views === 0) {
      for (let x = 0; x < n; x++) {
        const v = rs.view(k.s, x);
        // views never depend on another seat's hidden split
        for (let y = 0; y < n; y++) if (y !== x) assert.deepEqual(rs.view(resplit(k.s, y, `${step}.${y}`), x), v, 'view leaks hidden cards');
        // determinize gives a state with the same view and the same public decisions
        const det = rs.determinize!(v, x, localRng(`det${step}`));
        assert.deepEqual(rs.view(det, x), v);
        const pub = (ds: ReturnType<typeof rs.pending>) => ds.map((d) => { const { prompt: _p, ...rest } = d; return rest; });
        assert.deepEqual(pub(rs.pending(det)), pub(open));
        // the seat's own legal set is the same in the sampled state
        for (const d of open.filter((o) => o.seat === x)) {
          const dd = rs.pending(det).find((o) => o.key === d.key)!;
          assert.deepEqual(rs.candidates(det, x, dd, 0, localRng('c')).actions, rs.candidates(k.s, x, d, 0, localRng('c')).actions);
          assert.deepEqual(dd.prompt, d.prompt);
        }
      }
    }
  };
}

test('property: random playouts of every scenario end, conserve cards and never leak hidden cards', () => {
  let games = 0;
  let entries = 0;
  const reasons: Record<string, number> = {};
  for (const cfg of configs) {
    for (let i = 0; i < PLAYOUTS; i++) {
      const checker = makeChecker(cfg.n);
      const r = randomPlayout(rs, {
        scenario: cfg.scenario, seats: Array.from({ length: cfg.n }, (_, j) => ({ index: j, name: `p${j}` })),
        seed: `prop-${cfg.scenario}-${cfg.n}-${i}`, maxEntries: 3000, options: { roundCap: 12 },
        onEntry: (k: KState<S>, _e, evs) => checker(k, evs),
      });
      assert.ok(r.result, 'the game ended');
      games++;
      entries += r.entries.length;
      const reason = r.result.reason.split(':')[0];
      reasons[reason] = (reasons[reason] ?? 0) + 1;
      assert.deepEqual(openDecisions(rs, r.k), []);
    }
  }
  console.log(`# ${games} playouts, ${entries} entries; endings ${JSON.stringify(reasons)}`);
});

/** An aggressive random player: attacks, CONTROL and bolstering first, so that casualties, pushes, neutralisations and victories occur. */
function aggressive(actions: any[], rng: ReturnType<typeof localRng>): any {
  const tier = (a: any) => (a.type !== 'play' ? 1 : a.use === 'hunker' ? 0 : typeof a.target === 'string' && a.target.includes('mech') ? 7 : a.target || a.space ? 6 : a.use === 'ready' ? 5 : 'to' in a || a.path ? 3 : a.cards?.length ? 4 : 2);
  const ctrl = actions.filter((a) => a.type === 'play' && a.use === 'action' && Object.keys(a).length === 4 && a.card && tier(a) === 2);
  const best = Math.max(...actions.map(tier));
  const top = actions.filter((a) => tier(a) === best);
  if (ctrl.length && rng.int(3) === 0) return ctrl[rng.int(ctrl.length)];
  if (rng.int(4) === 0) return actions[rng.int(actions.length)];
  return top[rng.int(top.length)];
}

test('property: aggressive playouts reach casualty choices, pushes, neutralisations and victories', () => {
  const seen: Record<string, number> = {};
  let games = 0;
  for (const cfg of configs) {
    for (let i = 0; i < Math.max(2, Math.ceil(PLAYOUTS / 2)); i++) {
      const seed = `agg-${cfg.scenario}-${cfg.n}-${i}`;
      const rng = localRng(seed);
      const made = setupGame(rs, { scenario: cfg.scenario, seats: Array.from({ length: cfg.n }, (_, j) => ({ index: j, name: `p${j}` })), options: { roundCap: 25 } }, localRng(`${seed}|0`));
      if ('code' in made) throw new Error(made.code);
      let k = made.k;
      if (i % 2 === 1) {
        // a melee start: every counter on the board in the best open objective space, so that combat is frequent
        const m = CONTENT.maps[CONTENT.scenarios[cfg.scenario].map];
        const sp = m.def.spaces.filter((x) => (x.impassable ?? 'none') === 'none').sort((a, b) => Number(b.points ?? 0) - Number(a.points ?? 0) || (a.id < b.id ? -1 : 1))[0].id;
        const s = structuredClone(k.s);
        for (const u of Object.values(s.units)) if (u.at) u.at = sp;
        s.markers[sp] = { breakers: 'scouted', lfa: 'scouted' };
        k = { ...k, s };
      }
      const check = makeChecker(cfg.n, { candidates: 7, views: 5 });
      check(k, made.events);
      for (let n = 1; !k.s.result && n < 4000; n++) {
        const open = openDecisions(rs, k);
        const raw = rs.pending(k.s);
        let entry: any;
        if (open[0].group) {
          const commits: Record<number, any> = {};
          for (const [j, d] of open.entries()) commits[d.seat] = aggressive(rs.candidates(k.s, d.seat, raw[j], 0, rng).actions, rng);
          entry = { kind: 'sealed', group: open[0].group.id, commits };
        } else {
          const d = open[0];
          const a = aggressive(rs.candidates(k.s, d.seat, raw[0], 0, rng).actions, rng);
          entry = rng.int(20) === 0 ? { kind: 'default', decision: d.id, action: rs.defaultAction(k.s, raw[0]) } : { kind: 'answer', seat: d.seat, decision: d.id, action: a };
          seen[d.kind] = (seen[d.kind] ?? 0) + 1;
        }
        const r = applyEntry(rs, k, entry, localRng(`${seed}|${n}`));
        if ('code' in r) throw new Error(`${r.code} ${r.message} ${JSON.stringify(entry)}`);
        for (const e of r.events) if (['neutralised', 'pushed', 'door_destroyed', 'door_opened', 'structure_destroyed', 'command_transferred', 'recon', 'suppressed'].includes(e.type)) seen[e.type] = (seen[e.type] ?? 0) + 1;
        k = r.k;
        check(k, r.events);
      }
      assert.ok(k.s.result);
      const reason = k.s.result!.reason === 'round_cap' ? 'round_cap' : 'victory';
      seen[reason] = (seen[reason] ?? 0) + 1;
      games++;
    }
  }
  console.log(`# ${games} aggressive playouts: ${JSON.stringify(seen)}`);
  for (const kind of ['casualty', 'pulse_push', 'area_target', 'neutralised', 'victory']) assert.ok(seen[kind] > 0, `never reached ${kind}`);
});
