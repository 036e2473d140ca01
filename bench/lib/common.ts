// Shared helpers for the benchmarks: arguments, progress display, statistics, tables.
// Benchmarks print figures; nothing here asserts a timing.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import cliProgress from 'cli-progress';

export interface Args {
  /** Short run for CI: seconds, not minutes. */
  smoke: boolean;
  /** Free-form --key=value options. */
  opts: Record<string, string>;
}

export function num(a: Args, key: string, full: number, smoke: number): number {
  const v = a.opts[key];
  if (v !== undefined && v !== '') return Number(v);
  return a.smoke ? smoke : full;
}

export function str(a: Args, key: string, def: string): string {
  return a.opts[key] ?? def;
}

export function list(a: Args, key: string, def: number[]): number[] {
  const v = a.opts[key];
  return v ? v.split(',').map(Number) : def;
}

// ---------------- progress ----------------

const interactive = !!process.stderr.isTTY && process.env.BENCH_PROGRESS !== '0';

export interface Progress {
  tick(n?: number, note?: string): void;
  set(v: number, note?: string): void;
  done(): void;
}

/** A progress bar on stderr (a line per 10% when stderr is not a terminal: CI logs stay short). */
export function progress(label: string, total: number): Progress {
  let value = 0;
  if (!interactive) {
    let lastDecile = -1;
    const show = (note?: string) => {
      const d = total > 0 ? Math.floor((10 * value) / total) : 10;
      if (d !== lastDecile) {
        lastDecile = d;
        process.stderr.write(`  [${label}] ${Math.min(100, d * 10)}%${note ? ` ${note}` : ''}\n`);
      }
    };
    return {
      tick(n = 1, note) { value += n; show(note); },
      set(v, note) { value = v; show(note); },
      done() { value = total; show(); },
    };
  }
  const bar = new cliProgress.SingleBar({
    format: `  ${label.padEnd(28)} [{bar}] {percentage}% | {value}/{total} | {eta_formatted} left {note}`,
    stream: process.stderr, hideCursor: true, clearOnComplete: true, etaBuffer: 50,
  }, cliProgress.Presets.shades_classic);
  bar.start(total, 0, { note: '' });
  return {
    tick(n = 1, note) { value += n; bar.update(value, { note: note ?? '' }); },
    set(v, note) { value = v; bar.update(v, { note: note ?? '' }); },
    done() { bar.update(total); bar.stop(); },
  };
}

/** A progress bar that fills over a fixed time span (for load runs driven by a clock). */
export function timedProgress(label: string, seconds: number): { stop(): void } {
  const p = progress(label, Math.max(1, Math.round(seconds)));
  const t0 = Date.now();
  const h = setInterval(() => p.set(Math.min(Math.round(seconds), Math.floor((Date.now() - t0) / 1000))), 250);
  return { stop() { clearInterval(h); p.done(); } };
}

// ---------------- statistics ----------------

export function median(xs: number[]): number {
  if (!xs.length) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i];
}

export function minmax(xs: number[]): [number, number] {
  return [Math.min(...xs), Math.max(...xs)];
}

// ---------------- output ----------------

export function fmt(x: number, digits = 0): string {
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) >= 1000 && digits === 0) return Math.round(x).toLocaleString('en-US');
  return x.toFixed(digits);
}

export function ratio(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return x >= 10 ? `${x.toFixed(1)}x` : `${x.toFixed(2)}x`;
}

/** A Markdown table on stdout (pastes straight into docs/BENCHMARKS.md). */
export function table(headers: string[], rows: (string | number)[][]): void {
  const cells = rows.map((r) => r.map((c) => String(c)));
  const w = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${w.map((x, i) => (i === 0 ? ':' + '-'.repeat(x + 1) : '-'.repeat(x + 1) + ':')).join('|')}|`);
  for (const r of cells) console.log(line(r));
  console.log();
}

export function heading(s: string): void {
  console.log(`\n### ${s}\n`);
}

export function note(s: string): void {
  console.log(`> ${s}\n`);
}

export function machine(): string {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execSync('git status --porcelain -- src bench', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    if (dirty) commit += '+wip';
  } catch { /* not a git checkout */ }
  const c = cpus();
  return `${c.length} x ${c[0]?.model?.trim() ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}, commit ${commit}, ${new Date().toISOString()}`;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function warn(s: string): void {
  console.log(`> **note:** ${s}\n`);
}

export interface MachineMark { busy: number; all: number; t: number }

/** The machine's CPU counters now (/proc/stat: every process and the kernel; NaN where unreadable). */
export function machineMark(): MachineMark {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { busy: user + nice + system + irq + softirq, all: user + nice + system + idle + iowait + irq + softirq + steal, t: performance.now() };
  } catch {
    return { busy: NaN, all: NaN, t: performance.now() };
  }
}

/**
 * CPU seconds the whole machine spent busy since `from` (server, database, load generator,
 * kernel; idle and steal excluded). Divided by a run's operations: what one costs this machine.
 */
export function machineBusySince(from: MachineMark): number {
  const now = machineMark();
  return ((now.busy - from.busy) / (now.all - from.all)) * cpus().length * ((now.t - from.t) / 1000);
}
