// Property tests over random legal playouts of every mission (#63 #64 #65 #61 #66 and the
// invariants): no crash, every candidate validates and applies, defaults validate, games end,
// crystals and cards are conserved, no unit on terrain/off board, views and redacted events
// never show another seat's hidden cards, determinize is consistent with the view, replay
// reproduces the hash chain.
// ABADDON_PLAYOUTS (per mission, default 3) scales the run: 16 x 3 = 48 games in a few seconds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEntry, eventFor, minted, openDecisions, resultOf, setupGame, type KState } from '../../../src/engine/kernel.js';
import { isViolation } from '../../../src/engine/types.js';
import { randomPlayout, replay } from '../../../src/engine/playout.js';
import { entryRng, localRng } from '../../../src/engine/rng.js';
import type { GameEvent } from '../../../src/engine/types.js';
import { abaddon } from '../../../src/games/abaddon/index.js';
import { UNIT, type AbState } from '../../../src/games/abaddon/state.js';
import { seats } from './helpers.js';

const PER = Number(process.env.ABADDON_PLAYOUTS ?? 3);
/** Event types seen over all playouts (coverage of the rarer rules). */
const seen = new Map<string, number>();
const R = abaddon.rules;

function invariants(s: AbState): void {
  // crystals are conserved between units and cups
  const power = s.units.reduce((a, u) => a + UNIT[u.type].power, 0);
  const held = s.units.reduce((a, u) => a + u.crystals, 0);
  assert.equal(held + s.cup.SCS + s.cup.CA, power + s.gained, 'crystals conserved');
  // positions
  const seen = new Set<string>();
  for (const u of s.units) {
    if (u.status === 'board') {
      assert.ok(u.at && u.at[0] >= 0 && u.at[1] >= 0 && u.at[0] < s.width && u.at[1] < s.height, `${u.id} on the board`);
      assert.ok(!s.terrain.some((t) => t.at[0] === u.at![0] && t.at[1] === u.at![1]), `${u.id} not on terrain`);
      const key = u.at!.join(',');
      assert.ok(!seen.has(key), `one unit per sector (${key})`);
      seen.add(key);
      assert.ok(u.crystals > 0);
    } else assert.equal(u.at, null);
    if (u.status === 'destroyed') assert.equal(u.crystals, 0);
  }
  // WS cards are conserved (deck, discard, hands, cards in play)
  const inPlay = s.attacks.filter((a) => !a.done).flatMap((a) => [a.card, ...(a.response ? [a.response] : [])]);
  if (s.window?.kind === 'bolt') inPlay.push(s.window.card);
  const ws = s.ws.pool.length + s.ws.top.length + s.ws.discard.length + s.hands.flat().length + inPlay.length;
  assert.equal(ws, 80, 'WS cards conserved');
  // WF cards and markers
  assert.equal(s.wf.pool.length + s.wf.discard.length + s.retained.length, 30, 'WF cards conserved');
  const markers = s.units.flatMap((u) => u.markers).sort();
  assert.deepEqual(markers, s.retained.map((r) => r.marker).sort(), 'markers match retained cards');
}

function noLeaks(s: AbState, events: GameEvent[], views: boolean): void {
  const n = s.players;
  for (let x = 0; x < (views ? n : 0); x++) {
    const v = abaddon.view(s, x);
    for (let y = 0; y < n; y++) {
      if (s.seats[y].faction === s.seats[x].faction) assert.deepEqual(v.hands[y], s.hands[y]);
      else assert.equal(v.hands[y], null, `seat ${x} must not see seat ${y}'s hand`);
    }
    for (const a of v.attacks) {
      const att = s.units.find((u) => u.id === a.unit)!;
      const def = s.units.find((u) => u.id === a.target)!;
      const revealed = a.done && !a.lapsed;
      if (a.kind === 'los' && !revealed && att.faction !== s.seats[x].faction) assert.equal(typeof a.card, 'object');
      if (a.response !== null && !revealed && def.faction !== s.seats[x].faction) assert.equal(typeof a.response, 'object');
    }
    if (n > 2 && !s.result) {
      for (let y = 0; y < n; y++) {
        const revealed = s.order.indexOf(y) <= s.turnIdx;
        if (y !== x && !revealed && s.relays[y] > 0) assert.equal(v.relays[y], null, 'hidden relay numbers');
      }
    }
  }
  if (views) {
    const pub = abaddon.view(s, null);
    assert.ok(pub.hands.every((h) => h === null));
    assert.deepEqual(pub.handSizes, s.hands.map((h) => h.length), 'hand sizes are public and consistent');
  }
  for (const e of events) {
    if (e.to === 'all') continue;
    for (let x = -1; x < n; x++) {
      const viewer = x < 0 ? null : x;
      if (e.to !== 'server' && viewer !== null && e.to.seats.includes(viewer)) continue;
      const r = eventFor(e, viewer, false);
      if (!r) continue;
      const d = r.data as Record<string, unknown>;
      assert.ok(!('cards' in d), `redacted ${e.type} must not list cards`);
      if ('card' in d) assert.equal(typeof d.card, 'object', `redacted ${e.type} hides its card`);
      if ('relay' in d) assert.fail(`redacted ${e.type} must not show the relay number`);
    }
  }
}

function determinizeConsistent(k: KState<AbState>, seed: number): void {
  const s = k.s;
  const rng = localRng(`det-${seed}`);
  for (let x = 0; x < s.players; x++) {
    const v = abaddon.view(s, x);
    const d = abaddon.determinize!(v, x, rng);
    assert.deepEqual(abaddon.view(d, x), v, 'determinize gives the same view');
    const pub = (st: AbState) => abaddon.pending(st).map(({ key, seat, kind, timing, context, exposes, group }) => ({ key, seat, kind, timing, context, exposes, group }));
    assert.deepEqual(pub(d), pub(s), 'same public decisions');
    for (const dec of abaddon.pending(s).filter((q) => q.seat === x)) {
      const a = abaddon.candidates(s, x, dec, 64, rng).actions;
      const b = abaddon.candidates(d, x, dec, 64, rng).actions;
      assert.deepEqual(b, a, 'same legal actions for the seat');
    }
  }
}

for (const sc of abaddon.scenarios) {
  test(`#63 #64 #65 #61 random playouts of ${sc.id} (${sc.title}): legal, conserved, leak-free, ending, replayable`, () => {
    const n = sc.players as number;
    for (let i = 0; i < PER; i++) {
      const opts = { scenario: sc.id, seats: seats(n), seed: `prop-${sc.id}-${i}`, gameId: `g-${sc.id}-${i}`, maxEntries: 6000 };
      let entries = 0;
      const r = randomPlayout(abaddon, {
        ...opts,
        onEntry: (k, _e, events) => {
          entries++;
          for (const e of events) seen.set(e.type, (seen.get(e.type) ?? 0) + 1);
          for (const d of openDecisions(abaddon, k)) seen.set(`decision:${d.kind}`, (seen.get(`decision:${d.kind}`) ?? 0) + 1);
          const s = k.s as AbState;
          invariants(s);
          noLeaks(s, events, entries % 3 === 0 || !!s.result);
          for (const d of entries % 2 === 0 ? openDecisions(abaddon, k) : []) {
            const raw = abaddon.pending(s).find((q) => q.seat === d.seat && (q.exposes as { unit?: string }).unit === (d.exposes as { unit?: string }).unit)!;
            assert.equal(abaddon.validate(s, d.seat, raw, abaddon.defaultAction(s, raw)), null, `default of ${d.kind} is legal`);
            const illegal = abaddon.validate(s, d.seat, raw, { type: 'closeCombat', unit: 'nobody', target: 'nobody' });
            assert.ok(illegal && illegal.code, 'an action outside the legal set is rejected with a code');
          }
          if (entries % 25 === 0) determinizeConsistent(k as KState<AbState>, entries);
        },
      });
      assert.ok(r.result, `${sc.id} game ${i} ended (${r.entries.length} entries)`);
      if (i === 0) assert.equal(replay(abaddon, opts, r.entries).hash, r.hash, 'replay reproduces the hash chain');
    }
  });
}

test('#63 same seed and actions give the same states; every die roll is an event', () => {
  const opts = { scenario: 'm1', seats: seats(2), seed: 'det', gameId: 'det' };
  const a = randomPlayout(abaddon, opts);
  const b = randomPlayout(abaddon, opts);
  assert.equal(a.hash, b.hash);
  let rolls = 0;
  randomPlayout(abaddon, { ...opts, onEntry: (_k, _e, evs) => { rolls += evs.filter((e) => e.type === 'dice_rolled').length; } });
  assert.ok(rolls > 0);
});

test('#64 #65 defaults alone finish a game (deadline play: every decision answered by defaultAction) and evaluate prefers winning', () => {
  for (const scenario of ['m2', 'm12']) {
    const n = abaddon.scenarios.find((x) => x.id === scenario)!.players as number;
    const made = setupGame(abaddon, { scenario, seats: seats(n), options: {} }, entryRng('defaults', scenario, 0));
    assert.ok(!isViolation(made));
    let k = made.k;
    let entries = 0;
    while (!resultOf(abaddon, k) && entries < 20000) {
      const m = minted(abaddon, k).find((x) => x.dec.blocking)!;
      const r = applyEntry(abaddon, k, { kind: 'default', decision: m.dec.id, action: abaddon.defaultAction(k.s, m.raw) }, entryRng('defaults', scenario, k.seq + 1));
      assert.ok(!isViolation(r), `default for ${m.dec.kind} refused: ${JSON.stringify(r)}`);
      k = r.k;
      entries++;
    }
    const res = resultOf(abaddon, k);
    assert.ok(res, `${scenario}: ended within ${entries} default entries`);
    const s = k.s as AbState;
    if (res!.winners.length) {
      const w = res!.winners[0];
      const loser = s.seats.findIndex((x) => x.faction !== s.seats[w].faction);
      assert.ok(abaddon.evaluate!(s, w) > abaddon.evaluate!(s, loser), `${scenario}: the winner evaluates higher`);
    } else assert.equal(abaddon.evaluate!(s, 0), abaddon.evaluate!(s, 1), `${scenario}: a draw evaluates alike`);
  }
  void R;
});

// turn_skipped (mid-round elimination) and unit_exited are rare in random play: covered by #21, #32, #58.
test('random playouts reach the rarer rules (coverage of the property tests)', () => {
  const want = [
    'reboot_decks', 'decks_reshuffled', 'anti_missile', 'attack_cancelled', 'attack_lapsed', 'wild_fire',
    'doomsday_bolt', 'bolt_missed', 'unit_displaced', 'marker_removed', 'close_combat', 'forces_divided',
    'decision:respond', 'decision:ammWindow', 'decision:boltWindow', 'decision:displace', 'decision:divide', 'decision:deploy',
  ];
  const missing = want.filter((w) => !seen.has(w));
  assert.deepEqual(missing, [], `seen: ${[...seen.keys()].sort().join(' ')}`);
});
