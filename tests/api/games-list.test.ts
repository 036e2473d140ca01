// GET /v1/games pages with a cursor and a total (issue #15), the convention of the players'
// inbox: `?cursor=&limit=` → `{ games, nextCursor, total }`. Paging through more games than a
// page lists each once, newest first; a game created meanwhile shifts no page; the filters
// (status, open) page and count alike; GraphQL's gamePage gives the same pages; a cursor this
// server did not give out is 400 invalid_cursor. Its own store, so the counts are this file's.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { openStore, parseDatabaseUrl } from '../../src/store/db.js';
import type { Store } from '../../src/store/types.js';
import { auth, startServer, usingPostgres, type TestServer } from '../support/env.js';

let s: TestServer;
let store: Store;
const schema = `skyeye_t_games_list_${process.pid}_${Date.now().toString(36)}`; // Postgres: dropped at the end
before(async () => {
  store = await openStore(usingPostgres ? { databaseUrl: parseDatabaseUrl(process.env.DATABASE_URL!).url, schema } : { dataDir: 'memory://' });
  s = await startServer({ store });
});
after(async () => {
  await s.close();
  await store.close();
  if (!usingPostgres) return;
  const c = new pg.Client({ connectionString: parseDatabaseUrl(process.env.DATABASE_URL!).url });
  await c.connect();
  try {
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await c.end();
  }
});

type Page = { games: { id: string; status: string; createdAt: string }[]; nextCursor: string | null; total: number };
async function page(query: string): Promise<Page> {
  const r = await s.app.inject({ url: `/v1/games?${query}` });
  assert.equal(r.statusCode, 200, r.body);
  return r.json();
}
async function create(open = false) {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B', ...(open ? { open: true } : {}) }] } });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as { id: string; seats: { token: string | null }[] };
}
/** Every page of a query, following nextCursor. */
async function all(query: string, limit: number): Promise<{ ids: string[]; pages: Page[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const p = await page(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    pages.push(p);
    cursor = p.nextCursor;
    assert.ok(pages.length < 50, 'paging ends');
  } while (cursor);
  return { ids: pages.flatMap((p) => p.games.map((g) => g.id)), pages };
}

/** The list's order (newest first, then id): games made within one millisecond tie on the time. */
async function newestFirst(list: string[]): Promise<string[]> {
  const at = new Map<string, number>();
  for (const id of list) at.set(id, (await store.getGame(id))!.game.createdAt.getTime());
  return [...list].sort((a, b) => at.get(b)! - at.get(a)! || (a < b ? -1 : 1));
}

const ids: string[] = [];
const finished: string[] = [];
const lobby: string[] = [];

test('paging through more games than a page: each once, newest first, the total on every page', async () => {
  for (let i = 0; i < 7; i++) ids.push((await create()).id);
  for (let i = 0; i < 2; i++) {
    const g = await create();
    await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/resign`, headers: auth(g.seats[0].token!) });
    ids.push(g.id);
    finished.push(g.id);
  }
  for (let i = 0; i < 3; i++) {
    const g = await create(true);
    ids.push(g.id);
    lobby.push(g.id);
  }
  const { ids: listed, pages } = await all('', 5);
  assert.deepEqual(listed, await newestFirst(ids), 'every game once, newest first');
  assert.deepEqual(pages.map((p) => p.games.length), [5, 5, 2]);
  for (const p of pages) assert.equal(p.total, 12);
  assert.equal(pages.at(-1)!.nextCursor, null, 'null on the last page');
  // A page that ends exactly at the end says so.
  const exact = await all('', 6);
  assert.deepEqual(exact.pages.map((p) => p.games.length), [6, 6]);
  // Without a cursor or limit: the first 50, as before.
  const first = await page('');
  assert.equal(first.games.length, 12);
  assert.equal(first.nextCursor, null);
});

test('filters page and count alike: status, and the lobby (open)', async () => {
  const fin = await all('status=finished', 1);
  assert.deepEqual(fin.ids, await newestFirst(finished));
  assert.ok(fin.pages.every((p) => p.total === 2));
  const act = await all('status=active', 4);
  assert.deepEqual(act.ids, await newestFirst(ids.filter((id) => !finished.includes(id))));
  assert.ok(act.pages.every((p) => p.total === 10));
  const open = await all('open=true', 2);
  assert.deepEqual(open.ids, await newestFirst(lobby), 'the lobby: listed games with an open seat');
  assert.ok(open.pages.every((p) => p.total === 3));
});

test('a game created between pages shifts no page; offset still works for older clients', async () => {
  const p1 = await page('limit=4');
  const late = await create();
  const p2 = await page(`limit=4&cursor=${encodeURIComponent(p1.nextCursor!)}`);
  assert.deepEqual([...p1.games, ...p2.games].map((g) => g.id), (await newestFirst(ids)).slice(0, 8), 'the next four after the first page');
  assert.equal(p2.total, 13, 'the total counts the new game');
  assert.ok(!p2.games.some((g) => g.id === late.id));
  ids.push(late.id);
  const off = await page('limit=3&offset=3');
  assert.deepEqual(off.games.map((g) => g.id), (await newestFirst(ids)).slice(3, 6));
});

test('a bad cursor is 400 invalid_cursor; cursor with offset, or too long, 400 invalid_request', async () => {
  for (const cursor of ['nope', Buffer.from('{"t":"x","id":1}').toString('base64url'), Buffer.from('[]').toString('base64url')]) {
    const r = await s.app.inject({ url: `/v1/games?cursor=${encodeURIComponent(cursor)}` });
    assert.equal(r.statusCode, 400, cursor);
    assert.equal(r.json().error.code, 'invalid_cursor');
  }
  const p = await page('limit=2');
  const both = await s.app.inject({ url: `/v1/games?offset=2&cursor=${encodeURIComponent(p.nextCursor!)}` });
  assert.equal(both.statusCode, 400);
  assert.equal(both.json().error.code, 'invalid_request');
  const long = await s.app.inject({ url: `/v1/games?cursor=${'x'.repeat(513)}` });
  assert.equal(long.statusCode, 400);
  assert.equal(long.json().error.code, 'invalid_request');
});

test('GraphQL gamePage gives the same pages; a bad cursor carries invalid_cursor', async () => {
  const q = `query($c: String, $s: GameStatus) { gamePage(limit: 5, cursor: $c, status: $s) { games { id status } nextCursor total } }`;
  const gql = async (v: Record<string, unknown>) => (await s.app.inject({ method: 'POST', url: '/graphql', payload: { query: q, variables: v } })).json();
  let cursor: string | null = null;
  const seen: string[] = [];
  do {
    const r = await gql({ c: cursor });
    assert.equal(r.errors, undefined, JSON.stringify(r.errors));
    const restPage = await page(`limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    assert.deepEqual(r.data.gamePage.games.map((g: { id: string }) => g.id), restPage.games.map((g) => g.id));
    assert.equal(r.data.gamePage.total, restPage.total);
    assert.equal(r.data.gamePage.nextCursor, restPage.nextCursor);
    seen.push(...r.data.gamePage.games.map((g: { id: string }) => g.id));
    cursor = r.data.gamePage.nextCursor;
  } while (cursor);
  assert.deepEqual(seen, await newestFirst(ids));
  const bad = await gql({ c: 'nope' });
  assert.equal(bad.errors?.[0]?.extensions?.code, 'invalid_cursor');
});
