// One paging convention for lists that grow (issue #15): `?cursor=&limit=` answers
// `{ <items>, nextCursor, total }`, as the players' inbox pages (src/players/players.ts) with
// its own keys. A cursor is opaque: the position of the last item of the page before, so a
// game created meanwhile never shifts a page. `total` counts every item of the list.
import type { GamePosition } from '../store/types.js';
import { ServiceError } from './errors.js';

export function encodeGameCursor(p: GamePosition): string {
  return Buffer.from(JSON.stringify({ t: p.createdAt.getTime(), id: p.id })).toString('base64url');
}

export function decodeGameCursor(s: string): GamePosition {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as { t?: unknown; id?: unknown };
    if (typeof c.t === 'number' && Number.isSafeInteger(c.t) && typeof c.id === 'string' && c.id.length <= 64) return { createdAt: new Date(c.t), id: c.id };
  } catch { /* below */ }
  throw new ServiceError(400, 'invalid_cursor', 'cursor is not one this server gave out');
}

/**
 * A page from `limit + 1` rows (the extra one says whether more follow): the items, the
 * cursor of the next page (null on the last) and the total.
 */
export function gamePage<T extends { id: string; createdAt: string }>(rows: T[], limit: number, total: number): { games: T[]; nextCursor: string | null; total: number } {
  const games = rows.slice(0, limit);
  const last = games[games.length - 1];
  return { games, nextCursor: rows.length > limit && last ? encodeGameCursor({ createdAt: new Date(last.createdAt), id: last.id }) : null, total };
}
