// Issue 21 (analysis) for Abaddon: sandbox games with scripted dice, positions, forks, takebacks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from '../support/env.js';
import { create, game, get, picker, playOne, playUntil, post } from './helpers.js';

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(async () => {
  await s.close();
});

const seats = [{ name: 'Ann' }, { name: 'Bob' }];

/** Every die rolled in the game, in order, from the spectator's log. */
async function diceRolled(id: string): Promise<unknown[]> {
  const r = await get(s, `/v1/games/${id}/actions?after=0&limit=1000`);
  const out: unknown[] = [];
  for (const e of r.json().entries) for (const ev of e.events) if (ev.type === 'dice_rolled') out.push(...ev.data.faces);
  return out;
}

describe('abaddon sandbox with scripted dice', () => {
  test('the scripted faces come out in order, then the seeded stream; the game is marked a sandbox and unrated', async () => {
    // m1: CA moves first, no roll-off, so the first draws of the 'dice' stream are the first
    // turn's activation dice (one face each); the seeded stream continues after the script.
    const script = ['C', 'WS', 'H', 'M', 'R', 'I', 'C', 'WS'];
    const g = await create(s, { ruleset: 'abaddon', scenario: 'm1', seats, sandbox: { dice: { dice: script }, analysisToken: true } });
    assert.equal(g.sandbox, true);
    assert.ok(g.analysisToken);
    const tok = () => g.analysisToken!;
    const pick = picker(11);
    let rolled: unknown[] = [];
    for (let i = 0; i < 300 && rolled.length === 0; i++) {
      await playOne(s, g.id, tok, pick);
      rolled = await diceRolled(g.id);
    }
    assert.ok(rolled.length > 0 && rolled.length <= script.length, `${rolled.length} dice rolled`);
    assert.deepEqual(rolled, script.slice(0, rolled.length));
    const v = await game(s, g.id);
    assert.equal(v.sandbox, true);
    assert.equal(v.rated, false);
    const list = (await get(s, '/v1/games?limit=200')).json().games.find((x: { id: string }) => x.id === g.id);
    assert.equal(list.sandbox, true);
    const ver = (await get(s, `/v1/games/${g.id}/verify`)).json();
    assert.equal(ver.ok, true, JSON.stringify(ver.mismatches));
    assert.equal(ver.sandbox, true);
    assert.equal(ver.seed, null);
    assert.deepEqual(ver.dice, { dice: script });
    assert.equal(ver.scriptUsed.dice, rolled.length);
  });

  test('a scripted value that is no outcome of the draw is refused with script_mismatch, nothing written', async () => {
    const g = await create(s, { ruleset: 'abaddon', scenario: 'm1', seats, sandbox: { dice: { dice: ['X'] }, analysisToken: true } });
    const pick = picker(3);
    let refused: any = null;
    for (let i = 0; i < 200 && !refused; i++) {
      const v = await game(s, g.id);
      const d = v.pending.find((x: { blocking: boolean }) => x.blocking);
      const la = (await s.app.inject({ method: 'GET', url: `/v1/games/${g.id}/legal-actions`, headers: { authorization: `Bearer ${g.analysisToken}`, 'x-seat': String(d.seat) } })).json();
      const dec = la.decisions.find((x: { decision: string }) => x.decision === d.id);
      const action = dec.actions[pick(dec.actions.length)];
      const r = await post(s, `/v1/games/${g.id}/actions`, g.analysisToken!, { decision: d.id, action }, d.seat);
      if (r.statusCode === 422) {
        refused = r.json();
        assert.equal((await game(s, g.id)).version, v.version);
      } else assert.equal(r.statusCode, 200, r.body);
    }
    assert.ok(refused, 'no move drew a die');
    assert.equal(refused.error.code, 'script_mismatch');
    assert.match(refused.error.message, /dice\.dice\[0\]: X is not a face of this draw/);
  });

  test('a malformed script is refused at creation', async () => {
    const r = await create(s, { ruleset: 'abaddon', scenario: 'm1', seats, sandbox: { dice: { dice: [{ face: 'C' }] } } }, 422);
    assert.equal(r.error!.code, 'invalid_script');
  });
});
