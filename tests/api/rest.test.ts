// The REST door end to end on a real store (PGlite, or Postgres with DATABASE_URL).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(async () => {
  await s.close();
});

async function newDuel(extra: Record<string, unknown> = {}) {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bob' }], ...extra } });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as { id: string; version: number; seedHash: string; seats: { index: number; token: string }[]; toAct: unknown };
}

async function view(id: string, token?: string) {
  const r = await s.app.inject({ method: 'GET', url: `/v1/games/${id}`, headers: token ? auth(token) : {} });
  assert.equal(r.statusCode, 200, r.body);
  return r.json();
}

/** Plays both sealed bids of the current round with the lowest card. */
async function bidRound(g: Awaited<ReturnType<typeof newDuel>>) {
  for (const seat of [0, 1]) {
    const v = await view(g.id, g.seats[seat].token);
    const card = v.view.seats[seat].hand[0];
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[seat].token), payload: { action: { type: 'bid', card } } });
    assert.equal(r.statusCode, 200, r.body);
  }
}

describe('service basics', () => {
  test('GET /healthz answers', async () => {
    const r = await s.app.inject('/healthz');
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().ok, true);
  });

  test('GET /v1/rulesets lists id, version, title, players and scenarios', async () => {
    const r = await s.app.inject('/v1/rulesets');
    const duel = r.json().rulesets.find((x: { id: string }) => x.id === 'duel');
    assert.deepEqual(duel.players, { min: 2, max: 2 });
    assert.equal(duel.version, '1');
    assert.deepEqual(duel.scenarios.map((x: { id: string; players: number }) => [x.id, x.players]), [['standard', 2]]);
  });

  test('the OpenAPI document is served at /docs/json', async () => {
    const r = await s.app.inject('/docs/json');
    assert.equal(r.statusCode, 200);
    const doc = r.json();
    assert.ok(doc.openapi.startsWith('3.'));
    assert.ok(doc.paths['/v1/games/{id}/actions']);
  });
});

describe('games', () => {
  test('create returns 201 with id, version 0, seed hash and one token per human seat', async () => {
    const g = await newDuel();
    assert.match(g.id, /^g_/);
    assert.equal(g.version, 0);
    assert.match(g.seedHash, /^[0-9a-f]{64}$/);
    assert.equal(g.seats.length, 2);
    assert.notEqual(g.seats[0].token, g.seats[1].token);
  });

  test('a seat sees its own hand, never the other; a spectator sees no hand; tokens are never shown again', async () => {
    const g = await newDuel();
    const a = await view(g.id, g.seats[0].token);
    assert.equal(a.you, 0);
    assert.equal(a.view.seats[0].hand.length, 3);
    assert.equal(a.view.seats[1].hand, null);
    const spec = await view(g.id);
    assert.equal(spec.you, null);
    assert.ok(spec.view.seats.every((x: { hand: unknown }) => x.hand === null));
    assert.equal(spec.seed, null);
    assert.ok(!JSON.stringify(spec).includes(g.seats[0].token));
    assert.ok(spec.pending.every((d: object) => !('prompt' in d)));
  });

  test('unknown ruleset, scenario or seat count are 422 with a code', async () => {
    for (const [payload, code] of [
      [{ ruleset: 'nope', seats: [{ name: 'a' }, { name: 'b' }] }, 'unknown_ruleset'],
      [{ ruleset: 'duel', scenario: 'x', seats: [{ name: 'a' }, { name: 'b' }] }, 'unknown_scenario'],
      [{ ruleset: 'duel', seats: [{ name: 'a' }] }, 'wrong_seat_count'],
    ] as const) {
      const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload });
      assert.equal(r.statusCode, 422);
      assert.equal(r.json().error.code, code);
    }
  });

  test('without a scenario, the first one played with that many seats', async () => {
    // Unbreakable lists its solitaire scenario first: one seat gets it, two seats the first two-player one.
    const two = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'unbreakable', seats: [{ name: 'a' }, { name: 'b' }] } });
    assert.equal(two.statusCode, 201, two.body);
    assert.equal(two.json().scenario, 'retrieval');
    const one = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'unbreakable', seats: [{ name: 'a' }] } });
    assert.equal(one.statusCode, 201, one.body);
    assert.equal(one.json().scenario, 'special-delivery');
    // No scenario for the count: the first one's, named in the 422.
    const three = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'unbreakable', seats: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] } });
    assert.equal(three.statusCode, 422);
    assert.equal(three.json().error.code, 'wrong_seat_count');
    assert.match(three.json().error.message, /special-delivery/);
  });

  test('malformed bodies are 400 with a code and write nothing', async () => {
    const g = await newDuel();
    const cases = [
      { payload: '{not json', headers: { 'content-type': 'application/json' } },
      { payload: { action: 'bid' } },
      { payload: { action: { card: 1 } } },
      { payload: { expectedVersion: -1, action: { type: 'bid', card: 1 } } },
      { payload: { action: { type: 'bid' }, extra: true } },
    ];
    for (const c of cases) {
      const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: { ...auth(g.seats[0].token), ...(c.headers ?? {}) }, payload: c.payload as never });
      assert.equal(r.statusCode, 400, r.body);
      assert.ok(r.json().error.code);
    }
    const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: 'two' } });
    assert.equal(r.statusCode, 400);
    assert.equal(r.json().error.code, 'invalid_request');
    assert.equal((await view(g.id)).version, 0);
    const log = await s.app.inject(`/v1/games/${g.id}/actions`);
    assert.deepEqual(log.json().entries, []);
  });

  test('missing token is 401, a wrong token is 401, a seat answering another seat\'s decision is 403; nothing written', async () => {
    const g = await newDuel();
    const body = { action: { type: 'bid', card: 1 } };
    const none = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, payload: body });
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().error.code, 'token_required');
    const wrong = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth('sk_wrong'), payload: body });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().error.code, 'invalid_token');
    const other = await newDuel();
    const cross = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(other.seats[0].token), payload: body });
    assert.equal(cross.statusCode, 401);
    const v = await view(g.id, g.seats[1].token);
    const foreign = v.pending.find((d: { seat: number }) => d.seat === 0).id;
    const forbidden = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[1].token), payload: { ...body, decision: foreign } });
    assert.equal(forbidden.statusCode, 403);
    assert.equal(forbidden.json().error.code, 'not_your_decision');
    const legal = await s.app.inject(`/v1/games/${g.id}/legal-actions`);
    assert.equal(legal.statusCode, 401);
    assert.equal((await view(g.id)).version, 0);
  });

  test('a rule violation is 422 with the ruleset\'s code', async () => {
    const g = await newDuel();
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[0].token), payload: { action: { type: 'bid', card: 42 } } });
    assert.equal(r.statusCode, 422);
    assert.equal(r.json().error.code, 'card_not_in_hand');
  });

  test('legal actions list exactly the seat\'s choices', async () => {
    const g = await newDuel();
    const r = await s.app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(g.seats[0].token) });
    const body = r.json();
    assert.equal(body.decisions.length, 1);
    assert.equal(body.decisions[0].all, true);
    const hand = (await view(g.id, g.seats[0].token)).view.seats[0].hand;
    assert.deepEqual(body.decisions[0].actions.map((a: { card: number }) => a.card).sort(), [...new Set(hand)].sort());
  });

  test('?include=legal answers a move with the caller\'s next legal actions, the same as GET /legal-actions', async () => {
    const g = await newDuel();
    const a = await view(g.id, g.seats[0].token);
    const b = await view(g.id, g.seats[1].token);
    const r0 = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions?include=legal`, headers: auth(g.seats[0].token), payload: { action: { type: 'bid', card: a.view.seats[0].hand[0] } } });
    assert.equal(r0.statusCode, 200, r0.body);
    assert.deepEqual(r0.json().legal.decisions.map((d: { kind: string }) => d.kind), ['bid'], 'a held commit may still be replaced');
    // Seat 1's bid closes the group: its `legal` is whatever it may do now (the draw-or-pass
    // choice if it lost the bid, else nothing), exactly what GET /legal-actions says.
    const r1 = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions?include=legal`, headers: auth(g.seats[1].token), payload: { action: { type: 'bid', card: b.view.seats[1].hand[0] } } });
    assert.equal(r1.statusCode, 200, r1.body);
    assert.equal(r1.json().version, 1);
    const legal1 = (await s.app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(g.seats[1].token) })).json();
    assert.deepEqual(r1.json().legal, legal1);
    assert.equal(legal1.version, 1);
    const bad = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions?include=everything`, headers: auth(g.seats[0].token), payload: { action: { type: 'pass' } } });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().error.code);
  });

  test('sealed bids: the first commit moves no version and tells nobody; the last reveals both in one event', async () => {
    const g = await newDuel();
    assert.deepEqual(g.toAct, { version: 0, status: 'active', seats: [0, 1] }, 'the creation names the seats the setup asks first');
    const a = await view(g.id, g.seats[0].token);
    const r1 = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[0].token), payload: { action: { type: 'bid', card: a.view.seats[0].hand[0] } } });
    assert.equal(r1.statusCode, 200, r1.body);
    assert.equal(r1.json().version, 0);
    assert.deepEqual(r1.json().sealed, { group: 'bid:1', held: true, closed: false, replaced: false });
    // Both bidders stay listed (nobody else learns who has committed); the committer alone is told it waits (issue #15).
    assert.deepEqual(r1.json().toAct, { version: 0, status: 'active', seats: [0, 1], waitingOnOthers: true });
    const b = await view(g.id, g.seats[1].token);
    assert.equal(b.version, 0);
    // Seat 1 sees seat 0's decision without its prompt and without `committed` (issue #15: a held commit shows to its seat only).
    assert.deepEqual(b.pending, a.pending.map((d: Record<string, unknown>) => (d.seat === 1 ? { ...d, prompt: b.pending[1].prompt, committed: false } : d)).map((d: Record<string, unknown>) => { if (d.seat !== 1) { const { prompt: _p, committed: _c, ...rest } = d; return rest; } return d; }));
    // a seat may replace its held commit
    const again = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[0].token), payload: { action: { type: 'bid', card: a.view.seats[0].hand[1] } } });
    assert.equal(again.statusCode, 200);
    const r2 = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[1].token), payload: { action: { type: 'bid', card: b.view.seats[1].hand[0] } } });
    assert.equal(r2.statusCode, 200, r2.body);
    const after = await view(g.id, g.seats[1].token);
    assert.deepEqual(r2.json().toAct, { version: 1, status: 'active', seats: [...new Set(after.pending.map((d: { seat: number }) => d.seat))] }, 'the seats of the game\'s pending decisions');
    assert.equal(r2.json().toAct.seats.length, 1, 'the bid\'s loser alone chooses');
    assert.equal(r2.json().version, 1);
    const reveal = r2.json().events.filter((e: { type: string }) => e.type === 'bids_revealed');
    assert.equal(reveal.length, 1);
    assert.deepEqual(reveal[0].data.bids, [a.view.seats[0].hand[1], b.view.seats[1].hand[0]]);
  });

  test('concurrency race: 10 parallel submits at one version → 1 commit and 9 × 409 with the current version', async () => {
    const g = await newDuel();
    await bidRound(g);
    const v = await view(g.id);
    const chooser = v.view.chooser as number;
    const tok = g.seats[chooser].token;
    const rs = await Promise.all(Array.from({ length: 10 }, () => s.app.inject({
      method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(tok), payload: { expectedVersion: 1, action: { type: 'pass' } },
    })));
    const codes = rs.map((r) => r.statusCode).sort();
    assert.deepEqual(codes, [200, ...Array(9).fill(409)]);
    for (const r of rs.filter((x) => x.statusCode === 409)) {
      assert.equal(r.json().error.details.version, 2);
    }
    const log = (await s.app.inject(`/v1/games/${g.id}/actions`)).json();
    assert.deepEqual(log.entries.map((e: { seq: number }) => e.seq), [1, 2]);
  });

  test('a retried request with the same Idempotency-Key returns the first answer and writes nothing', async () => {
    const g = await newDuel();
    await bidRound(g);
    const chooser = (await view(g.id)).view.chooser as number;
    const req = { method: 'POST' as const, url: `/v1/games/${g.id}/actions`, headers: { ...auth(g.seats[chooser].token), 'idempotency-key': 'k-1' }, payload: { action: { type: 'draw' } } };
    const first = await s.app.inject(req);
    assert.equal(first.statusCode, 200, first.body);
    const second = await s.app.inject(req);
    assert.equal(second.statusCode, 200);
    assert.deepEqual(second.json(), first.json());
    assert.equal((await view(g.id)).version, 2);
  });

  test('an Idempotency-Key reused for another request is 422 idempotency_key_reused and writes nothing', async () => {
    const g = await newDuel();
    await bidRound(g);
    const chooser = (await view(g.id)).view.chooser as number;
    const other = 1 - chooser;
    const url = `/v1/games/${g.id}/actions`;
    const headers = { ...auth(g.seats[chooser].token), 'idempotency-key': 'k-2' };
    const first = await s.app.inject({ method: 'POST', url, headers, payload: { expectedVersion: 1, action: { type: 'draw' } } });
    assert.equal(first.statusCode, 200, first.body);
    const after = (await s.app.inject(url)).json().entries.length;
    const refused = [
      { headers, payload: { action: { type: 'pass' } } },                                      // another action
      { headers, payload: { expectedVersion: 0, action: { type: 'draw' } } },                  // another expectedVersion
      { headers, payload: { decision: 'no-such-decision', action: { type: 'draw' } } },        // another decision
      { headers: { ...auth(g.seats[other].token), 'idempotency-key': 'k-2' }, payload: { action: { type: 'draw' } } }, // another seat
    ];
    for (const r of refused) {
      const res = await s.app.inject({ method: 'POST', url, ...r });
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(res.json().error.code, 'idempotency_key_reused');
      assert.equal(res.json().error.details.version, 2);
    }
    const resign = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/resign`, headers });
    assert.equal(resign.statusCode, 422, 'a resignation under a move\'s key');
    assert.equal((await s.app.inject(url)).json().entries.length, after, 'nothing written');
    const same = await s.app.inject({ method: 'POST', url, headers, payload: { action: { type: 'draw' }, expectedVersion: 1 } });
    assert.equal(same.statusCode, 200, 'the same request, keys in another order, is a retry');
    assert.deepEqual(same.json().events, first.json().events);
  });

  test('a retried resignation with the same Idempotency-Key gets the stored answer after the game ended; without a key it is 409 game_over', async () => {
    const g = await newDuel();
    const req = { method: 'POST' as const, url: `/v1/games/${g.id}/resign`, headers: { ...auth(g.seats[0].token), 'idempotency-key': 'resign-1' } };
    const first = await s.app.inject(req);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal((await view(g.id)).status, 'finished');
    const retry = await s.app.inject(req);
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal(retry.json().version, first.json().version);
    assert.deepEqual(retry.json().result, first.json().result);
    const unkeyed = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/resign`, headers: auth(g.seats[0].token) });
    assert.equal(unkeyed.statusCode, 409);
    assert.equal(unkeyed.json().error.code, 'game_over');
    const otherSeat = await s.app.inject({ ...req, headers: { ...auth(g.seats[1].token), 'idempotency-key': 'resign-1' } });
    assert.equal(otherSeat.statusCode, 422, 'the key belongs to the other seat\'s resignation');
    assert.equal(otherSeat.json().error.code, 'idempotency_key_reused');
  });

  test('stale expectedVersion is 409 with the current version', async () => {
    const g = await newDuel();
    await bidRound(g);
    const chooser = (await view(g.id)).view.chooser as number;
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[chooser].token), payload: { expectedVersion: 0, action: { type: 'pass' } } });
    assert.equal(r.statusCode, 409);
    assert.equal(r.json().error.code, 'version_conflict');
    assert.equal(r.json().error.details.version, 1);
  });

  test('the log is redacted per caller: own draws visible, others see a count', async () => {
    const g = await newDuel();
    await bidRound(g);
    const chooser = (await view(g.id)).view.chooser as number;
    await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[chooser].token), payload: { action: { type: 'draw' } } });
    const mine = (await s.app.inject({ url: `/v1/games/${g.id}/actions?after=1`, headers: auth(g.seats[chooser].token) })).json();
    const theirs = (await s.app.inject({ url: `/v1/games/${g.id}/actions?after=1`, headers: auth(g.seats[1 - chooser].token) })).json();
    const spect = (await s.app.inject(`/v1/games/${g.id}/actions?after=1`)).json();
    assert.equal(mine.entries.length, 1);
    assert.ok(Array.isArray(mine.entries[0].events[0].data.cards));
    assert.deepEqual(mine.entries[0].action, { type: 'draw' });
    assert.equal(theirs.entries[0].events[0].data.cards, undefined);
    assert.equal(theirs.entries[0].events[0].data.count, 1);
    assert.equal(theirs.entries[0].action, null);
    assert.equal(spect.entries[0].hash, null);
  });

  test('replay: the caller\'s view at version N', async () => {
    const g = await newDuel();
    await bidRound(g);
    const r0 = (await s.app.inject({ url: `/v1/games/${g.id}/versions/0`, headers: auth(g.seats[0].token) })).json();
    assert.equal(r0.version, 0);
    assert.equal(r0.view.round, 1);
    assert.equal(r0.view.seats[0].hand.length, 3);
    assert.equal(r0.view.seats[1].hand, null);
    const bad = await s.app.inject(`/v1/games/${g.id}/versions/99`);
    assert.equal(bad.statusCode, 400);
  });

  test('verify is 409 before the end; after resignation it reveals the seed and re-runs the log', async () => {
    const g = await newDuel();
    await bidRound(g);
    const early = await s.app.inject(`/v1/games/${g.id}/verify`);
    assert.equal(early.statusCode, 409);
    assert.equal(early.json().error.code, 'game_not_finished');
    const res = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/resign`, headers: auth(g.seats[0].token) });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().toAct, { version: res.json().version, status: 'finished', seats: [] }, 'nobody is waited for after the end');
    const done = await view(g.id);
    assert.equal(done.status, 'finished');
    assert.deepEqual(done.result.winners, [1]);
    assert.match(done.seed, /^[0-9a-f]{64}$/);
    const v = (await s.app.inject(`/v1/games/${g.id}/verify`)).json();
    assert.equal(v.ok, true, JSON.stringify(v));
    assert.equal(v.seedHashOk, true);
    assert.equal(v.seedHash, g.seedHash);
    const late = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[1].token), payload: { action: { type: 'pass' } } });
    assert.equal(late.statusCode, 409);
    assert.equal(late.json().error.code, 'game_over');
  });

  test('a whole game played to the end over the API verifies', async () => {
    const g = await newDuel();
    for (let i = 0; i < 40; i++) {
      const spec = await view(g.id);
      if (spec.status === 'finished') break;
      for (const d of spec.pending) {
        const legal = (await s.app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(g.seats[d.seat].token) })).json();
        const dec = legal.decisions[0];
        if (!dec) continue;
        const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[d.seat].token), payload: { decision: dec.decision, action: dec.actions[0] } });
        assert.equal(r.statusCode, 200, r.body);
      }
    }
    const end = await view(g.id);
    assert.equal(end.status, 'finished');
    assert.ok(end.result);
    const v = (await s.app.inject(`/v1/games/${g.id}/verify`)).json();
    assert.equal(v.ok, true, JSON.stringify(v.mismatches));
  });

  test('unknown game is 404 with a code; unknown route is 404 with a code', async () => {
    const r = await s.app.inject('/v1/games/g_nope');
    assert.equal(r.statusCode, 404);
    assert.equal(r.json().error.code, 'game_not_found');
    const r2 = await s.app.inject('/v1/nothing');
    assert.equal(r2.statusCode, 404);
    assert.equal(r2.json().error.code, 'route_not_found');
  });

  test('open seats are claimed once and get a token', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'later', open: true }] } });
    const g = r.json();
    assert.equal(g.seats[1].token, null);
    const c = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/seats/1/claim`, payload: { name: 'Cat' } });
    assert.equal(c.statusCode, 201, c.body);
    const tok = c.json().token;
    assert.equal((await view(g.id, tok)).you, 1);
    const twice = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/seats/1/claim`, payload: {} });
    assert.equal(twice.statusCode, 409);
  });
});

describe('over a real port', () => {
  test('create, view, act with Idempotency-Key, read the log, with real HTTP', async () => {
    const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const json = { 'content-type': 'application/json' };
    const c = await fetch(`${base}/v1/games`, { method: 'POST', headers: json, body: JSON.stringify({ ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] }) });
    assert.equal(c.status, 201);
    assert.match(c.headers.get('location') ?? '', /^\/v1\/games\/g_/);
    const g = await c.json();
    for (const seat of [0, 1]) {
      const v = await (await fetch(`${base}/v1/games/${g.id}`, { headers: auth(g.seats[seat].token) })).json();
      const r = await fetch(`${base}/v1/games/${g.id}/actions`, {
        method: 'POST', headers: { ...json, ...auth(g.seats[seat].token), 'idempotency-key': `bid-${seat}` },
        body: JSON.stringify({ expectedVersion: 0, action: { type: 'bid', card: v.view.seats[seat].hand[0] } }),
      });
      assert.equal(r.status, 200, await r.clone().text());
    }
    const log = await (await fetch(`${base}/v1/games/${g.id}/actions?after=0`)).json();
    assert.equal(log.version, 1);
    assert.equal(log.entries[0].kind, 'sealed');
    const bad = await fetch(`${base}/v1/games/${g.id}/actions`, { method: 'POST', headers: { ...json, ...auth(g.seats[0].token) }, body: '{"action":' });
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).error.code, 'malformed_json');
  });
});
