// Scripted randomness for sandbox games (docs/ANALYSIS.md): per random stream (a fork label,
// `#n` suffixes folded), the scripted outcomes are consumed in order across the whole game,
// then the game's seeded stream takes over. Real games never use this.
import type { PositionFormat, Rng } from './types.js';
import { fisherYates } from './rng.js';

/** One scripted outcome: a number (the ruleset's face value), a face name, or a shuffle's order. */
export type ScriptItem = number | string | number[];
export type DiceScript = Record<string, ScriptItem[]>;
/** How far each stream's script has been consumed. */
export type Cursors = Record<string, number>;

/** A scripted value that does not fit the draw it was used for: the move is refused (422). */
export class ScriptMismatch extends Error {
  constructor(readonly stream: string, readonly index: number, message: string) {
    super(message);
  }
}

export function streamOf(label: string): string {
  return label.replace(/#\d+$/, '');
}

class Scripted implements Rng {
  constructor(
    private readonly base: Rng,
    private readonly script: DiceScript,
    private readonly streams: PositionFormat['streams'],
    readonly cursors: Cursors,
    private readonly counter: { n: number },
    private readonly key: string,
  ) {}

  get draws(): number {
    return this.base.draws + this.counter.n;
  }

  private next(): ScriptItem | undefined {
    const list = this.script[this.key];
    const at = this.cursors[this.key] ?? 0;
    if (!list || at >= list.length) return undefined;
    this.cursors[this.key] = at + 1;
    return list[at];
  }

  int(n: number): number {
    const item = this.next();
    if (item === undefined) return this.base.int(n);
    const at = (this.cursors[this.key] ?? 1) - 1;
    const spec = this.streams?.[this.key];
    let v: number;
    if (typeof item === 'string') {
      v = spec?.faces && spec.faces.length === n ? spec.faces.indexOf(item) : -1;
      if (v < 0) throw new ScriptMismatch(this.key, at, `dice.${this.key}[${at}]: ${item} is not a face of this draw${spec?.faces && spec.faces.length === n ? ` (${spec.faces.join(', ')})` : ` (a number from ${spec?.offset ?? 0})`}`);
    } else if (typeof item === 'number') {
      v = item - (spec?.offset ?? 0);
    } else {
      throw new ScriptMismatch(this.key, at, `dice.${this.key}[${at}]: a shuffle order where one draw of ${n} was made`);
    }
    if (!Number.isInteger(v) || v < 0 || v >= n) {
      const lo = spec?.offset ?? 0;
      throw new ScriptMismatch(this.key, at, `dice.${this.key}[${at}]: ${JSON.stringify(item)} is not a possible outcome here (${lo}..${lo + n - 1})`);
    }
    this.counter.n++;
    return v;
  }

  shuffle<T>(xs: readonly T[]): T[] {
    const list = this.script[this.key];
    const at = this.cursors[this.key] ?? 0;
    const item = list && at < list.length ? list[at] : undefined;
    if (Array.isArray(item)) {
      this.cursors[this.key] = at + 1;
      const ok = item.length === xs.length && [...item].sort((a, b) => a - b).every((x, i) => x === i);
      if (!ok) throw new ScriptMismatch(this.key, at, `dice.${this.key}[${at}]: a shuffle of ${xs.length} is an order of 0..${xs.length - 1}`);
      this.counter.n++;
      return item.map((i) => xs[i]);
    }
    return fisherYates(xs, (n) => this.int(n));
  }

  fork(label: string): Rng {
    const key = this.key ? `${this.key}/${streamOf(label)}` : streamOf(label);
    return new Scripted(this.base.fork(label), this.script, this.streams, this.cursors, this.counter, key);
  }
}

/**
 * The Rng of one entry of a sandbox game: `base` (the entry's seeded stream) under the script,
 * from `cursors` (copied: read the new ones from `cursorsOf` after the entry).
 */
export function scriptedRng(base: Rng, script: DiceScript, streams: PositionFormat['streams'], cursors: Cursors): Rng & { cursors: Cursors } {
  return new Scripted(base, script, streams, { ...cursors }, { n: 0 }, '');
}

/** The cursors an Rng made by `scriptedRng` reached (null for any other Rng). */
export function cursorsOf(rng: Rng): Cursors | null {
  return rng instanceof Scripted ? rng.cursors : null;
}

/** A script's shape: streams to lists of numbers, face names or orders. Returns a message or null. */
export function scriptProblem(d: unknown): string | null {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return 'dice is an object: stream label -> list of outcomes';
  for (const [k, v] of Object.entries(d)) {
    if (!Array.isArray(v)) return `dice.${k} is a list of outcomes`;
    if (v.length > 10_000) return `dice.${k} has more than 10000 outcomes`;
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      const ok = (typeof x === 'number' && Number.isInteger(x)) || (typeof x === 'string' && x.length <= 32)
        || (Array.isArray(x) && x.length <= 500 && x.every((y) => Number.isInteger(y)));
      if (!ok) return `dice.${k}[${i}] is an integer, a face name or a shuffle order (a list of integers)`;
    }
  }
  return null;
}
