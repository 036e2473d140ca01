// Issue 21 (analysis), takebacks and the job queue: an unanswered request ends at its deadline by
// a scheduled job (src/service/async/takebacks.ts), which writes nothing when the request ended
// first; AI seats answer by the game's option (takebacks.ai). The server runs jobs itself
// (work: true), so this holds in embedded mode and against services (Redis, Postgres).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from '../support/env.js';
import { expireTakeback } from '../../src/service/analysis-ops.js';
import { create, game, get, picker, playOne, post } from './helpers.js';

let s: TestServer;
before(async () => {
  s = await startServer({ work: true });
});
after(async () => {
  await s.close();
});

const R = 'agents-of-mayhem';
const SC = 'M1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface G { id: string; seats: { index: number; token: string | null }[] }

/**
 * Plays (human seats; AI seats move through the job queue) until `asker` has just moved and a
 * takeback of that move is accepted; returns the answer of the request and its target version.
 */
async function requestAfterOwnMove(g: G, asker: number, seed: number) {
  const pick = picker(seed);
  for (let i = 0; i < 300; i++) {
    const v = await game(s, g.id);
    assert.equal(v.status, 'active');
    const d = v.pending.find((x: { blocking: boolean }) => x.blocking);
    if (!d || g.seats[d.seat].token === null) { await sleep(50); continue; } // an AI seat's turn
    await playOne(s, g.id, (seat) => g.seats[seat].token!, pick, v);
    if (d.seat !== asker) continue;
    const r = await post(s, `/v1/games/${g.id}/takebacks`, g.seats[asker].token, { to: v.version });
    if (r.statusCode === 200) return { ...r.json(), to: v.version as number };
    assert.equal(r.statusCode, 409, r.body);
    assert.ok(['random_draw', 'hidden_information'].includes(r.json().error.details?.reason), r.body);
  }
  throw new Error('no takeback-able move in 300 tries');
}

async function log(id: string) {
  return (await get(s, `/v1/games/${id}/actions?after=0&limit=1000`)).json().entries as { seq: number; kind: string; events: { type: string; data: any }[] }[];
}

describe('takeback deadlines: a scheduled job', () => {
  test('an unanswered request ends at its deadline: a takeback_expired entry and event, once; the state is unchanged', async () => {
    const seats = [{ name: 'Ann' }, { name: 'Bob' }];
    const g = await create(s, { ruleset: R, scenario: SC, seats, takebacks: { allow: true, seconds: 10 } });
    const req = await requestAfterOwnMove(g, 0, 3);
    assert.equal(req.entry, 'takeback_request');
    const shown = await game(s, g.id);
    assert.equal(shown.takeback.expired, false);
    const views = [(await game(s, g.id, g.seats[0].token)).view, (await game(s, g.id, g.seats[1].token)).view];
    // Nobody answers: the job ends the request just after its deadline (10 s).
    let now = shown;
    for (let i = 0; i < 200 && now.takeback !== null; i++) {
      await sleep(100);
      now = await game(s, g.id);
    }
    assert.equal(now.takeback, null, 'the request did not end at its deadline');
    assert.equal(now.version, req.version + 1);
    const last = (await log(g.id)).at(-1)!;
    assert.equal(last.kind, 'takeback_expired');
    const ev = last.events.find((e) => e.type === 'takeback_expired')!;
    assert.deepEqual({ seat: ev.data.seat, to: ev.data.to, request: ev.data.request }, { seat: 0, to: req.to, request: req.version });
    assert.deepEqual([(await game(s, g.id, g.seats[0].token)).view, (await game(s, g.id, g.seats[1].token)).view], views);
    // The job again (a retry, a second worker): nothing more is written.
    assert.equal(await expireTakeback(s.rt.service, g.id, req.version), 'stale');
    assert.equal((await game(s, g.id)).version, req.version + 1);
    // Answers come too late; a new request may be made, and verify replays the whole log.
    const late = await post(s, `/v1/games/${g.id}/takebacks/answer`, g.seats[1].token, { approve: true });
    assert.equal(late.json().error.code, 'no_takeback_pending');
    const again = await post(s, `/v1/games/${g.id}/takebacks`, g.seats[0].token, { to: req.to });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal((await post(s, `/v1/games/${g.id}/takebacks/answer`, g.seats[1].token, { approve: true })).json().entry, 'takeback');
    assert.equal((await post(s, `/v1/games/${g.id}/resign`, g.seats[0].token, {})).statusCode, 200);
    const ver = (await get(s, `/v1/games/${g.id}/verify`)).json();
    assert.equal(ver.ok, true, JSON.stringify(ver.mismatches));
  });

  test('the job writes nothing when the request ended first (refused, replaced) or before the deadline', async () => {
    const seats = [{ name: 'Ann' }, { name: 'Bob' }];
    const g = await create(s, { ruleset: R, scenario: SC, seats, takebacks: { allow: true, seconds: 3600 } });
    const a = await requestAfterOwnMove(g, 0, 5);
    // Early (a job run before the deadline): nothing written, the time left is reported.
    const early = await expireTakeback(s.rt.service, g.id, a.version);
    assert.ok(typeof early === 'object' && early.early > 3_000_000, JSON.stringify(early));
    assert.equal((await game(s, g.id)).version, a.version);
    // Refused: the request ended, its job is stale.
    assert.equal((await post(s, `/v1/games/${g.id}/takebacks/answer`, g.seats[1].token, { approve: false })).statusCode, 200);
    assert.equal(await expireTakeback(s.rt.service, g.id, a.version), 'stale');
    // A newer request pending: the old request's job leaves it alone.
    const b = await post(s, `/v1/games/${g.id}/takebacks`, g.seats[0].token, { to: a.to });
    assert.equal(b.statusCode, 200, b.body);
    assert.equal(await expireTakeback(s.rt.service, g.id, a.version), 'stale');
    const now = await game(s, g.id);
    assert.equal(now.version, b.json().version);
    assert.equal(now.takeback.requestedAt, b.json().version);
    assert.ok(!(await log(g.id)).some((e) => e.kind === 'takeback_expired'));
  });
});

describe("takebacks with AI seats: they answer by the game's option", () => {
  // Three players: seat 0 MAYHEM, seats 1-2 LEGION; seat 2 is an AI.
  const seats = [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Bot', ai: { level: 'random' } }];

  test("'approve' (the default): the AI seat's consent is given, the takeback waits only for the other human", async () => {
    const g = await create(s, { ruleset: R, scenario: SC, seats, takebacks: { allow: true } });
    const req = await requestAfterOwnMove(g, 0, 7);
    assert.equal(req.entry, 'takeback_request');
    const shown = await game(s, g.id);
    assert.deepEqual(shown.takeback.voters, [1]);
    const a = await post(s, `/v1/games/${g.id}/takebacks/answer`, g.seats[1].token, { approve: true });
    assert.equal(a.statusCode, 200, a.body);
    assert.equal(a.json().entry, 'takeback');
    const ev = (await log(g.id)).at(-1)!.events.find((e) => e.type === 'taken_back')!;
    assert.deepEqual(ev.data.approvedBy, [1, 2]);
    assert.equal(ev.data.to, req.to);
  });

  test("'approve' with no other human seat: the takeback is made at once", async () => {
    const g = await create(s, { ruleset: R, scenario: SC, seats: [{ name: 'Ann' }, { name: 'Bot', ai: { level: 'random' } }], takebacks: { allow: true, ai: 'approve' } });
    const r = await requestAfterOwnMove(g, 0, 9);
    assert.equal(r.entry, 'takeback');
    const ev = (await log(g.id)).at(-1)!.events.find((e) => e.type === 'taken_back')!;
    assert.deepEqual(ev.data.approvedBy, [1]);
    assert.equal((await game(s, g.id)).takeback, null);
  });

  test("'refuse': a request is refused at once (ai_refuses), nothing is written", async () => {
    const g = await create(s, { ruleset: R, scenario: SC, seats, takebacks: { allow: true, ai: 'refuse' } });
    const pick = picker(11);
    for (let i = 0; i < 300; i++) {
      const v = await game(s, g.id);
      const d = v.pending.find((x: { blocking: boolean }) => x.blocking);
      if (d?.seat === 0) { await playOne(s, g.id, (seat) => g.seats[seat].token!, pick, v); break; }
      if (d && g.seats[d.seat].token) await playOne(s, g.id, (seat) => g.seats[seat].token!, pick, v);
      else await sleep(50);
    }
    const before = await game(s, g.id);
    const r = await post(s, `/v1/games/${g.id}/takebacks`, g.seats[0].token, { to: before.version - 1 });
    assert.equal(r.statusCode, 409, r.body);
    assert.equal(r.json().error.details.reason, 'ai_refuses');
    assert.ok(!(await log(g.id)).some((e) => e.kind.startsWith('takeback')));
  });
});
