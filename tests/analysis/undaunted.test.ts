// Issue 21 (analysis) for Undaunted: Callisto: sandbox games with scripted dice, positions,
// forks, takebacks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from '../support/env.js';
import { assertSameGame, create, game, get, picker, playOne, playUntil, post } from './helpers.js';
import { analysisCases } from './cases.js';
import { getRuleset } from '../../src/games/index.js';
import { copyJson } from '../../src/engine/mech/json.js';
import { localRng } from '../../src/engine/rng.js';

let s: TestServer;
before(async () => {
  s = await startServer({ work: true }); // AI seats move here in services mode too (their jobs come from Redis)
});
after(async () => {
  await s.close();
});

const R = 'undaunted-callisto';
const SC = 's1-by-force';
const seats = [{ name: 'Ann' }, { name: 'Bob' }];

async function diceRolled(id: string): Promise<number[]> {
  const r = await get(s, `/v1/games/${id}/actions?after=0&limit=1000`);
  const out: number[] = [];
  for (const e of r.json().entries) for (const ev of e.events) if (ev.type === 'dice_rolled') out.push(...ev.data.faces);
  return out;
}

const quiet = (minRound: number) => (g: any) => g.view.stack.length === 0 && g.view.phase === 'turns' && g.view.round >= minRound;

describe('undaunted sandbox with scripted dice', () => {
  test('every die shows the scripted number, in order, then the seeded stream takes over', async () => {
    const script = [1, 2, 1, 2, 2, 1, 1, 2, 1, 1, 2, 2];
    const g = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { dice: { dice: script }, analysisToken: true } });
    assert.equal(g.sandbox, true);
    // Attacks where there are any (a die is rolled only when a unit strikes).
    const rand = picker(21);
    const pick = (n: number, actions: any[]) => {
      const attacks = actions.map((a, i) => [a, i]).filter(([a]) => a.target !== undefined);
      return attacks.length ? attacks[rand(attacks.length)][1] : rand(n);
    };
    let rolled: number[] = [];
    for (let i = 0; i < 400 && rolled.length <= script.length; i++) {
      if ((await game(s, g.id)).status === 'finished') break;
      await playOne(s, g.id, () => g.analysisToken!, pick);
      rolled = await diceRolled(g.id);
    }
    assert.ok(rolled.length > 0, 'no die was rolled');
    const n = Math.min(rolled.length, script.length);
    assert.deepEqual(rolled.slice(0, n), script.slice(0, n));
    const ver = (await get(s, `/v1/games/${g.id}/verify`)).json();
    assert.equal(ver.ok, true, JSON.stringify(ver.mismatches));
    assert.equal(ver.seed, null);
    assert.deepEqual(ver.dice, { dice: script });
    assert.equal(ver.scriptUsed.dice, n);
  });
});

describe('undaunted positions', () => {
  test('round trip: a played game exported as a position makes a sandbox whose views are the same', async () => {
    const g = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { analysisToken: true } });
    const at = await playUntil(s, g.id, () => g.analysisToken!, quiet(2), picker(4));
    assert.equal(at.status, 'active');
    const pos = await get(s, `/v1/games/${g.id}/position`, g.analysisToken);
    assert.equal(pos.statusCode, 200, pos.body);
    const copy = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { position: pos.json().position } });
    await assertSameGame(s, g, copy);
  });

  test('bad positions are refused with a code naming what is impossible', async () => {
    const g = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { analysisToken: true } });
    await playUntil(s, g.id, () => g.analysisToken!, quiet(1), picker(4));
    const good = (await get(s, `/v1/games/${g.id}/position`, g.analysisToken)).json().position;
    const bad = async (mutate: (p: any) => void, code: string, message?: RegExp) => {
      const p = structuredClone(good);
      mutate(p);
      const r = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { position: p } }, 422);
      assert.equal(r.error!.code, code, r.error!.message);
      if (message) assert.match(r.error!.message, message);
    };
    const anyCard = (p: any) => p.seats[0].hand[0] ?? p.seats[0].deck.pool[0] ?? p.seats[0].deck.discard[0];
    await bad((p) => { p.seats[0].deck.discard.push(anyCard(p)); }, 'card_in_two_places', /in \d+ places/);
    await bad((p) => { const x = p.seats[0]; if (x.deck.pool.length) x.deck.pool.pop(); else x.deck.discard.pop(); }, 'card_missing');
    await bad((p) => { p.seats[1].hand.push('no-such-card'); }, 'unknown_card');
    await bad((p) => { const id = Object.keys(p.units)[0]; p.units[id].at = 'Z99'; }, 'unknown_space');
    await bad((p) => { p.units['nobody'] = { at: null }; }, 'unknown_unit');
    await bad((p) => { p.phase = 'turns'; p.order = [0, 0]; }, 'bad_order');
    await bad((p) => { p.round = 0; }, 'invalid_position', /position\.round/);
    await bad((p) => { p.seats.pop(); }, 'invalid_position');
  });

  test('the position schema is published', async () => {
    const r = await get(s, `/v1/rulesets/${R}/position-schema`);
    assert.equal(r.statusCode, 200);
    assert.ok(r.json().schema.properties.units);
    assert.equal(r.json().streams.dice.offset, 1);
  });
});

// Fork only where seat 1's secrets are really uncertain to seat 0: its hand and deck can be more
// than one thing (unseen cards of two kinds, not all forced by casualties). Sampling the view here
// the way a fork does says so directly.
const uncertain = (g: { view: unknown }) => {
  const rs = getRuleset(R)!;
  const samples = new Set<string>();
  for (let i = 0; i < 16; i++) samples.add(JSON.stringify(rs.view(rs.determinize!(copyJson(g.view), 0, localRng(`uncertain|${i}`)), 1)));
  return samples.size > 1;
};
analysisCases(() => s, R, SC, 41, uncertain);
