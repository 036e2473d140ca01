// Issue 21 (analysis) for Abaddon: sandbox games with scripted dice, positions, forks, takebacks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from '../support/env.js';
import { create, game, get, picker, playOne, playUntil, post } from './helpers.js';
import { analysisCases } from './cases.js';

let s: TestServer;
before(async () => {
  s = await startServer({ work: true }); // AI seats move here in services mode too (their jobs come from Redis)
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

const atTurnStart = (min: number) => (g: any) => g.view.phase === 'lockon' && g.view.turn >= min;

describe('abaddon positions', () => {
  test('round trip: a played game exported as a position makes a sandbox whose views are the same', async () => {
    const g = await create(s, { ruleset: 'abaddon', scenario: 'm1', seats, sandbox: { analysisToken: true } });
    const at = await playUntil(s, g.id, () => g.analysisToken!, atTurnStart(4), picker(5));
    assert.equal(at.view.phase, 'lockon');
    const pos = await get(s, `/v1/games/${g.id}/position`, g.analysisToken);
    assert.equal(pos.statusCode, 200, pos.body);
    const copy = await create(s, { ruleset: 'abaddon', scenario: 'm1', seats, sandbox: { position: pos.json().position } });
    for (const seat of [0, 1]) {
      const a = await game(s, g.id, g.seats[seat].token, seat);
      const b = await game(s, copy.id, copy.seats[seat].token);
      assert.deepEqual(b.view, a.view, `seat ${seat}`);
      assert.deepEqual(b.pending.map((d: any) => [d.seat, d.kind]), a.pending.map((d: any) => [d.seat, d.kind]));
    }
    assert.deepEqual((await game(s, copy.id)).view, (await game(s, g.id)).view);
  });

  test("a running real game's position is made from the caller's own view: that seat sees the same, the other hand is not the real one", async () => {
    const g = await create(s, { ruleset: 'abaddon', scenario: 'm1', seats });
    const tok = (seat: number) => g.seats[seat].token!;
    await playUntil(s, g.id, tok, atTurnStart(3), picker(9));
    const pos = await get(s, `/v1/games/${g.id}/position`, tok(0));
    assert.equal(pos.statusCode, 200, pos.body);
    assert.equal(pos.json().from, 'view');
    const copy = await create(s, { ruleset: 'abaddon', scenario: 'm1', seats, sandbox: { position: pos.json().position } });
    const mine = await game(s, g.id, tok(0));
    const theirs = await game(s, copy.id, copy.seats[0].token);
    assert.deepEqual(theirs.view, mine.view);
    // A spectator of the running game may not export it at all as the full state: its position is
    // its own (spectator) view determinized, never seat 1's hand.
    const spect = (await get(s, `/v1/games/${g.id}/position`)).json();
    assert.equal(spect.from, 'view');
  });

  test('bad positions are refused with a code naming what is impossible', async () => {
    const g = await create(s, { ruleset: 'abaddon', scenario: 'm1', seats, sandbox: { analysisToken: true } });
    await playUntil(s, g.id, () => g.analysisToken!, atTurnStart(2), picker(5));
    const good = (await get(s, `/v1/games/${g.id}/position`, g.analysisToken)).json().position;
    const bad = async (mutate: (p: any) => void, code: string, message?: RegExp) => {
      const p = structuredClone(good);
      mutate(p);
      const r = await create(s, { ruleset: 'abaddon', scenario: 'm1', seats, sandbox: { position: p } }, 422);
      assert.equal(r.error!.code, code, r.error!.message);
      if (message) assert.match(r.error!.message, message);
    };
    const onBoard = (p: any) => p.units.filter((u: any) => u.status === 'board');
    await bad((p) => { const [a, b] = onBoard(p); b.at = a.at; }, 'square_taken', /stand on one square/);
    await bad((p) => { p.hands[0].push(p.ws.discard[0] ?? p.ws.pool[0]); }, 'card_in_two_places');
    await bad((p) => { p.ws.pool.pop(); }, 'card_missing');
    await bad((p) => { onBoard(p)[0].crystals = 40; }, 'crystals_over_max', /over a/);
    await bad((p) => { onBoard(p)[0].at = [99, 0]; }, 'off_board');
    await bad((p) => { p.active = 3; }, 'unknown_seat');
    await bad((p) => { p.units[1].id = p.units[0].id; }, 'duplicate_unit');
    await bad((p) => { p.colour = 'red'; }, 'invalid_position', /additional properties \(colour\)/);
    await bad((p) => { p.units[0].type = 'Z'; }, 'invalid_position', /position\.units\.0\.type/);
  });

  test('the position schema and the scriptable streams are published', async () => {
    const r = await get(s, '/v1/rulesets/abaddon/position-schema');
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().schema.type, 'object');
    assert.deepEqual(r.json().streams.dice.faces, ['H', 'M', 'R', 'I', 'WS', 'C']);
  });
});

analysisCases(() => s, 'abaddon', 'm1', 31);

describe('abaddon takebacks with an AI seat', () => {
  test("AI seats follow the game's option: 'refuse' refuses at once", async () => {
    const g = await create(s, { ruleset: 'abaddon', scenario: 'm1', seats: [{ name: 'Ann' }, { name: 'Bot', ai: { level: 'random' } }], takebacks: { allow: true, ai: 'refuse' } });
    const r = await post(s, `/v1/games/${g.id}/takebacks`, g.seats[0].token, { to: 0 });
    // Version 0 has nothing to take back yet; once a move is made the AI's answer decides.
    assert.equal(r.statusCode, 400);
    for (let i = 0; i < 200 && (await game(s, g.id)).version < 1; i++) {
      const v = await game(s, g.id);
      if (v.pending.some((d: { seat: number; blocking: boolean }) => d.blocking && d.seat === 0)) await playOne(s, g.id, () => g.seats[0].token!, picker(1), v);
      else await new Promise((r) => setTimeout(r, 100)); // the AI seat moves through the job queue
    }
    const r2 = await post(s, `/v1/games/${g.id}/takebacks`, g.seats[0].token, { to: 0 });
    assert.equal(r2.statusCode, 409, r2.body);
    assert.equal(r2.json().error.details.reason, 'ai_refuses');
  });
});
