// Issue 21 (analysis) for Unbreakable: sandbox games with scripted dice and draws, positions,
// forks, takebacks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from '../support/env.js';
import { assertSameGame, create, game, get, picker, playOne, playUntil, type Pick } from './helpers.js';
import { analysisCases } from './cases.js';
import { CONTENT } from '../../src/games/unbreakable/content.js';

let s: TestServer;
before(async () => {
  s = await startServer({ work: true });
});
after(async () => {
  await s.close();
});

const R = 'unbreakable';
const SC = 'capture-the-flag';
const seats = [{ name: 'Ann' }, { name: 'Bob' }];

async function events(id: string, type: string): Promise<any[]> {
  const r = await get(s, `/v1/games/${id}/actions?after=0&limit=1000`);
  return r.json().entries.flatMap((e: any) => e.events.filter((ev: any) => ev.type === type));
}

/** Combat dice (d6 faces) rolled so far, in order. */
async function combatDice(id: string): Promise<number[]> {
  return (await events(id, 'dice_rolled')).flatMap((ev) => ev.data.faces).filter((f: unknown) => typeof f === 'number');
}

/** Fire when a unit can, else move, else anything: contact comes sooner. */
function aggressive(seed: number): Pick {
  const rand = picker(seed);
  return (n, actions) => {
    for (const type of ['fire', 'melee', 'move']) {
      const xs = actions.map((a, i) => [a, i] as const).filter(([a]) => a.type === type);
      if (xs.length) return xs[rand(xs.length)][1];
    }
    return rand(n);
  };
}

/** The start of an activation (a card drawn, no unit of it has acted yet), from turn `min` on. */
const atActivation = (min: number) => (g: any) =>
  g.view.phase === 'play' && g.view.stack.length === 2 && g.view.stack[1].f === 'act' && Object.keys(g.view.stack[1].turns).length === 0 && g.view.turn >= min;

describe('unbreakable sandbox with scripted dice and draws', () => {
  test('the scripted cards and dice come out in order, then the seeded stream takes over', async () => {
    const dice = [1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1];
    // Draws are indices in the sorted draw pile: 0 is act-blue-crawlers, twice in turn 1's 22 cards.
    const script = { dice, 'deck:action': [0, 0] };
    const g = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { dice: script, analysisToken: true } });
    assert.equal(g.sandbox, true);
    const pick = aggressive(5);
    let rolled: number[] = [];
    for (let i = 0; i < 500 && rolled.length === 0; i++) {
      if ((await game(s, g.id)).status === 'finished') break;
      await playOne(s, g.id, () => g.analysisToken!, pick);
      rolled = await combatDice(g.id);
    }
    const drawn = (await events(g.id, 'card_drawn')).map((ev) => ev.data.card);
    assert.deepEqual(drawn.slice(0, 2), ['act-blue-crawlers', 'act-blue-crawlers']);
    assert.ok(rolled.length > 0, 'no die was rolled');
    const n = Math.min(rolled.length, dice.length);
    assert.deepEqual(rolled.slice(0, n), dice.slice(0, n));
    const ver = (await get(s, `/v1/games/${g.id}/verify`)).json();
    assert.equal(ver.ok, true, JSON.stringify(ver.mismatches));
    assert.equal(ver.seed, null);
    assert.deepEqual(ver.dice, script);
    assert.equal(ver.scriptUsed['deck:action'], 2);
    assert.equal(ver.scriptUsed.dice, n);
  });
});

describe('unbreakable positions', () => {
  test('round trip: a played game exported as a position makes a sandbox whose views and decisions are the same', async () => {
    const g = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { analysisToken: true } });
    const at = await playUntil(s, g.id, () => g.analysisToken!, atActivation(2), aggressive(4), 600);
    assert.equal(at.status, 'active');
    const pos = await get(s, `/v1/games/${g.id}/position`, g.analysisToken);
    assert.equal(pos.statusCode, 200, pos.body);
    const copy = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { position: pos.json().position } });
    await assertSameGame(s, g, copy);
    // The sandbox plays on from the position, and verify replays it from there.
    await playOne(s, copy.id, (seat) => copy.seats[seat].token!, picker(2));
    const ver = (await get(s, `/v1/games/${copy.id}/verify`)).json();
    assert.equal(ver.ok, true, JSON.stringify(ver.mismatches));
    assert.ok(ver.position);
  });

  for (const [scenario, n] of [['retrieval', 2], ['runaway', 2], ['special-delivery', 1], ['industrial-wasteland', 2]] as const) {
    test(`round trip (${scenario}): the scenario's own pieces, edges and objects come back the same`, async () => {
      const players = seats.slice(0, n);
      const g = await create(s, { ruleset: R, scenario, seats: players, sandbox: { analysisToken: true } });
      const at = await playUntil(s, g.id, () => g.analysisToken!, atActivation(2), aggressive(12), 600);
      if (at.status !== 'active') return; // ended before turn 2 (the scenario won early): nothing to export
      const pos = await get(s, `/v1/games/${g.id}/position`, g.analysisToken);
      assert.equal(pos.statusCode, 200, pos.body);
      const copy = await create(s, { ruleset: R, scenario, seats: players, sandbox: { position: pos.json().position } });
      assert.deepEqual((await game(s, copy.id)).view, (await game(s, g.id)).view);
      if (scenario === 'industrial-wasteland') {
        // Round 2 of the match: the same board with the sides swapped.
        const p = { ...pos.json().position, round: 2, previous: { completed: false, ts: 3 } };
        const r2 = await create(s, { ruleset: R, scenario, seats: players, sandbox: { position: p } });
        const v = (await game(s, r2.id)).view;
        assert.deepEqual([v.round, v.seatOf, v.rounds], [2, { blue: 1, yellow: 0 }, [{ yellow: 1, completed: false, ts: 3 }]]);
      }
    });
  }

  test('a position is refused during the sealed set-up', async () => {
    const g = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { analysisToken: true } });
    const r = await get(s, `/v1/games/${g.id}/position`, g.analysisToken);
    assert.equal(r.statusCode, 422);
    assert.equal(r.json().error.code, 'not_at_a_position');
  });

  test('bad positions are refused with a code naming what is impossible', async () => {
    const g = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { analysisToken: true } });
    await playUntil(s, g.id, () => g.analysisToken!, atActivation(1), aggressive(6), 600);
    const good = (await get(s, `/v1/games/${g.id}/position`, g.analysisToken)).json().position;
    const bad = async (mutate: (p: any) => void, code: string, message?: RegExp) => {
      const p = structuredClone(good);
      mutate(p);
      const r = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { position: p } }, 422);
      assert.equal(r.error!.code, code, r.error!.message);
      if (message) assert.match(r.error!.message, message);
    };
    const live = (p: any) => p.units.filter((u: any) => !u.gone && u.at);
    await bad((p) => { const h = live(p)[0].at; for (const u of live(p)) { u.at = h; if (u.id[0] === 'S') { u.config = 'ground'; u.status = 'ready'; } } }, 'over_stacked', /at most 4/);
    await bad((p) => { live(p)[0].at = '9999'; }, 'off_map');
    await bad((p) => { const u = live(p)[0]; p.map[u.at] = { terrain: 'volcano' }; }, 'in_volcano', /volcano/);
    await bad((p) => { p.units.push({ ...p.units[0], id: 'Z9' }); }, 'unknown_unit');
    await bad((p) => { p.units.push(structuredClone(p.units[0])); }, 'duplicate_unit');
    await bad((p) => { p.units.pop(); }, 'bad_platoon');
    await bad((p) => { p.deck.discard.push(p.deck.pool[0]); }, 'card_in_two_places');
    await bad((p) => { p.deck.pool.pop(); }, 'card_missing');
    await bad((p) => { p.deck.pool.push('act-green-walkers'); }, 'unknown_card');
    await bad((p) => { const i = p.deck.pool.findIndex((c: string) => !c.startsWith('quake-')); p.unusedQuakes.push(p.deck.pool[i]); p.deck.pool.splice(i, 1); }, 'not_an_earthquake');
    await bad((p) => { const u = p.units.find((x: any) => x.id[0] === 'S'); u.config = 'up'; }, 'bad_config');
    await bad((p) => { p.units[0].weapons[0].kind = p.units[0].weapons[0].id.startsWith('beam') ? 'nuke' : 'laser'; }, 'bad_weapon');
    await bad((p) => { const h = CONTENT.hexIds.find((x) => CONTENT.terrain[x] === 'clear')!; p.map[h] = { terrain: 'woods' }; }, 'bad_terrain', /never woods/);
    await bad((p) => {
      const where = p.deck.pool.includes('time-stream') ? p.deck.pool : p.deck.discard;
      where[where.indexOf('time-stream')] = p.activation.card;
      p.activation.card = 'time-stream';
    }, 'not_an_activation');
    await bad((p) => { const f = p.objects[0]; f.carriedBy = live(p).find((u: any) => u.carrying !== f.id).id; f.at = null; }, 'object_mismatch');
    await bad((p) => { p.objects.push({ id: 'satellite', at: '0608' }); }, 'unknown_object');
    await bad((p) => { p.turn = 99; }, 'bad_turn');
    await bad((p) => { p.colour = 'red'; }, 'invalid_position', /additional properties \(colour\)/);
    await bad((p) => { p.units[0].status = 'asleep'; }, 'invalid_position', /position\.units\.0\.status/);
  });

  test('the position schema and the scriptable streams are published', async () => {
    const r = await get(s, `/v1/rulesets/${R}/position-schema`);
    assert.equal(r.statusCode, 200);
    assert.ok(r.json().schema.properties.units);
    assert.equal(r.json().streams.dice.offset, 1);
    assert.ok(r.json().streams['deck:action']);
  });
});

// Only the sealed set-up is secret (§10): with platoons of 6 the set-up takes 14 entries, so the
// running game is forked while seat 1's committed choices are still hidden from seat 0.
analysisCases(() => s, R, SC, 51, (g) => g.view.phase === 'setup', { options: { platoonSize: 6 } });
