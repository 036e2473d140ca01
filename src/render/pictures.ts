// Board pictures for a game at a version, as a seat or a spectator sees it: the ruleset's
// `render` (view in, SVG out) and, for PNG, resvg. A picture of (game, version, viewer, format,
// size) never changes once the version exists, so it is cached by that key with an ETag; a
// burst of requests for one picture (a Discord channel unfurling it) renders it once, even
// while the first render is still running.
import { createHash } from 'node:crypto';
import { Resvg, renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import type { Seat } from '../engine/types.js';
import { getRuleset } from '../games/index.js';
import { ServiceError } from '../service/errors.js';
import type { GameService } from '../service/game-service.js';
import type { PictureFormat } from './urls.js';

/** Bump when the drawing changes on purpose: ETags of earlier pictures then stop matching. */
export const RENDER_REVISION = 1;
export const SIZE_MIN = 64;
export const SIZE_MAX = 2048;
const CACHE_ENTRIES = 256;

export interface Picture {
  body: Buffer;
  contentType: string;
  etag: string;
  version: number;
  width: number;
  height: number;
}

export interface PictureRequest {
  gameId: string;
  seat: Seat | null;
  format: PictureFormat;
  version?: number;
  /** Width in pixels (height keeps the ratio); default: the renderer's own size. */
  size?: number;
}

interface Cache { done: Map<string, Picture>; running: Map<string, Promise<Picture>>; renders: number }
const caches = new WeakMap<GameService, Cache>();

function cacheOf(svc: GameService): Cache {
  let c = caches.get(svc);
  if (!c) caches.set(svc, (c = { done: new Map(), running: new Map(), renders: 0 }));
  return c;
}

/** Pictures rendered and kept so far by this service (tests; a burst must render once). */
export function pictureStats(svc: GameService): { renders: number; cached: number } {
  const c = cacheOf(svc);
  return { renders: c.renders, cached: c.done.size };
}

export const etagOf = (key: string) => `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;

/**
 * The ETag a picture will have, without rendering it (for If-None-Match). Throws as the
 * picture would (unknown game, bad version, a ruleset without a renderer).
 */
export async function pictureKey(svc: GameService, r: PictureRequest): Promise<{ key: string; etag: string; version: number }> {
  const cur = await svc.getGame(r.gameId, r.seat);
  const version = r.version ?? cur.version;
  if (!Number.isInteger(version) || version < 0 || version > cur.version) {
    throw new ServiceError(400, 'bad_version', `version must be between 0 and ${cur.version}`);
  }
  const rs = getRuleset(cur.ruleset, cur.rulesetVersion);
  if (!rs?.render) throw new ServiceError(404, 'no_picture', `${cur.ruleset} has no board picture yet`);
  // After the end every event is revealed, so the last move's highlight may show more.
  const ended = cur.status === 'finished';
  const key = [r.gameId, cur.rulesetVersion, RENDER_REVISION, version, r.seat ?? 'spectator', ended ? 'ended' : 'live', r.format, r.size ?? 'natural'].join('|');
  return { key, etag: etagOf(key), version };
}

export async function boardPicture(svc: GameService, r: PictureRequest): Promise<Picture> {
  const { key, etag, version } = await pictureKey(svc, r);
  const cache = cacheOf(svc);
  const hit = cache.done.get(key);
  if (hit) {
    cache.done.delete(key); // least recently used goes first
    cache.done.set(key, hit);
    return hit;
  }
  let run = cache.running.get(key);
  if (!run) {
    cache.renders++;
    run = make(svc, r, version, etag).finally(() => cache.running.delete(key));
    cache.running.set(key, run);
  }
  const pic = await run;
  cache.done.set(key, pic);
  if (cache.done.size > CACHE_ENTRIES) cache.done.delete(cache.done.keys().next().value!);
  return pic;
}

async function make(svc: GameService, r: PictureRequest, version: number, etag: string): Promise<Picture> {
  const g = await svc.replayAt(r.gameId, version, r.seat);
  const rs = getRuleset(g.ruleset, g.rulesetVersion)!;
  const last = version > 0 ? (await svc.log(r.gameId, r.seat, version - 1, 1)).entries.find((e) => e.seq === version) : undefined;
  const svg = rs.render!(g.view, {
    seat: r.seat, lastEvents: last?.events ?? [], seatNames: g.seats.map((s) => s.name), version,
  });
  return encodeAsync(svg, r.format, r.size, version, etag);
}

/** Natural size of an SVG from its root element's width and height. */
export function svgSize(svg: string): { width: number; height: number } {
  const m = /<svg\b[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"/.exec(svg);
  if (!m) throw new Error('render: the SVG root has no width and height');
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** The SVG scaled to `size` pixels wide (its viewBox keeps the drawing), or PNG through resvg. */
export function encode(svg: string, format: PictureFormat, size: number | undefined, version: number, etag: string): Picture {
  const nat = svgSize(svg);
  const width = size ?? Math.round(nat.width);
  const height = Math.round((nat.height * width) / nat.width);
  if (format === 'svg') {
    const scaled = size === undefined ? svg : svg.replace(/(<svg\b[^>]*?\s)width="[\d.]+"([^>]*?\s)height="[\d.]+"/, `$1width="${width}"$2height="${height}"`);
    return { body: Buffer.from(scaled, 'utf8'), contentType: 'image/svg+xml; charset=utf-8', etag, version, width, height };
  }
  const png = new Resvg(svg, pngOptions(width)).render();
  return { body: png.asPng(), contentType: 'image/png', etag, version, width: png.width, height: png.height };
}

/**
 * As `encode`, with the PNG drawn off the event loop (resvg's thread pool): text makes a
 * picture take a few hundred milliseconds of CPU, which must not stall other requests.
 */
export async function encodeAsync(svg: string, format: PictureFormat, size: number | undefined, version: number, etag: string): Promise<Picture> {
  if (format === 'svg') return encode(svg, format, size, version, etag);
  const nat = svgSize(svg);
  const png = await renderAsync(svg, pngOptions(size ?? Math.round(nat.width)));
  return { body: png.asPng(), contentType: 'image/png', etag, version, width: png.width, height: png.height };
}

function pngOptions(width: number): ResvgRenderOptions {
  return { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' }, background: '#ffffff' };
}
