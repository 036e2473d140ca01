// Labels and texts (issue #15 "What a client needs to show"): every legal action carries a
// label in the rulebook's words and every event a short text, produced by the ruleset from the
// viewer's view; a hidden card is never named to a seat that may not see it. Abaddon and Callisto
// are checked word for word; Unbreakable, Fast and Dirty and Agents of Mayhem over a whole game.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sector } from '../../src/games/abaddon/describe.js';
import { CONTENT } from '../../src/games/undaunted-callisto/content.js';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

type Legal = { decisions: { decision: string; actions: Record<string, unknown>[]; labels?: string[]; committed?: boolean }[] };

async function create(ruleset: string, scenario?: string, options: Record<string, unknown> = {}) {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset, scenario, seats: [{ name: 'A' }, { name: 'B' }], options } });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as { id: string; seats: { token: string }[] };
}
const legal = async (id: string, token: string) => (await s.app.inject({ url: `/v1/games/${id}/legal-actions`, headers: auth(token) })).json() as Legal;

/** Plays n moves (each seat with a decision takes its first legal action); returns every label seen. */
async function play(g: { id: string; seats: { token: string }[] }, n: number) {
  const seen: { action: Record<string, unknown>; label: string }[] = [];
  for (let i = 0; i < n; i++) {
    let moved = false;
    for (const seat of [0, 1]) {
      const l = await legal(g.id, g.seats[seat].token);
      for (const d of l.decisions) {
        assert.ok(d.labels, 'legal actions carry labels');
        assert.equal(d.labels!.length, d.actions.length, 'one label per action');
        d.actions.forEach((action, k) => seen.push({ action, label: d.labels![k] }));
      }
      const d = l.decisions[0];
      if (!d) continue;
      const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[seat].token), payload: { decision: d.decision, action: d.actions[0] } });
      assert.equal(r.statusCode, 200, r.body);
      for (const e of r.json().events as { text?: string }[]) assert.equal(typeof e.text, 'string', 'the move\'s events have texts');
      moved = true;
    }
    if (!moved) break;
  }
  return seen;
}

test('Abaddon: labels name the unit type and the grid sector (spec: Heavy/Medium/Recon Link, Infantry Squad)', async () => {
  assert.equal(sector([2, 3]), 'C4');
  assert.equal(sector([26, 0]), 'AA1');
  const g = await create('abaddon');
  const seen = await play(g, 12);
  assert.ok(seen.length > 0);
  for (const { action, label } of seen) {
    assert.ok(label.length > 3 && !label.includes('undefined') && !label.includes('[object'), label);
    if (action.type === 'deploy') assert.match(label, new RegExp(`^Deploy (Heavy Link|Medium Link|Recon Link|Infantry Squad) ${action.unit} at ${sector(action.at)}$`));
    if (action.type === 'move' && action.to !== 'exit') assert.match(label, new RegExp(`^(Heavy Link|Medium Link|Recon Link|Infantry Squad) ${action.unit} moves to ${sector(action.to)}$`));
    if (action.type === 'lockOn' && action.at) assert.equal(label, `Place the Lock-On Relay on ${sector(action.at)}`);
  }
  const log = (await s.app.inject({ url: `/v1/games/${g.id}/actions?after=0`, headers: auth(g.seats[0].token) })).json();
  const events = (log.entries as { events: { type: string; text?: string }[] }[]).flatMap((e) => e.events);
  assert.ok(events.length > 0);
  for (const e of events) assert.ok(typeof e.text === 'string' && e.text.length > 0 && !e.text.includes('undefined'), `${e.type}: ${e.text}`);
});

test('Callisto: a bid is labelled with the card and its initiative; another seat\'s drawn cards are never named', async () => {
  const g = await create('undaunted-callisto');
  const l = await legal(g.id, g.seats[0].token);
  const bid = l.decisions.flatMap((d) => d.actions.map((a, k) => ({ a, label: d.labels![k] }))).find((x) => x.a.type === 'bid');
  assert.ok(bid, 'the first decision is the sealed initiative bid');
  const c = CONTENT.cards[bid!.a.card as string];
  assert.equal(bid!.label, `Bid ${c.title}${c.squad ? ` ${c.squad}` : ''} (initiative ${c.initiative})`);
  const seen = await play(g, 6);
  for (const { label } of seen) assert.ok(!label.includes('undefined') && !label.includes('[object'), label);

  // Seat 1's log: its own draws name the cards, seat 0's draws only count them.
  const log = (await s.app.inject({ url: `/v1/games/${g.id}/actions?after=0`, headers: auth(g.seats[1].token) })).json();
  const draws = (log.entries as { events: { type: string; data: { seat: number }; text?: string }[] }[]).flatMap((e) => e.events).filter((e) => e.type === 'cards_drawn');
  assert.ok(draws.some((e) => e.data.seat === 0) && draws.some((e) => e.data.seat === 1));
  const titles = Object.values(CONTENT.cards).map((x) => x.title);
  for (const e of draws) {
    if (e.data.seat === 0) assert.match(e.text!, /^seat 0 draws \d+ cards?$/);
    else assert.ok(titles.some((t) => e.text!.includes(t)), e.text);
  }
});

/** A label that says something: not empty, not the bare action type (what a label that threw falls back to), nothing unprinted. */
function sayable(label: string | undefined, type: string): boolean {
  return typeof label === 'string' && label.length > 2 && label !== type && !/undefined|\[object|NaN/.test(label);
}

/**
 * Plays a whole game (each seat with an uncommitted decision takes a varied legal action) and
 * checks every legal action seen has a label and every event of every seat's log a text.
 */
async function wholeGame(ruleset: string, scenario: string, options: Record<string, unknown>) {
  const g = await create(ruleset, scenario, options);
  const types = new Set<string>();
  let status = 'active';
  for (let move = 0; move < 1000 && status === 'active'; move++) {
    const game = (await s.app.inject({ url: `/v1/games/${g.id}` })).json() as { status: string; pending: { seat: number }[] };
    status = game.status;
    if (status !== 'active') break;
    let moved = false;
    for (const seat of new Set(game.pending.map((p) => p.seat))) {
      const l = await legal(g.id, g.seats[seat].token);
      for (const d of l.decisions) {
        assert.equal(d.labels?.length, d.actions.length, `${ruleset}: one label per action`);
        d.actions.forEach((a, k) => {
          types.add(String(a.type));
          assert.ok(sayable(d.labels![k], String(a.type)), `${ruleset}: ${JSON.stringify(a)} is labelled "${d.labels![k]}"`);
        });
      }
      const d = l.decisions.find((x) => !x.committed);
      if (!d) continue;
      const action = d.actions[(move * 7) % d.actions.length]; // not always the first: more kinds of action and event
      const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[seat].token), payload: { decision: d.decision, action } });
      assert.equal(r.statusCode, 200, r.body);
      for (const e of r.json().events as { type: string; text?: string }[]) assert.ok(e.text && !/undefined|\[object|NaN/.test(e.text), `${ruleset}: ${e.type} has a text (${e.text})`);
      moved = true;
      break;
    }
    assert.ok(moved, `${ruleset}: some seat has an uncommitted decision`);
  }
  assert.equal(status, 'finished', `${ruleset}: the game ends within 1000 moves`);
  const events: { type: string; text?: string }[] = [];
  for (const headers of [auth(g.seats[0].token), auth(g.seats[1].token), {}]) {
    const log = (await s.app.inject({ url: `/v1/games/${g.id}/actions?after=0&limit=1000`, headers })).json();
    events.push(...(log.entries as { events: { type: string; text?: string }[] }[]).flatMap((e) => e.events));
  }
  assert.ok(events.length > 0);
  for (const e of events) assert.ok(typeof e.text === 'string' && e.text.length > 0 && !/undefined|\[object|NaN/.test(e.text), `${ruleset}: ${e.type}: ${e.text}`);
  return { types, events };
}

test('Unbreakable: every legal action of a whole game is labelled (hexes by their labels), every event has a text', async () => {
  const { types, events } = await wholeGame('unbreakable', 'capture-the-flag', { turnCap: 2 });
  assert.ok(types.has('move') && types.has('place'), [...types].join());
  const moved = events.find((e) => e.type === 'moved');
  assert.match(moved?.text ?? '', /moves .*\d{4}/, 'a move names its hexes');
});

test('Fast and Dirty: every legal action of a whole game is labelled, every event has a text', async () => {
  const { types } = await wholeGame('fast-and-dirty', 'firefight', { turnLimit: 2 });
  assert.ok(types.has('activate') && types.has('engage'), [...types].join());
});

test('Agents of Mayhem: every legal action of a whole game is labelled, every event has a text', async () => {
  const { types } = await wholeGame('agents-of-mayhem', 'T2', {});
  assert.ok(types.has('activate') && types.has('act'), [...types].join());
});
