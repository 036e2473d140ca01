// Checklist items #84-#86 and #89 through the campaign API (docs/CAMPAIGNS.md): a campaign
// started at Mission 1 is fast-forwarded (LEGION resigns, so MAYHEM wins, L1422), and the next
// mission opens with the rewards it carried (L1418-1430): gadgets drawn from the Undiscovered
// deck, Crystals spent on an upgrade at once (L1408-1410), all carried on to the mission after.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { auth, startServer, type TestServer } from '../../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

type Game = { id: string; status: string; version: number; pending: { seat: number; kind: string; exposes: Record<string, unknown> }[]; view: Record<string, unknown> };

test('#84 #86 a campaign from Mission 1: the rewards it carries open Mission 2, a drawn gadget and the Crystals spent on an upgrade carry on', async () => {
  const c = await s.app.inject({ method: 'POST', url: '/v1/campaigns', payload: { ruleset: 'agents-of-mayhem', seats: [{ name: 'Mayhem' }, { name: 'Legion' }], start: 'M1' } });
  assert.equal(c.statusCode, 201, c.body);
  const camp = c.json();
  const tokens: string[] = camp.seats.map((x: { token: string }) => x.token);
  const start = async () => { const r = await s.app.inject({ method: 'POST', url: `/v1/campaigns/${camp.id}/games`, headers: auth(tokens[0]) }); assert.equal(r.statusCode, 201, r.body); return r.json(); };
  const game = async (id: string, seat = 0) => (await s.app.inject({ url: `/v1/games/${id}`, headers: auth(tokens[seat]) })).json() as Game;
  const post = async (id: string, seat: number, action: unknown) => {
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${id}/actions`, headers: auth(tokens[seat]), payload: { action } });
    assert.equal(r.statusCode, 200, r.body);
  };

  const m1 = await start();
  assert.equal(m1.game.scenario, 'M1');
  const res = await s.app.inject({ method: 'POST', url: `/v1/games/${m1.game.id}/resign`, headers: auth(tokens[1]) });
  assert.equal(res.statusCode, 200, res.body);
  const after1 = (await s.app.inject(`/v1/campaigns/${camp.id}`)).json();
  // M1's OMs start and stay under LEGION's control: LEGION holds the Gadget OM (2) and the Crystal OM (3).
  assert.deepEqual(after1.carried.rewards, { MAYHEM: { choices: 2, gadgets: 0, crystals: 0 }, LEGION: { choices: 1, gadgets: 1, crystals: 1 } });
  assert.equal(after1.carried.flags['M1:winner'], 'MAYHEM');
  assert.equal(after1.next, 'M2');

  const m2 = await start();
  assert.equal(m2.game.scenario, 'M2');
  const id = m2.game.id;
  let g = await game(id);
  assert.equal(g.pending[0].kind, 'rewards');
  assert.deepEqual(g.pending[0].exposes, { side: 'MAYHEM', choices: 2, gadgets: 0, crystals: 0, gained: [], crystalsGained: 0 });
  // The Undiscovered decks hold no order anyone could read: an unordered pool, nothing on top.
  const undiscovered = (g.view as { undiscovered: Record<string, { top: string[]; pool: string[] }> }).undiscovered;
  assert.deepEqual(undiscovered.MAYHEM.top, []);
  assert.deepEqual(undiscovered.MAYHEM.pool, undiscovered.MAYHEM.pool.slice().sort());
  const bad = await s.app.inject({ method: 'POST', url: `/v1/games/${id}/actions`, headers: auth(tokens[0]), payload: { action: { type: 'end' } } });
  assert.equal(bad.statusCode, 422);
  assert.equal(bad.json().error.code, 'wrong_action');

  await post(id, 0, { type: 'reward', take: 'gadget' });
  g = await game(id);
  const drawn = (g.pending[0].exposes.gained as string[])[0];
  assert.ok(undiscovered.MAYHEM.pool.includes(drawn), 'drawn from the Undiscovered deck');
  assert.ok((g.view as { gadgets: { discovered: Record<string, string[]> } }).gadgets.discovered.MAYHEM.includes(drawn), 'shown before the next choice');
  await post(id, 0, { type: 'reward', take: 'crystal' });
  g = await game(id);
  assert.equal(g.pending[0].kind, 'rewards');
  assert.equal(g.pending[0].seat, 1);
  await post(id, 1, { type: 'reward', take: 'gadget' }); // the aura; the Gadget OM's gadget finds the deck empty
  g = await game(id);
  assert.equal(g.pending[0].kind, 'buy_upgrades');
  assert.deepEqual(g.pending[0].exposes, { side: 'MAYHEM', crystals: 1, boards: ['fortune', 'hardtack', 'hollywood'], bought: [] });
  await post(id, 0, { type: 'buyUpgrade', board: 'hollywood', upgrade: 'upgrade-hollywood-s1' });
  await post(id, 0, { type: 'buyUpgrade', board: null });
  g = await game(id);
  assert.equal(g.pending[0].kind, 'buy_upgrades');
  assert.equal(g.pending[0].seat, 1);
  await post(id, 1, { type: 'buyUpgrade', board: 'alpha', upgrade: 'upgrade-swarm-d1' });
  await post(id, 1, { type: 'buyUpgrade', board: null });
  g = await game(id);
  assert.equal(g.pending[0].kind, 'activate', 'then Mission 2 begins');

  const res2 = await s.app.inject({ method: 'POST', url: `/v1/games/${id}/resign`, headers: auth(tokens[0]) });
  assert.equal(res2.statusCode, 200, res2.body);
  const after2 = (await s.app.inject(`/v1/campaigns/${camp.id}`)).json();
  assert.ok(after2.carried.gadgets.MAYHEM.includes(drawn));
  assert.ok(after2.carried.gadgets.LEGION.includes('gadget-babylon-aura'));
  assert.deepEqual(after2.carried.upgrades, { hollywood: ['upgrade-hollywood-s1'], swarm: ['upgrade-swarm-d1'] });
  assert.deepEqual(after2.carried.flags, { 'M1:winner': 'MAYHEM', 'M1:gadgetOM': 'LEGION', 'M1:crystalOM': 'LEGION', 'M2:winner': 'LEGION', 'M2:gadgetOM': 'LEGION', 'M2:crystalOM': 'LEGION' });
  assert.deepEqual(after2.carried.rewards, { MAYHEM: { choices: 1, gadgets: 0, crystals: 0 }, LEGION: { choices: 2, gadgets: 1, crystals: 1 } });
});

test('#90 a campaign with generator "generated" goes on past the last authored mission with missions the Mission Generator builds from what it carries', async () => {
  const c = await s.app.inject({ method: 'POST', url: '/v1/campaigns', payload: { ruleset: 'agents-of-mayhem', seats: [{ name: 'Mayhem' }, { name: 'Legion' }], generator: 'generated', start: 'M7' } });
  assert.equal(c.statusCode, 201, c.body);
  const camp = c.json();
  assert.equal(camp.generator, 'generated');
  assert.equal(camp.next, 'M7');
  const tokens: string[] = camp.seats.map((x: { token: string }) => x.token);
  const played: { scenario: string; generated: { n: number; rounds: number; initiative: string } | null }[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await s.app.inject({ method: 'POST', url: `/v1/campaigns/${camp.id}/games`, headers: auth(tokens[0]) });
    assert.equal(r.statusCode, 201, r.body);
    const id = r.json().game.id as string;
    const g = (await s.app.inject({ url: `/v1/games/${id}`, headers: auth(tokens[0]) })).json() as Game;
    played.push({ scenario: r.json().game.scenario, generated: (g.view as { generated?: { n: number; rounds: number; initiative: string } }).generated ?? null });
    // Fast-forward: LEGION resigns in the first two, MAYHEM in the third.
    const res = await s.app.inject({ method: 'POST', url: `/v1/games/${id}/resign`, headers: auth(tokens[i < 2 ? 1 : 0]) });
    assert.equal(res.statusCode, 200, res.body);
  }
  assert.equal(played[0].scenario, 'M7');
  assert.equal(played[0].generated, null, 'the authored mission first');
  for (const [k, p] of played.slice(1).entries()) {
    assert.ok(['M2', 'M3', 'M4', 'M5', 'M6', 'M7'].includes(p.scenario), `a generated mission on an Advanced template: ${p.scenario}`);
    assert.equal(p.generated!.n, k + 1);
    assert.equal(p.generated!.initiative, 'LEGION', 'MAYHEM won the mission before: the loser takes the initiative');
  }
  const now = (await s.app.inject(`/v1/campaigns/${camp.id}`)).json();
  assert.equal(now.status, 'active', 'the loop goes on');
  assert.ok(now.next);
  assert.deepEqual(Object.keys(now.carried.flags).filter((k: string) => k.endsWith(':winner')).sort(), ['G1:winner', 'G2:winner', 'M7:winner']);
  assert.equal(now.carried.flags['G2:winner'], 'LEGION');
});
