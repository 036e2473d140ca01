// Players (issue 19) end to end over real HTTP (Fastify inject) on a real store (PGlite in
// memory, or Postgres with DATABASE_URL): keys hashed at rest, rotation and revocation,
// scopes, one key acting in three games, seats bound at creation / joined / by invitation,
// the lobby and unlisted games, seat tokens unchanged.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sqlOf } from '../../src/players/players.js';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

async function newPlayer(name: string, extra: Record<string, unknown> = {}) {
  const r = await s.app.inject({ method: 'POST', url: '/v1/players', payload: { name, ...extra } });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as { id: string; name: string; key: string; kid: string };
}

async function createGame(payload: Record<string, unknown>) {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', ...payload } });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as { id: string; seats: { index: number; token: string | null; player?: string }[]; invitation?: string };
}

async function view(id: string, token?: string) {
  const r = await s.app.inject({ method: 'GET', url: `/v1/games/${id}`, headers: token ? auth(token) : {} });
  assert.equal(r.statusCode, 200, r.body);
  return r.json();
}

async function bid(id: string, token: string) {
  const v = await view(id, token);
  const card = v.view.seats[v.you].hand[0];
  return s.app.inject({ method: 'POST', url: `/v1/games/${id}/actions`, headers: auth(token), payload: { action: { type: 'bid', card } } });
}

describe('players and keys', () => {
  test('POST /v1/players returns id, name and a key shown once; the table holds only its hash', async () => {
    const p = await newPlayer('Ann');
    assert.match(p.id, /^p_/);
    assert.match(p.key, /^pk_k[A-Za-z0-9]{15}\./);
    const rows = await sqlOf(s.rt).query<Record<string, unknown>>(`SELECT * FROM player_keys WHERE player_id = $1::text`, [p.id]);
    assert.equal(rows.length, 1);
    const secret = p.key.split('.')[1];
    const dump = JSON.stringify(rows);
    assert.ok(!dump.includes(secret), 'the secret is not stored');
    assert.match(rows[0].hash as string, /^[0-9a-f]{64}$/);
    const me = await s.app.inject({ method: 'GET', url: '/v1/me', headers: auth(p.key) });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().id, p.id);
    const keys = await s.app.inject({ method: 'GET', url: '/v1/me/keys', headers: auth(p.key) });
    assert.ok(!keys.body.includes(secret));
  });

  test('a wrong secret with a real kid, and a malformed key, are refused', async () => {
    const p = await newPlayer('Eve');
    const forged = p.key.slice(0, -4) + (p.key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    assert.equal((await s.app.inject({ method: 'GET', url: '/v1/me', headers: auth(forged) })).statusCode, 401);
    assert.equal((await s.app.inject({ method: 'GET', url: '/v1/me', headers: auth('pk_nope') })).statusCode, 401);
  });

  test('rotation: a new key works, the revoked old one is refused everywhere (me and games)', async () => {
    const p = await newPlayer('Rot');
    const g = await createGame({ seats: [{ name: 'Rot', player: p.id }, { name: 'Bob' }] });
    const add = await s.app.inject({ method: 'POST', url: '/v1/me/keys', headers: auth(p.key), payload: { label: 'bot' } });
    assert.equal(add.statusCode, 201, add.body);
    const k2 = add.json() as { kid: string; key: string };
    const del = await s.app.inject({ method: 'DELETE', url: `/v1/me/keys/${p.kid}`, headers: auth(k2.key) });
    assert.equal(del.statusCode, 204, del.body);
    assert.equal((await s.app.inject({ method: 'GET', url: '/v1/me', headers: auth(p.key) })).statusCode, 401);
    assert.equal((await s.app.inject({ method: 'GET', url: `/v1/games/${g.id}`, headers: auth(p.key) })).statusCode, 401);
    assert.equal((await bid(g.id, k2.key)).statusCode, 200);
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/resign`, headers: auth(p.key) });
    assert.equal(r.statusCode, 401);
    // The last key that can act cannot be revoked (the player would be locked out).
    const last = await s.app.inject({ method: 'DELETE', url: `/v1/me/keys/${k2.kid}`, headers: auth(k2.key) });
    assert.equal(last.statusCode, 409);
  });

  test('a read-only key sees its seat but cannot act', async () => {
    const p = await newPlayer('Reader');
    const g = await createGame({ seats: [{ name: 'R', player: p.id }, { name: 'Bob' }] });
    const ro = (await s.app.inject({ method: 'POST', url: '/v1/me/keys', headers: auth(p.key), payload: { scopes: ['read'] } })).json() as { key: string };
    const v = await view(g.id, ro.key);
    assert.equal(v.you, 0);
    assert.ok(Array.isArray(v.view.seats[0].hand));
    const r = await bid(g.id, ro.key);
    assert.equal(r.statusCode, 403, r.body);
    assert.equal(r.json().error.code, 'insufficient_scope');
    assert.equal((await s.app.inject({ method: 'POST', url: '/v1/me/keys', headers: auth(ro.key), payload: {} })).statusCode, 403);
  });
});

describe('acting with a player key', () => {
  test('one key acts in three games; the other seats keep their tokens', async () => {
    const p = await newPlayer('Multi');
    const games = [];
    for (let i = 0; i < 3; i++) games.push(await createGame({ seats: i === 1 ? [{ name: 'Bob' }, { name: 'M', player: p.id }] : [{ name: 'M', player: p.id }, { name: 'Bob' }] }));
    for (const [i, g] of games.entries()) {
      const mine = i === 1 ? 1 : 0;
      assert.equal(g.seats[mine].token, null, 'a player seat gets no token');
      assert.equal(g.seats[mine].player, p.id);
      const v = await view(g.id, p.key);
      assert.equal(v.you, mine);
      const r = await bid(g.id, p.key);
      assert.equal(r.statusCode, 200, r.body);
      const other = g.seats[1 - mine].token!;
      const r2 = await bid(g.id, other);
      assert.equal(r2.statusCode, 200, r2.body);
      assert.equal((await view(g.id)).version, 1, 'the sealed round closed: both bids are in');
      const legal = await s.app.inject({ method: 'GET', url: `/v1/games/${g.id}/legal-actions`, headers: auth(p.key) });
      assert.equal(legal.statusCode, 200);
    }
  });

  test('a valid key of a player not seated in the game is a spectator', async () => {
    const p = await newPlayer('Out');
    const g = await createGame({ seats: [{ name: 'A' }, { name: 'B' }] });
    assert.equal((await view(g.id, p.key)).you, null);
    const r = await bid(g.id, p.key).catch(() => null);
    assert.ok(r === null || r.statusCode >= 400);
  });

  test('an unknown player at creation is refused before anything is written', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'A', player: 'p_doesnotexist1' }, { name: 'B' }] } });
    assert.equal(r.statusCode, 422, r.body);
    assert.equal(r.json().error.code, 'unknown_player');
  });
});

describe('open seats, invitations and the lobby', () => {
  test('a player joins an open seat from the lobby; unlisted games stay out of it', async () => {
    const host = await newPlayer('Host');
    const guest = await newPlayer('Guest');
    const listed = await createGame({ seats: [{ name: 'H', player: host.id }, { name: 'open', open: true }] });
    const hidden = await createGame({ seats: [{ name: 'H', player: host.id }, { name: 'open', open: true }], unlisted: true });
    const lobby = await s.app.inject({ method: 'GET', url: '/v1/games?open=true&limit=200' });
    assert.equal(lobby.statusCode, 200, lobby.body);
    const ids = lobby.json().games.map((g: { id: string }) => g.id);
    assert.ok(ids.includes(listed.id));
    assert.ok(!ids.includes(hidden.id));
    const j = await s.app.inject({ method: 'POST', url: `/v1/games/${listed.id}/join`, headers: auth(guest.key), payload: {} });
    assert.equal(j.statusCode, 201, j.body);
    assert.equal(j.json().index, 1);
    assert.equal(j.json().token, undefined);
    assert.equal((await view(listed.id, guest.key)).you, 1);
    const again = await s.app.inject({ method: 'GET', url: '/v1/games?open=true&limit=200' });
    assert.ok(!again.json().games.some((g: { id: string }) => g.id === listed.id), 'full games leave the lobby');
    // The unlisted game is still reachable by id.
    assert.equal((await s.app.inject({ method: 'POST', url: `/v1/games/${hidden.id}/join`, headers: auth(guest.key) })).statusCode, 201);
  });

  test('an invitation code (shown once) lets a player claim the open seat', async () => {
    const host = await newPlayer('Inviter');
    const friend = await newPlayer('Friend');
    const g = await createGame({ seats: [{ name: 'I', player: host.id }, { name: 'open', open: true }], unlisted: true, invite: true });
    assert.match(g.invitation!, /^inv_/);
    const rows = await sqlOf(s.rt).query(`SELECT * FROM invitations WHERE game_id = $1::text`, [g.id]);
    assert.ok(!JSON.stringify(rows).includes(g.invitation!), 'invitation codes are stored hashed');
    const r = await s.app.inject({ method: 'POST', url: `/v1/invitations/${g.invitation}/accept`, headers: auth(friend.key) });
    assert.equal(r.statusCode, 201, r.body);
    assert.equal(r.json().gameId, g.id);
    assert.equal((await view(g.id, friend.key)).you, 1);
    assert.equal((await s.app.inject({ method: 'POST', url: `/v1/invitations/inv_wrongwrongwrong/accept`, headers: auth(friend.key) })).statusCode, 404);
  });

  test('anonymous seat tokens still work, open seats still claimable with a token', async () => {
    const g = await createGame({ seats: [{ name: 'A' }, { name: 'open', open: true }] });
    const c = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/seats/1/claim`, payload: { name: 'Zed' } });
    assert.equal(c.statusCode, 201, c.body);
    assert.equal((await bid(g.id, c.json().token)).statusCode, 200);
    assert.equal((await bid(g.id, g.seats[0].token!)).statusCode, 200);
  });
});
