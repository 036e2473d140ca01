// Fork and takeback cases of issue 21, run for each ruleset with a position format
// (tests/analysis/<game>.test.ts call them with the game's scenario).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { auth, type TestServer } from '../support/env.js';
import { create, game, get, picker, playOne, playUntil, post, type Pick } from './helpers.js';

interface Game { id: string; seats: { index: number; token: string | null }[] }

const tok = (g: Game) => (seat: number) => g.seats[seat].token!;

async function views(s: TestServer, g: Game, version?: number) {
  const out: unknown[] = [];
  for (const [t, seat] of [[g.seats[0].token, 0], [g.seats[1].token, 1], [null, null]] as const) {
    const url = version === undefined ? `/v1/games/${g.id}` : `/v1/games/${g.id}/versions/${version}`;
    const headers: Record<string, string> = t ? { ...auth(t), 'x-seat': String(seat) } : {};
    const r = await getServerInject(s, url, headers);
    assert.equal(r.statusCode, 200, r.body);
    out.push(r.json().view);
  }
  return out;
}

const getServerInject = (s: TestServer, url: string, headers: Record<string, string>) => s.app.inject({ method: 'GET', url, headers });

/** Plays on until a takeback of the last entry is accepted as a request (nothing revealed, no draw in it). */
async function pendingTakeback(s: TestServer, g: Game, pick: Pick) {
  for (let i = 0; i < 300; i++) {
    const before = await game(s, g.id);
    if (before.status !== 'active') return null;
    const d = before.pending.find((x: { blocking: boolean }) => x.blocking);
    await playOne(s, g.id, tok(g), pick, before);
    const v = (await game(s, g.id)).version;
    const r = await post(s, `/v1/games/${g.id}/takebacks`, tok(g)(d.seat), { to: v - 1 });
    if (r.statusCode === 200) return { asker: d.seat as number, to: v - 1, request: r.json() };
    assert.equal(r.statusCode, 409, r.body);
    if (r.json().error.code === 'game_over') return null; // that move ended the game: try another
    assert.equal(r.json().error.code, 'takeback_refused');
  }
  return null;
}

/** A game with takebacks and a pending request (a new game when one ends without a takeback-able entry). */
async function gameWithRequest(s: TestServer, newGame: (extra: Record<string, unknown>) => Promise<Game>, seed: number) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const g = await newGame({ takebacks: { allow: true } });
    const p = await pendingTakeback(s, g, picker(seed + attempt * 101));
    if (p) return { g, ...p };
  }
  throw new Error('no takeback-able entry in four games');
}

/**
 * `secrets(g)`: seat 1 has secrets seat 0 cannot tell apart (read from the spectator's game);
 * null: the game hides nothing, so a fork of a running game is that game as every seat sees it.
 * `fields`: more of every game's creation payload (e.g. options).
 */
export function analysisCases(getServer: () => TestServer, ruleset: string, scenario: string, seed: number, secrets: ((g: any) => boolean) | null = () => true, fields: Record<string, unknown> = {}) {
  const seats = [{ name: 'Ann' }, { name: 'Bob' }];
  const newGame = (extra: Record<string, unknown> = {}) => create(getServer(), { ruleset, scenario, seats, ...fields, ...extra }) as Promise<Game & { analysisToken?: string }>;

  describe(`${ruleset}: forks`, () => {
    test('a finished game forks at any version: a sandbox whose every view is the game at that version', async () => {
      const s = getServer();
      const g = await newGame();
      await playUntil(s, g.id, tok(g), (x) => x.version >= 12, picker(seed));
      const r0 = await post(s, `/v1/games/${g.id}/resign`, tok(g)(0), {});
      assert.equal(r0.statusCode, 200, r0.body);
      const at = 7;
      const f = await post(s, `/v1/games/${g.id}/fork`, null, { version: at });
      assert.equal(f.statusCode, 201, f.body);
      const fork = f.json();
      assert.equal(fork.sandbox, true);
      assert.ok(fork.analysisToken);
      const orig = await views(s, g, at);
      const mine = await views(s, { id: fork.id, seats: fork.seats });
      assert.deepEqual(mine, orig);
      const ver = (await get(s, `/v1/games/${fork.id}/verify`)).json();
      assert.equal(ver.ok, true);
      assert.deepEqual(ver.forkOf, { game: g.id, version: at, from: 'finished', seat: null });
      assert.equal((await post(s, `/v1/games/${g.id}/fork`, null, { version: 9999 })).statusCode, 400);
    });

    if (secrets === null) {
      test('a running game with no hidden information forks from the caller\'s view, which is the whole game: every view the same', async () => {
        const s = getServer();
        const g = await newGame();
        const at = await playUntil(s, g.id, tok(g), (x) => x.version >= 10, picker(seed + 1));
        assert.equal(at.status, 'active');
        const f = await post(s, `/v1/games/${g.id}/fork`, tok(g)(0), { version: at.version });
        assert.equal(f.statusCode, 201, f.body);
        const fork = f.json();
        for (const seat of [0, 1]) assert.deepEqual((await game(s, fork.id, fork.analysisToken, seat)).view, (await game(s, g.id, tok(g)(seat))).view, `seat ${seat}`);
        const ver = (await get(s, `/v1/games/${fork.id}/verify`)).json();
        assert.equal(ver.ok, true);
        assert.deepEqual(ver.forkOf, { game: g.id, version: at.version, from: 'view', seat: 0 });
        // The spectator's fork too: nothing was hidden from it either.
        const sf = await post(s, `/v1/games/${g.id}/fork`, null, { version: at.version });
        assert.equal(sf.statusCode, 201, sf.body);
        assert.deepEqual((await game(s, sf.json().id)).view, (await game(s, g.id)).view);
      });
    } else test("a running game forks only from the caller's own view: the same for that seat, the other seat's secrets resampled", async () => {
      const s = getServer();
      const g = await newGame();
      const at = await playUntil(s, g.id, tok(g), (x) => x.version >= 10 && secrets!(x), picker(seed + 1));
      assert.equal(at.status, 'active');
      const realOther = (await game(s, g.id, tok(g)(1))).view;
      const hidden = new Set<string>();
      // Forks resample independently; identical cards make some samples look alike (Undaunted's
      // unseen cards repeat kinds, so a sample may equal the real hand by chance). Fork until two
      // differ, up to 32 times: all 32 equal to the real one would mean nothing was resampled.
      for (let i = 0; i < 32 && !(i >= 4 && hidden.size > 1); i++) {
        const f = await post(s, `/v1/games/${g.id}/fork`, tok(g)(0), { version: at.version });
        assert.equal(f.statusCode, 201, f.body);
        const fork = f.json();
        // Seat 0 sees its fork exactly as it sees the game.
        assert.deepEqual((await game(s, fork.id, fork.analysisToken, 0)).view, (await game(s, g.id, tok(g)(0))).view);
        // Seat 1's view in the fork is a sample consistent with what seat 0 saw, not the real one.
        hidden.add(JSON.stringify((await game(s, fork.id, fork.analysisToken, 1)).view));
        const ver = (await get(s, `/v1/games/${fork.id}/verify`)).json();
        assert.equal(ver.forkOf.from, 'view');
        assert.equal(ver.forkOf.seat, 0);
      }
      assert.ok(!hidden.has(JSON.stringify(realOther)) || hidden.size > 1, "every fork shows seat 1's real secrets");
      assert.ok(hidden.size > 1, 'the forks do not resample what seat 0 cannot see');
    });
  });

  describe(`${ruleset}: takebacks`, () => {
    test('off by default', async () => {
      const s = getServer();
      const g = await newGame();
      await playOne(s, g.id, tok(g), picker(seed));
      const r = await post(s, `/v1/games/${g.id}/takebacks`, tok(g)(0), { to: 0 });
      assert.equal(r.statusCode, 409);
      assert.equal(r.json().error.code, 'takebacks_disabled');
    });

    test('approved by the other seat: a log entry, and every view is the view at the target version; verify replays it', async () => {
      const s = getServer();
      const { g, asker, to } = await gameWithRequest(s, newGame, seed + 2);
      const other = 1 - asker;
      const shown = await game(s, g.id, tok(g)(other));
      assert.deepEqual({ seat: shown.takeback.seat, to: shown.takeback.to, voters: shown.takeback.voters }, { seat: asker, to, voters: [other] });
      assert.equal(shown.takebacks, true);
      // The asker cannot approve its own request.
      assert.equal((await post(s, `/v1/games/${g.id}/takebacks/answer`, tok(g)(asker), { approve: true })).statusCode, 403);
      const target = await views(s, g, to);
      const a = await post(s, `/v1/games/${g.id}/takebacks/answer`, tok(g)(other), { approve: true });
      assert.equal(a.statusCode, 200, a.body);
      assert.equal(a.json().entry, 'takeback');
      const after = await game(s, g.id);
      const kinds = (await get(s, `/v1/games/${g.id}/actions?after=0`)).json().entries.map((e: { kind: string }) => e.kind);
      assert.equal(after.version, to + 3, `to ${to}: ${kinds.join(' ')}`); // the entry taken back, the request, the takeback
      assert.equal(after.takeback, null);
      assert.deepEqual(await views(s, g), target);
      const log = (await get(s, `/v1/games/${g.id}/actions?after=0`, tok(g)(0))).json().entries;
      assert.deepEqual(log.slice(-2).map((e: { kind: string }) => e.kind), ['takeback_request', 'takeback']);
      // History is kept: the entry taken back is still in the log.
      assert.equal(log.length, to + 3);
      // The game goes on from there, and verify replays the whole log after the end.
      await playOne(s, g.id, tok(g), picker(seed + 3));
      assert.equal((await post(s, `/v1/games/${g.id}/resign`, tok(g)(0), {})).statusCode, 200);
      const ver = (await get(s, `/v1/games/${g.id}/verify`)).json();
      assert.equal(ver.ok, true, JSON.stringify(ver.mismatches));
      assert.equal(ver.entries, to + 6); // setup, entries 1..to+5
    });

    test('refused by the other seat: nothing changes but the log', async () => {
      const s = getServer();
      const { g, asker, request } = await gameWithRequest(s, newGame, seed + 4);
      const before = await views(s, g);
      const r = await post(s, `/v1/games/${g.id}/takebacks/answer`, tok(g)(1 - asker), { approve: false });
      assert.equal(r.statusCode, 200, r.body);
      assert.equal(r.json().entry, 'takeback_vote');
      const after = await game(s, g.id);
      assert.equal(after.version, request.version + 1);
      assert.equal(after.takeback, null);
      assert.deepEqual(await views(s, g), before);
      const again = await post(s, `/v1/games/${g.id}/takebacks/answer`, tok(g)(1 - asker), { approve: true });
      assert.equal(again.json().error.code, 'no_takeback_pending');
    });

    test('refused when a random draw was made since the target version', async () => {
      const s = getServer();
      const g = await newGame({ takebacks: { allow: true } });
      const drew = (e: any) => e.events.some((ev: any) => ev.type === 'dice_rolled' || ev.type === 'cards_drawn' || ev.type === 'card_drawn' || ev.type === 'ws_drawn');
      let seq = -1;
      for (let i = 0; i < 300 && seq < 0; i++) {
        await playOne(s, g.id, tok(g), picker(seed + 5));
        const log = (await get(s, `/v1/games/${g.id}/actions?after=0`)).json().entries;
        seq = log.find((e: any) => e.seq > 0 && drew(e))?.seq ?? -1;
      }
      assert.ok(seq > 0, 'nothing was drawn');
      const r = await post(s, `/v1/games/${g.id}/takebacks`, tok(g)(0), { to: seq - 1 });
      assert.equal(r.statusCode, 409, r.body);
      assert.equal(r.json().error.code, 'takeback_refused');
      assert.equal(r.json().error.details.reason, 'random_draw');
      assert.ok(r.json().error.details.at >= seq);
    });
  });
}

export { auth };
