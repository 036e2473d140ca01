// GET /v1/games/:id/board.svg and board.png: the board as the caller's seat (seat token) or a
// spectator (no token) sees it, at the current version or `?version=n` (replay), `?size=`
// pixels wide. Cached by (game, version, viewer, format, size) with an ETag: If-None-Match
// answers 304 without rendering.
import { Type as T } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../runtime.js';
import { boardPicture, pictureKey, SIZE_MAX, SIZE_MIN } from '../render/pictures.js';
import type { PictureFormat } from '../render/urls.js';
import { bearer } from './auth.js';
import { ErrorBody, GameIdParams } from './schemas.js';

export const PictureQuery = T.Object({
  version: T.Optional(T.Integer({ minimum: 0, description: 'a past version (replay); default: the current one' })),
  size: T.Optional(T.Integer({ minimum: SIZE_MIN, maximum: SIZE_MAX, description: `width in pixels (${SIZE_MIN}-${SIZE_MAX}); the height keeps the ratio` })),
}, { additionalProperties: false });

const errors = { 304: T.Null({ description: 'Not Modified: If-None-Match matched the ETag' }), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export async function pictureRoutes(app: FastifyInstance, rt: Runtime) {
  const svc = rt.service;
  for (const format of ['svg', 'png'] as PictureFormat[]) {
    app.get(`/v1/games/:id/board.${format}`, {
      schema: {
        tags: ['games'],
        summary: `The board as ${format.toUpperCase()}, as the caller's seat (seat token) or a spectator sees it; the last move highlighted. ETag / If-None-Match.`,
        params: GameIdParams, querystring: PictureQuery,
        response: {
          200: {
            description: `The picture (${format === 'svg' ? 'image/svg+xml' : 'image/png'}); ETag, X-Game-Version`,
            content: { [format === 'svg' ? 'image/svg+xml' : 'image/png']: { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors,
        },
      },
    }, async (req, reply) => {
      const { id } = req.params as { id: string };
      const q = req.query as { version?: number; size?: number };
      const seat = await svc.authenticate(id, bearer(req));
      const r = { gameId: id, seat, format, version: q.version, size: q.size };
      // A seat's picture is private to that seat: caches between must not share it.
      reply.header('cache-control', seat === null ? 'public, max-age=60' : 'private, max-age=60').header('vary', 'authorization')
        .header('cross-origin-resource-policy', 'cross-origin'); // other sites may show it in <img>
      const { etag } = await pictureKey(svc, r);
      if (matches(req.headers['if-none-match'], etag)) return reply.code(304).header('etag', etag).send();
      const pic = await boardPicture(svc, r);
      return reply.header('etag', pic.etag).header('x-game-version', String(pic.version)).type(pic.contentType).send(pic.body);
    });
  }
}

function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((s) => s.trim().replace(/^W\//, ''));
  return tags.includes(etag) || tags.includes('*');
}
