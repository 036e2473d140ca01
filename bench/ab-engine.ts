// `npm run bench -- ab-engine --base=<commit>`: the kernel of another commit against this
// checkout's, in the same process, alternating game by game on the same seeds (the before/after
// figure of a kernel change). The base's src/engine is extracted with `git show` into
// bench/.ab/<commit> (removed afterwards); rulesets are this checkout's. With `--scope=src` the
// whole src of each side is used, rulesets included (the figure of a change to a game's rules);
// Duel, a test game, is this checkout's on both sides.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Ruleset } from '../src/engine/types.js';
import { rulesets } from '../src/games/index.js';
import { duel } from '../tests/support/duel.js';
import { type Args, fmt, heading, median, note, num, progress, str, table } from './lib/common.js';
import { seatsFor } from './engine/kernel-run.js';

type Playout = (rs: Ruleset, o: { scenario: string; seats: { index: number; name: string }[]; seed: string }) => { entries: unknown[]; hash: string };

export async function abEngine(a: Args) {
  const base = str(a, 'base', 'HEAD');
  const rounds = num(a, 'rounds', 10, 2);
  const ms = num(a, 'ms', 1000, 200);
  const commit = execFileSync('git', ['rev-parse', '--short', base]).toString().trim();
  const head = a.opts.head ? execFileSync('git', ['rev-parse', '--short', a.opts.head]).toString().trim() : null;
  const now = head ?? 'now';
  const scope = str(a, 'scope', 'engine');
  if (scope !== 'engine' && scope !== 'src') throw new Error(`--scope: engine or src, not ${scope}`);
  heading(`${scope === 'src' ? 'Kernel and rules' : 'Kernel'} A/B: ${commit} (before) vs ${head ?? 'this checkout'} (after), ${rounds} rounds x ${ms} ms per ruleset, alternating game by game`);
  const extract = (c: string) => {
    const d = resolve('bench/.ab', c);
    const files = execFileSync('git', ['ls-tree', '-r', '--name-only', c, scope === 'src' ? 'src' : 'src/engine']).toString().trim().split('\n');
    for (const f of files) {
      const to = join(d, f.replace(/^src\//, ''));
      mkdirSync(join(to, '..'), { recursive: true });
      writeFileSync(to, execFileSync('git', ['show', `${c}:${f}`]));
    }
    return d;
  };
  const dir = resolve('bench/.ab');
  try {
    const load = async (d: string | null) => {
      const from = (f: string) => (d ? pathToFileURL(join(d, f)).href : `../src/${f.replace(/\.ts$/, '.js')}`);
      const play = (await import(from('engine/playout.ts'))).randomPlayout as Playout;
      const games = scope === 'src' ? (await import(from('games/index.ts'))).getRuleset as (id: string) => Ruleset | undefined : null;
      // A ruleset of this side (--scope=src), else this checkout's.
      const rules = (rs: Ruleset) => (rs.id === 'duel' || !games ? rs : games(rs.id) ?? rs);
      return { play, rules };
    };
    const before = await load(extract(commit));
    const after = await load(head ? extract(head) : null);
    const list = [duel, ...rulesets().filter((r) => r.id !== 'duel' && !r.id.startsWith('bench-'))].filter((r) => !a.opts.ruleset || a.opts.ruleset.split(',').includes(r.id));
    const rows: (string | number)[][] = [];
    const p = progress('kernel A/B', list.length * rounds);
    for (const rs of list) {
      const { scenario, seats } = seatsFor(rs);
      const ratios: number[] = [];
      const rate = { before: [] as number[], after: [] as number[] };
      let same = true;
      let g = 0;
      for (let r = 0; r < rounds; r++) {
        const t = { before: 0, after: 0 };
        const n = { before: 0, after: 0 };
        const t0 = performance.now();
        while (performance.now() - t0 < ms) {
          const seed = `ab-${g++}`;
          const hashes: string[] = [];
          for (const [name, f] of (g % 2 ? [['before', before], ['after', after]] : [['after', after], ['before', before]]) as [keyof typeof t, typeof before][]) {
            const s = performance.now();
            const out = f.play(f.rules(rs), { scenario, seats, seed });
            t[name] += performance.now() - s;
            n[name] += out.entries.length;
            hashes.push(out.hash);
          }
          if (hashes[0] !== hashes[1]) same = false;
        }
        const b = (n.before / t.before) * 1000, w = (n.after / t.after) * 1000;
        rate.before.push(b); rate.after.push(w); ratios.push(w / b);
        p.tick();
      }
      rows.push([rs.id, fmt(median(rate.before)), fmt(median(rate.after)), `${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`, same ? 'yes' : '**NO**']);
    }
    p.done();
    table(['ruleset', `entries/s ${commit}`, `entries/s ${now}`, 'after / before (min-max)', 'same logs and hashes'], rows);
    note('Each game is played by both kernels from the same seed (order alternating); "same logs and hashes" checks that the change kept every playout identical.');
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
