// Shared by the picture tests and scripts/update-golden-pictures.ts: states of every scenario
// from random play, PNG decoding, and the one fixed state per game the golden files show.
import { inflateSync } from 'node:zlib';
import { eventsFor, type KState } from '../../src/engine/kernel.js';
import { randomPlayout } from '../../src/engine/playout.js';
import { localRng } from '../../src/engine/rng.js';
import type { GameEvent, Ruleset, Seat, SeatInfo } from '../../src/engine/types.js';
import { rulesets } from '../../src/games/index.js';

/** Every installed ruleset that draws its board (docs/RENDERING.md). */
export const drawn = (): Ruleset[] => rulesets().filter((rs) => typeof rs.render === 'function');

export function playerCounts(players: number | number[]): number[] {
  return Array.isArray(players) ? players : [players];
}

/** Seat names with markup characters: a picture must show them as text. */
export function seatsOf(n: number): SeatInfo[] {
  return Array.from({ length: n }, (_, i) => ({ index: i, name: `Player <${i}> & "co"` }));
}
const PLAIN = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];

export interface Moment { k: KState<any>; events: GameEvent[]; ended: boolean }

/**
 * Random play from set-up to the end (or `maxEntries`), keeping set-up, every `every`-th state
 * and the last one.
 */
export function moments(rs: Ruleset, scenario: string, n: number, seed: string, every: number, maxEntries = 3000): Moment[] {
  const out: Moment[] = [];
  let lastK: KState<any> | null = null;
  let lastEv: GameEvent[] = [];
  let i = 0;
  randomPlayout(rs, {
    scenario, seats: seatsOf(n), seed, gameId: `pic-${seed}`, maxEntries, hashChain: false,
    onEntry: (k, _e, events) => {
      if (i++ % every === 0) out.push({ k, events, ended: false });
      lastK = k;
      lastEv = events;
    },
  });
  if (lastK && out[out.length - 1]?.k !== lastK) out.push({ k: lastK, events: lastEv, ended: false });
  const end = out[out.length - 1];
  end.ended = rs.result((end.k as KState<any>).s) !== null;
  return out;
}

/** The picture of a moment as `seat` (null: spectator) would get it from the API. */
export function picture(rs: Ruleset, m: Moment, seat: Seat | null, n: number, plainNames = false): string {
  return rs.render!(rs.view(m.k.s, seat), {
    seat, lastEvents: eventsFor(m.events, seat, m.ended), seatNames: plainNames ? PLAIN.slice(0, n) : seatsOf(n).map((s) => s.name), version: m.k.seq,
  });
}

/** Width, height and the decoded RGBA rows of a PNG (8-bit RGBA only, as resvg writes). */
export function decodePng(buf: Buffer): { width: number; height: number; rawBytes: number } {
  const sig = buf.subarray(0, 8).toString('hex');
  if (sig !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let off = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.subarray(off + 4, off + 8).toString('ascii');
    const data = buf.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[9] !== 6) throw new Error(`unexpected PNG bit depth ${data[8]} / colour type ${data[9]}`);
    }
    if (type === 'IDAT') idat.push(data);
    if (type === 'IEND') break;
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return { width, height, rawBytes: raw.length };
}

/** The one state per game the golden files show: seat 0's view after a fixed random opening. */
export function goldenState(rs: Ruleset): { svg: string; name: string } {
  const sc = rs.scenarios[0];
  const n = playerCounts(sc.players)[0];
  const ms = moments(rs, sc.id, n, 'golden', 1, 12);
  const m = ms[ms.length - 1];
  return { svg: picture(rs, m, 0, n, true), name: `${rs.id}.svg` };
}

/** Every string anywhere in a value (the view): what a seat may be shown. */
export function stringsIn(x: unknown, out = new Set<string>()): Set<string> {
  if (typeof x === 'string') out.add(x);
  else if (Array.isArray(x)) for (const y of x) stringsIn(y, out);
  else if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) { out.add(k); stringsIn(y, out); }
  return out;
}

export const rngFor = (label: string) => localRng(label);
