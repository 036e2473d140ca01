// Where a board picture is served (GET /v1/games/:id/board.svg|png, src/api/pictures.ts).
// Absolute from PUBLIC_BASE_URL when it is set (webhooks, Discord embeds need one), else a
// path on this server.

export type PictureFormat = 'svg' | 'png';

/** The public base URL without its trailing slash, or null. */
export function publicBase(env: NodeJS.ProcessEnv = process.env): string | null {
  const b = env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '');
  return b ? b : null;
}

export function pictureUrl(gameId: string, o: { format?: PictureFormat; version?: number | null; size?: number | null } = {}, env: NodeJS.ProcessEnv = process.env): string {
  const q = new URLSearchParams();
  if (o.version !== undefined && o.version !== null) q.set('version', String(o.version));
  if (o.size !== undefined && o.size !== null) q.set('size', String(o.size));
  const path = `/v1/games/${encodeURIComponent(gameId)}/board.${o.format ?? 'png'}${q.size ? `?${q}` : ''}`;
  const base = publicBase(env);
  return base ? base + path : path;
}

/** The absolute URL, or null without PUBLIC_BASE_URL (a webhook payload carries only absolute ones). */
export function absolutePictureUrl(gameId: string, o: { format?: PictureFormat; version?: number | null; size?: number | null } = {}, env: NodeJS.ProcessEnv = process.env): string | null {
  return publicBase(env) ? pictureUrl(gameId, o, env) : null;
}
