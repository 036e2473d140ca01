// Issue 21 (analysis) for Agents of Mayhem: Pride of Babylon: sandbox games with scripted dice,
// positions (2, 3 and 4 players), forks, takebacks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from '../support/env.js';
import { assertSameGame, create, game, get, picker, playOne, playUntil, type Pick } from './helpers.js';
import { analysisCases } from './cases.js';
import { CONTENT } from '../../src/games/agents-of-mayhem/content.js';
import diceJson from '../../src/games/agents-of-mayhem/data/dice.json' with { type: 'json' };

let s: TestServer;
before(async () => {
  s = await startServer({ work: true });
});
after(async () => {
  await s.close();
});

const R = 'agents-of-mayhem';
const SC = 'M1';
const seats = [{ name: 'Ann' }, { name: 'Bob' }];
const FACES = diceJson.dice as Record<string, { faces: string[] }>;

/** Every die rolled so far, in order, as [colour, face shown]. */
async function diceRolled(id: string): Promise<[string, string][]> {
  const r = await get(s, `/v1/games/${id}/actions?after=0&limit=1000`);
  const out: [string, string][] = [];
  for (const e of r.json().entries) {
    for (const ev of e.events) {
      if (ev.type !== 'dice_rolled') continue;
      const colours: string[] = ev.data.dice ?? ev.data.faces.map(() => 'red'); // a fall rolls red dice
      ev.data.faces.forEach((f: string, i: number) => out.push([colours[i], f]));
    }
  }
  return out;
}

/** Attack when a unit can, else anything. */
function aggressive(seed: number): Pick {
  const rand = picker(seed);
  return (n, actions) => {
    const xs = actions.map((a, i) => [a, i] as const).filter(([a]) => a.type === 'act' && a.target !== undefined);
    return xs.length ? xs[rand(xs.length)][1] : rand(n);
  };
}

/** The start of an activation (a board to activate, nothing being resolved), from Turn `min` on. */
const atActivation = (min: number) => (g: any) => g.view.phase === 'activate' && g.view.stack.length === 0 && g.view.turnNo >= min;
/** Such a start of an activation that the position format describes: no timers, Explosion markers, Hits on objects or vehicles (refused by name, fork instead). */
const atPosition = (min: number) => (g: any) => atActivation(min)(g) && !g.view.timers?.length && !g.view.explosions?.placed.length && !Object.keys(g.view.objectHits ?? {}).length && !g.view.vehicles?.length;

describe('agents-of-mayhem sandbox with scripted dice', () => {
  test("every die shows the scripted face (its index in that die's table), in order, then the seeded stream takes over", async () => {
    const script = [0, 3, 1, 5, 2, 0, 4, 1, 0, 3, 5, 2];
    const g = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { dice: { dice: script }, analysisToken: true } });
    assert.equal(g.sandbox, true);
    const pick = aggressive(8);
    let rolled: [string, string][] = [];
    for (let i = 0; i < 400 && rolled.length === 0; i++) {
      if ((await game(s, g.id)).status === 'finished') break;
      await playOne(s, g.id, () => g.analysisToken!, pick);
      rolled = await diceRolled(g.id);
    }
    assert.ok(rolled.length > 0, 'no die was rolled');
    const n = Math.min(rolled.length, script.length);
    assert.deepEqual(rolled.slice(0, n).map(([, f]) => f), rolled.slice(0, n).map(([c], i) => FACES[c].faces[script[i]]));
    const ver = (await get(s, `/v1/games/${g.id}/verify`)).json();
    assert.equal(ver.ok, true, JSON.stringify(ver.mismatches));
    assert.equal(ver.seed, null);
    assert.equal(ver.scriptUsed.dice, n);
  });
});

/**
 * A sandbox played until a position the format can export. A sandbox's seed is random: in some
 * games the vehicles summoned never leave the map again, so no activation is within the format
 * before the end; another game is tried then (up to five).
 */
async function sandboxAtPosition(mission: string, players: typeof seats, min: number, seed: number) {
  let g = await create(s, { ruleset: R, scenario: mission, seats: players, sandbox: { analysisToken: true } });
  let at = await playUntil(s, g.id, () => g.analysisToken!, atPosition(min), aggressive(seed), 600);
  for (let tries = 1; tries < 5 && at.status !== 'active'; tries++) {
    g = await create(s, { ruleset: R, scenario: mission, seats: players, sandbox: { analysisToken: true } });
    at = await playUntil(s, g.id, () => g.analysisToken!, atPosition(min), aggressive(seed + tries), 600);
  }
  return { g, at };
}

describe('agents-of-mayhem positions', () => {
  test('M3: a state with Event Markers (or explosions, building damage, Doomsday Device damage) is refused by name, not exported without them', async () => {
    const g = await create(s, { ruleset: R, scenario: 'M3', seats, sandbox: { analysisToken: true } });
    const at = await playUntil(s, g.id, () => g.analysisToken!, atActivation(1), aggressive(4), 600);
    assert.equal(at.status, 'active');
    const r = await get(s, `/v1/games/${g.id}/position`, g.analysisToken);
    assert.equal(r.statusCode, 422, r.body);
    assert.equal(r.json().error.code, 'not_at_a_position');
    assert.ok(r.json().error.details.beyond.includes('Event Markers'), r.body);
    // A fork still copies the whole game.
    const f = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/fork`, headers: { authorization: `Bearer ${g.analysisToken}` }, payload: { version: at.version } });
    assert.ok(f.statusCode === 201 || f.statusCode === 200, f.body);
  });

  for (const [mission, min] of [['M1', 3], ['M2', 2]] as const) {
    test(`round trip (${mission}): a played mission exported as a position makes a sandbox whose views and decisions are the same`, async () => {
      const { g, at } = await sandboxAtPosition(mission, seats, min, 4);
      assert.equal(at.status, 'active');
      const pos = await get(s, `/v1/games/${g.id}/position`, g.analysisToken);
      assert.equal(pos.statusCode, 200, pos.body);
      const copy = await create(s, { ruleset: R, scenario: mission, seats, sandbox: { position: pos.json().position } });
      await assertSameGame(s, g, copy);
      // The sandbox plays on from the position, and verify replays it from there.
      await playOne(s, copy.id, (seat) => copy.seats[seat].token!, picker(2));
      const ver = (await get(s, `/v1/games/${copy.id}/verify`)).json();
      assert.equal(ver.ok, true, JSON.stringify(ver.mismatches));
      assert.ok(ver.position);
    });
  }

  for (const [mission, n] of [['M1', 3], ['M1', 4], ['M2', 4]] as const) {
    test(`round trip (${mission}, ${n} players, the Sides' boards shared out): every seat's view, decisions and legal actions in the sandbox made from the position are the game's`, async () => {
      const many = [...seats, { name: 'Cy' }, { name: 'Di' }].slice(0, n);
      const { g, at } = await sandboxAtPosition(mission, many, 2, 5 + n);
      assert.equal(at.status, 'active');
      const pos = await get(s, `/v1/games/${g.id}/position`, g.analysisToken);
      assert.equal(pos.statusCode, 200, pos.body);
      const copy = await create(s, { ruleset: R, scenario: mission, seats: many, sandbox: { position: pos.json().position } });
      await assertSameGame(s, g, copy, many.map((_, i) => i));
      await playOne(s, copy.id, (seat) => copy.seats[seat].token!, picker(2));
      const ver = (await get(s, `/v1/games/${copy.id}/verify`)).json();
      assert.equal(ver.ok, true, JSON.stringify(ver.mismatches));
    });
  }

  test('round trip (three players): the second activation of a two-slot Turn, the first board done', async () => {
    const three = [...seats, { name: 'Cy' }];
    const g = await create(s, { ruleset: R, scenario: SC, seats: three, sandbox: { analysisToken: true } });
    const at = await playUntil(s, g.id, () => g.analysisToken!, (x) => atActivation(2)(x) && x.view.slot === 1, aggressive(14), 600);
    assert.equal(at.status, 'active');
    const pos = await get(s, `/v1/games/${g.id}/position`, g.analysisToken);
    assert.equal(pos.statusCode, 200, pos.body);
    assert.equal(pos.json().position.slots.length, 2);
    assert.notEqual(pos.json().position.slots[0].board, null);
    const copy = await create(s, { ruleset: R, scenario: SC, seats: three, sandbox: { position: pos.json().position } });
    for (const seat of [0, 1, 2]) assert.deepEqual((await game(s, copy.id, copy.seats[seat].token)).view, (await game(s, g.id, g.analysisToken, seat)).view, `seat ${seat}`);
    assert.deepEqual((await game(s, copy.id)).view, (await game(s, g.id)).view);
    // A position has a board still to activate, and the boards done are the Side's own.
    const p = structuredClone(pos.json().position);
    p.slots[1].board = p.slots[0].board;
    const r = await create(s, { ruleset: R, scenario: SC, seats: three, sandbox: { position: p } }, 422);
    assert.equal(r.error!.code, 'bad_slots');
    const q = structuredClone(pos.json().position);
    q.slots[0].board = Object.keys(q.boards).find((b) => !Object.keys(at.view.boards).filter((x) => at.view.boards[x].side === at.view.side).includes(b));
    const r2 = await create(s, { ruleset: R, scenario: SC, seats: three, sandbox: { position: q } }, 422);
    assert.equal(r2.error!.code, 'not_your_board');
  });

  test("a running real game's position is made from the caller's own view: the other Side's drawn card is a sample", async () => {
    const g = await create(s, { ruleset: R, scenario: SC, seats });
    const tok = (seat: number) => g.seats[seat].token!;
    await playUntil(s, g.id, tok, (x) => atActivation(2)(x) && x.view.side === 'LEGION' && x.view.slots.some((sl: any) => sl.drawn === '?'), picker(9), 600);
    const pos = await get(s, `/v1/games/${g.id}/position`, tok(0));
    assert.equal(pos.statusCode, 200, pos.body);
    assert.equal(pos.json().from, 'view');
    const copy = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { position: pos.json().position } });
    assert.deepEqual((await game(s, copy.id, copy.seats[0].token)).view, (await game(s, g.id, tok(0))).view);
  });

  for (const n of [3, 4]) {
    test(`a running real game's position, ${n} players: each seat's is made from its own view (the other Side's drawn cards are samples, never the real ones' leak), and its sandbox shows that seat its view`, async () => {
      const many = [...seats, { name: 'Cy' }, { name: 'Di' }].slice(0, n);
      const g = await create(s, { ruleset: R, scenario: SC, seats: many });
      const tok = (seat: number) => g.seats[seat].token!;
      const sideOf = (seat: number) => (n === 3 ? (seat === 0 ? 'MAYHEM' : 'LEGION') : seat % 2 ? 'LEGION' : 'MAYHEM');
      const at = await playUntil(s, g.id, tok, (x) => atActivation(2)(x) && x.view.slots.every((sl: any) => sl.drawn), picker(9 + n), 600);
      assert.equal(at.status, 'active');
      for (let seat = 0; seat < n; seat++) {
        const mine = await game(s, g.id, tok(seat), seat);
        const ownSide = sideOf(seat) === mine.view.side;
        assert.ok(mine.view.slots.every((sl: any) => (sl.drawn === '?') !== ownSide), `seat ${seat}: its Side's cards shown, the other Side's hidden`);
        const pos = await get(s, `/v1/games/${g.id}/position`, tok(seat));
        assert.equal(pos.statusCode, 200, pos.body);
        assert.equal(pos.json().from, 'view');
        // The other Side's drawn cards in the position are samples from what the seat sees as unseen (its view's pile).
        if (!ownSide) for (const sl of pos.json().position.slots) assert.ok(mine.view.decks[mine.view.side].pool.includes(sl.drawn), `seat ${seat}: ${sl.drawn} is one of the cards it has not seen`);
        const copy = await create(s, { ruleset: R, scenario: SC, seats: many, sandbox: { position: pos.json().position } });
        assert.deepEqual((await game(s, copy.id, copy.seats[seat].token)).view, mine.view, `seat ${seat}`);
      }
    });
  }

  test('bad positions are refused with a code naming what is impossible', async () => {
    const g = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { analysisToken: true } });
    await playUntil(s, g.id, () => g.analysisToken!, atActivation(3), aggressive(6), 600);
    const good = (await get(s, `/v1/games/${g.id}/position`, g.analysisToken)).json().position;
    const bad = async (mutate: (p: any) => void, code: string, message?: RegExp) => {
      const p = structuredClone(good);
      mutate(p);
      const r = await create(s, { ruleset: R, scenario: SC, seats, sandbox: { position: p } }, 422);
      assert.equal(r.error!.code, code, r.error!.message);
      if (message) assert.match(r.error!.message, message);
    };
    const placed = (p: any) => Object.entries(p.units).filter(([, u]: any) => u.at).map(([id]) => id);
    const deckCard = (p: any) => p.decks.MAYHEM.pool[0] ?? p.decks.MAYHEM.discard[0];
    await bad((p) => { const [a, b] = placed(p); p.units[b].at = p.units[a].at; }, 'space_taken', /stand on one space/);
    await bad((p) => { p.units[placed(p)[0]].at = '99,99,1'; }, 'unknown_space');
    await bad((p) => { p.units[placed(p)[0]].downed = true; }, 'downed_on_map');
    await bad((p) => { p.units.nobody = { at: null, facing: 'N' }; }, 'unknown_unit');
    const elite = (p: any) => placed(p).find((id) => p.boards[id])!; // an Elite figure's id is its board's
    await bad((p) => { p.units[elite(p)].at = null; }, 'figure_off_map');
    await bad((p) => {
      // Wounds up to the Elite's Health, each well within its capacity.
      const id = elite(p);
      const b = p.boards[id];
      let left = CONTENT.elites[id].health;
      b.disrupted = [];
      for (const w of ['speed', 'focus', 'tech', 'mayhem'] as const) { const n = Math.min(left, CONTENT.elites[id].wells[w]); b.wounds[w] = n; b.cubes[w] = 0; left -= n; }
    }, 'over_health', /Health/);
    await bad((p) => { const b = Object.keys(p.boards)[0]; p.boards[b].cubes.speed = 50; }, 'over_capacity', /over the well/);
    await bad((p) => { p.boards.nobody = structuredClone(Object.values(p.boards)[0]); }, 'unknown_board');
    await bad((p) => { p.decks.MAYHEM.discard.push(deckCard(p)); }, 'card_in_two_places');
    await bad((p) => { const d = p.decks.LEGION; if (d.pool.length) d.pool.pop(); else d.discard.pop(); }, 'card_missing');
    await bad((p) => { p.decks.LEGION.pool.push('no-such-card'); }, 'unknown_card');
    await bad((p) => { p.oms['9'] = 'MAYHEM'; }, 'unknown_om');
    await bad((p) => { p.slots.push({ board: null, drawn: null }); }, 'bad_slots');
    await bad((p) => {
      const d = p.decks[p.side];
      if (!p.slots[0].drawn) { const c = d.pool.length ? d.pool.pop() : d.discard.pop(); p.slots[0].drawn = c; }
      p.first[p.side] = true;
    }, 'bad_draw');
    await bad((p) => { p.round = 20; }, 'bad_round');
    await bad((p) => { p.mayhem = { MAYHEM: { hand: [], pool: [], discard: [] }, LEGION: { hand: [], pool: [], discard: [] } }; }, 'no_mayhem_deck');
    await bad((p) => { p.units[placed(p)[0]].facing = 'X'; }, 'invalid_position', /facing/);
  });

  test('the position schema and the scriptable streams are published', async () => {
    const r = await get(s, `/v1/rulesets/${R}/position-schema`);
    assert.equal(r.statusCode, 200);
    assert.ok(r.json().schema.properties.units);
    assert.ok(r.json().streams.dice);
  });
});

// The secret of a Basic mission: a drawn Refresh card before its reveal (seat 1 is LEGION).
analysisCases(() => s, R, SC, 61, (g) => g.view.side === 'LEGION' && g.view.slots.some((x: any) => x.drawn === '?'));
