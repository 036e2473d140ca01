// Campaigns (issue #18 "Campaigns", docs/CAMPAIGNS.md; AoM spec §4.1 chained tutorials, §5.2
// "CampaignState ... a mission's result record is the generator's input"): a series of games
// of one ruleset with the same seats, each started from the ruleset's carry(final state) of
// the previous one. Real PGlite, the app's HTTP routes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { carry } from '../../src/games/agents-of-mayhem/index.js';
import { sqlOf } from '../../src/players/players.js';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(async () => {
  await s.close();
});

type Legal = { version: number; decisions: { decision: string; blocking: boolean; actions: { type: string }[] }[] };

/** Plays a game to its end with seeded random legal actions from GET legal-actions (cap: then seat 1 resigns). */
async function playOut(gameId: string, tokens: string[], seed: number, cap = 600): Promise<{ moves: number; resigned: boolean }> {
  let x = seed >>> 0;
  const rnd = (n: number) => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
  for (let moves = 0; moves < cap; moves++) {
    const g = (await s.app.inject(`/v1/games/${gameId}`)).json();
    if (g.status === 'finished') return { moves, resigned: false };
    let acted = false;
    for (const [seat, token] of tokens.entries()) {
      if (!g.pending.some((d: { seat: number }) => d.seat === seat)) continue;
      const legal = (await s.app.inject({ url: `/v1/games/${gameId}/legal-actions`, headers: auth(token) })).json() as Legal;
      const open = legal.decisions.filter((d) => d.actions.length);
      const d = open.find((o) => o.blocking) ?? open[0];
      if (!d) continue;
      const action = d.actions[rnd(d.actions.length)];
      const r = await s.app.inject({ method: 'POST', url: `/v1/games/${gameId}/actions`, headers: auth(token), payload: { expectedVersion: legal.version, decision: d.decision, action } });
      assert.ok(r.statusCode === 200 || r.statusCode === 409, `${r.statusCode} ${r.body}`);
      acted = true;
      break;
    }
    assert.ok(acted, `game ${gameId}: nobody could act at version ${g.version}`);
  }
  const r = await s.app.inject({ method: 'POST', url: `/v1/games/${gameId}/resign`, headers: auth(tokens[1]) });
  assert.equal(r.statusCode, 200, r.body);
  return { moves: cap, resigned: true };
}

test('an AoM campaign plays three chained tutorials through the API; each starts from what the previous one carried (spec 4.1, 5.2)', async () => {
  const c = await s.app.inject({ method: 'POST', url: '/v1/campaigns', payload: { ruleset: 'agents-of-mayhem', seats: [{ name: 'Mayhem' }, { name: 'Legion' }] } });
  assert.equal(c.statusCode, 201, c.body);
  const camp = c.json();
  assert.equal(camp.next, 'T1');
  assert.equal(c.headers.location, `/v1/campaigns/${camp.id}`);
  const tokens: string[] = camp.seats.map((x: { token: string }) => x.token);
  assert.ok(tokens.every((t) => typeof t === 'string' && t.startsWith('sk_')));

  // Starting a game needs a campaign seat token.
  const anon = await s.app.inject({ method: 'POST', url: `/v1/campaigns/${camp.id}/games` });
  assert.equal(anon.statusCode, 401);
  assert.equal(anon.json().error.code, 'token_required');
  const wrong = await s.app.inject({ method: 'POST', url: `/v1/campaigns/${camp.id}/games`, headers: auth('sk_nope') });
  assert.equal(wrong.statusCode, 401);
  assert.equal(wrong.json().error.code, 'invalid_token');

  const played: string[] = [];
  let carriedBefore: unknown = null;
  for (const [i, scenario] of ['T1', 'T2', 'T3'].entries()) {
    const r = await s.app.inject({ method: 'POST', url: `/v1/campaigns/${camp.id}/games`, headers: auth(tokens[i % 2]) });
    assert.equal(r.statusCode, 201, r.body);
    const started = r.json();
    assert.equal(started.n, i + 1);
    assert.equal(started.game.scenario, scenario);
    assert.deepEqual(started.carriedIn, carriedBefore);
    assert.ok(started.game.seats.every((x: { token?: string }) => x.token === undefined), 'campaign games issue no tokens of their own');
    const gameId: string = started.game.id;
    played.push(gameId);

    // The campaign seat tokens are the game's seat tokens.
    const mine = (await s.app.inject({ url: `/v1/games/${gameId}`, headers: auth(tokens[0]) })).json();
    assert.equal(mine.you, 0);
    assert.equal((await s.app.inject({ url: `/v1/games/${gameId}`, headers: auth(tokens[1]) })).json().you, 1);

    if (carriedBefore) {
      const cb = carriedBefore as ReturnType<typeof carry>;
      const view = mine.view as { boards: Record<string, { shield: number; armor: number; cubes: unknown; wounds: unknown }> };
      const shared = Object.keys(cb.boards).filter((b) => view.boards[b]);
      assert.ok(shared.length > 0, 'the chained tutorials share boards');
      for (const b of shared) {
        const { shield, armor, cubes, wounds } = view.boards[b];
        assert.deepEqual({ shield, armor, cubes, wounds }, cb.boards[b], `board ${b} starts ${scenario} as ${cb.from} left it`);
      }
    }

    const busy = await s.app.inject({ method: 'POST', url: `/v1/campaigns/${camp.id}/games`, headers: auth(tokens[0]) });
    assert.equal(busy.statusCode, 409);
    assert.equal(busy.json().error.code, 'previous_game_not_finished');
    assert.equal(busy.json().error.details.gameId, gameId);

    const run = await playOut(gameId, tokens, 17 + i);
    assert.ok(run.moves > 0);
    const end = (await s.app.inject(`/v1/games/${gameId}`)).json();
    assert.equal(end.status, 'finished');

    const got = await s.app.inject(`/v1/campaigns/${camp.id}`);
    assert.equal(got.statusCode, 200, got.body);
    const cs = got.json();
    assert.deepEqual(cs.games.map((g: { id: string }) => g.id), played);
    assert.equal(cs.games[i].status, 'finished');
    assert.deepEqual(cs.games[i].result, end.result);
    // What carried is the ruleset's carry of the final state (the spectator view is the table).
    const { viewer: _v, ...finalState } = end.view;
    assert.deepEqual(cs.carried, JSON.parse(JSON.stringify(carry(finalState))));
    assert.equal(cs.carried.from, scenario);
    carriedBefore = cs.carried;
  }
  const final = (await s.app.inject(`/v1/campaigns/${camp.id}`)).json();
  assert.equal(final.next, 'T4');
  assert.equal(final.status, 'active');
});

test('campaign errors: unknown campaign 404, a ruleset without carry 422, no scenario for the seats 422', async () => {
  const missing = await s.app.inject('/v1/campaigns/c_none');
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.json().error.code, 'campaign_not_found');
  const duel = await s.app.inject({ method: 'POST', url: '/v1/campaigns', payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] } });
  assert.equal(duel.statusCode, 422);
  assert.equal(duel.json().error.code, 'ruleset_has_no_campaign');
  assert.ok(duel.json().error.details.campaignRulesets.includes('agents-of-mayhem'));
  const five = await s.app.inject({ method: 'POST', url: '/v1/campaigns', payload: { ruleset: 'agents-of-mayhem', seats: [1, 2, 3, 4, 5].map((n) => ({ name: `P${n}` })) } });
  assert.equal(five.statusCode, 422);
  assert.equal(five.json().error.code, 'no_mission_for_seats');
  const bad = await s.app.inject({ method: 'POST', url: '/v1/campaigns', payload: { ruleset: 'agents-of-mayhem', seats: [{ name: 'A', open: true }, { name: 'B' }] } });
  assert.equal(bad.statusCode, 400);
});

test('an all-AI campaign needs no token; the chain generator starts where asked (start)', async () => {
  const c = await s.app.inject({ method: 'POST', url: '/v1/campaigns', payload: { ruleset: 'agents-of-mayhem', start: 'M2', seats: [{ name: 'A', ai: { level: 'random' } }, { name: 'B', ai: { level: 'random' } }] } });
  assert.equal(c.statusCode, 201, c.body);
  assert.equal(c.json().next, 'M2');
  assert.deepEqual(c.json().seats.map((x: { token: string | null }) => x.token), [null, null]);
  const g = await s.app.inject({ method: 'POST', url: `/v1/campaigns/${c.json().id}/games` });
  assert.equal(g.statusCode, 201, g.body);
  assert.equal(g.json().game.scenario, 'M2');
});

test('two starts at once: one game starts, the other request is 409 and makes no game; a start while another holds the claim is 409 campaign_conflict', async () => {
  const c = await s.app.inject({ method: 'POST', url: '/v1/campaigns', payload: { ruleset: 'agents-of-mayhem', seats: [{ name: 'Mayhem' }, { name: 'Legion' }] } });
  assert.equal(c.statusCode, 201, c.body);
  const camp = c.json();
  const token = camp.seats[0].token as string;
  const count = async () => Number((await sqlOf(s.rt).query<{ n: string }>(`SELECT count(*)::text AS n FROM games`, []))[0].n);
  const before = await count();
  const both = await Promise.all([0, 1].map(() => s.app.inject({ method: 'POST', url: `/v1/campaigns/${camp.id}/games`, headers: auth(token) })));
  const codes = both.map((r) => r.statusCode).sort();
  assert.deepEqual(codes, [201, 409], both.map((r) => r.body).join('\n'));
  // campaign_conflict while the first request holds the start; previous_game_not_finished when
  // it has already finished (the two requests were served one after the other): either way, no game.
  assert.ok(['campaign_conflict', 'previous_game_not_finished'].includes(both.find((r) => r.statusCode === 409)!.json().error.code), both.map((r) => r.body).join('\n'));
  assert.equal(await count(), before + 1, 'exactly one game made');
  const view = (await s.app.inject(`/v1/campaigns/${camp.id}`)).json();
  assert.equal(view.games.length, 1);
  // The claim is released: once that game ends, the next one starts.
  const first = both.find((r) => r.statusCode === 201)!.json();
  assert.equal((await s.app.inject({ method: 'POST', url: `/v1/games/${first.game.id}/resign`, headers: auth(camp.seats[1].token) })).statusCode, 200);
  // A start while another request holds the claim (set here as that request would) is refused
  // before it makes a game.
  await sqlOf(s.rt).query(`UPDATE campaigns SET status = 'starting', updated_at = now() WHERE id = $1::text`, [camp.id]);
  const held = await s.app.inject({ method: 'POST', url: `/v1/campaigns/${camp.id}/games`, headers: auth(token) });
  assert.equal(held.statusCode, 409, held.body);
  assert.equal(held.json().error.code, 'campaign_conflict');
  assert.equal(await count(), before + 1, 'no game made while the claim is held');
  await sqlOf(s.rt).query(`UPDATE campaigns SET status = 'active' WHERE id = $1::text`, [camp.id]);
  const next = await s.app.inject({ method: 'POST', url: `/v1/campaigns/${camp.id}/games`, headers: auth(token) });
  assert.equal(next.statusCode, 201, next.body);
  assert.equal(next.json().n, 2);
});

test('GraphQL: createCampaign, startCampaignGame and campaign(id) serve the same campaign as REST', async () => {
  const gql = async (query: string, variables: unknown) => (await s.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } })).json();
  const made = await gql('mutation($i: CreateCampaignInput!) { createCampaign(input: $i) { id next seats { index token } userErrors { code } } }',
    { i: { ruleset: 'agents-of-mayhem', seats: [{ name: 'A' }, { name: 'B' }] } });
  const c = made.data.createCampaign;
  assert.deepEqual(c.userErrors, []);
  assert.equal(c.next, 'T1');
  const noToken = await gql('mutation($c: ID!) { startCampaignGame(campaignId: $c) { n userErrors { code } } }', { c: c.id });
  assert.deepEqual(noToken.data.startCampaignGame, { n: null, userErrors: [{ code: 'token_required' }] });
  const started = await gql('mutation($c: ID!, $t: String) { startCampaignGame(campaignId: $c, token: $t) { n game userErrors { code } } }', { c: c.id, t: c.seats[0].token });
  assert.equal(started.data.startCampaignGame.n, 1);
  assert.equal(started.data.startCampaignGame.game.scenario, 'T1');
  const q = await gql('query($c: ID!) { campaign(id: $c) { id status next carried games { n id scenario status } } }', { c: c.id });
  assert.deepEqual(q.data.campaign, {
    id: c.id, status: 'active', next: null, carried: null,
    games: [{ n: 1, id: started.data.startCampaignGame.game.id, scenario: 'T1', status: 'active' }],
  });
  const none = await gql('query { campaign(id: "c_none") { id } }', {});
  assert.equal(none.data.campaign, null);
  const duel = await gql('mutation { createCampaign(input: { ruleset: "duel", seats: [{ name: "A" }, { name: "B" }] }) { id userErrors { code } } }', {});
  assert.deepEqual(duel.data.createCampaign, { id: null, userErrors: [{ code: 'ruleset_has_no_campaign' }] });
});
