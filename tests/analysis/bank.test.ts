// The time bank counts every answer, also those after a takeback (issue 21 with deadlines):
// the bank's replay is the service's own (positions, scripted dice, takebacks), so a seat
// that overran its turn after a takeback spends its bank as it would without one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sqlOf } from '../../src/players/players.js';
import { bankUsedMs } from '../../src/service/async/deadlines.js';
import { startServer, type TestServer } from '../support/env.js';
import { create, game, picker, playOne, post } from './helpers.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

test('an answer after an approved takeback spends the bank by the time past its turn limit', async () => {
  const seats = [{ name: 'Ann' }, { name: 'Bob' }];
  let g: Awaited<ReturnType<typeof create>> | null = null;
  for (let attempt = 0; attempt < 4 && !g; attempt++) {
    const c = await create(s, { ruleset: 'abaddon', scenario: 'm1', seats, takebacks: { allow: true }, deadlines: { turnSeconds: 3600, bankSeconds: 7200 } });
    const tok = (seat: number) => c.seats[seat].token!;
    const pick = picker(40 + attempt);
    for (let i = 0; i < 200; i++) {
      const now = await game(s, c.id);
      if (now.status !== 'active') break;
      const d = now.pending.find((x: { blocking: boolean }) => x.blocking);
      await playOne(s, c.id, tok, pick, now);
      const v = (await game(s, c.id)).version;
      const r = await post(s, `/v1/games/${c.id}/takebacks`, tok(d.seat), { to: v - 1 });
      if (r.statusCode !== 200) continue;
      const a = await post(s, `/v1/games/${c.id}/takebacks/answer`, tok(1 - d.seat), { approve: true });
      assert.equal(a.statusCode, 200, a.body);
      g = c;
      break;
    }
  }
  assert.ok(g, 'a takeback-able entry in four games');
  const tok = (seat: number) => g!.seats[seat].token!;
  const kinds = (await s.app.inject({ url: `/v1/games/${g.id}/actions?after=0` })).json().entries.map((e: { kind: string }) => e.kind);
  assert.equal(kinds.at(-1), 'takeback');
  // Everything so far happened 3700 s ago: the decision now open has waited 100 s past its hour.
  await sqlOf(s.rt).query(`UPDATE actions SET created_at = created_at - interval '3700 seconds' WHERE game_id = $1::text`, [g.id]);
  const now = await game(s, g.id);
  const seat = now.pending.find((x: { blocking: boolean }) => x.blocking).seat as number;
  const rt = s.rt;
  const before = await bankUsedMs(rt, g.id, seat);
  assert.ok(before < 5_000, `nothing overran before (${before} ms)`);
  await playOne(s, g.id, tok, picker(3), now);
  const spent = (await bankUsedMs(rt, g.id, seat)) - before;
  assert.ok(spent >= 99_000 && spent < 200_000, `about 100 s of the bank spent after the takeback (${spent} ms)`);
});
