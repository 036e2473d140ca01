// Throwaway Redis and Postgres servers for fault tests: each on a free port of its own, so a
// test can stop and restart it without disturbing the servers CI shares between tests.
// Postgres refuses to run as root: as root, its tools run as the postgres user (as .ci/run does).
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect(port, '127.0.0.1');
    c.once('connect', () => { c.destroy(); resolve(true); });
    c.once('error', () => resolve(false));
  });
}

async function waitFor(f: () => Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const onPath = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;

/** Why a Redis fault test cannot run here, or null. */
export const redisMissing = (): string | null => (onPath('redis-server') ? null : 'redis-server is not installed (apt-get install redis-server)');

export class RedisServer {
  private proc: ChildProcess | null = null;
  private constructor(readonly port: number) {}
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  static async start(): Promise<RedisServer> {
    const r = new RedisServer(await freePort());
    await r.start();
    return r;
  }
  async start(): Promise<void> {
    this.proc = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitFor(() => listening(this.port), 10_000, `redis-server on ${this.port}`);
  }
  /** Stops it hard (SIGKILL): an outage, not a clean shutdown. */
  async stop(): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    this.proc = null;
    const gone = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await gone;
    await waitFor(async () => !(await listening(this.port)), 5000, 'redis-server stopped');
  }
}

function pgBin(): string | null {
  if (!existsSync('/usr/lib/postgresql')) return null;
  const v = readdirSync('/usr/lib/postgresql').filter((d) => existsSync(`/usr/lib/postgresql/${d}/bin/initdb`))
    .sort((a, b) => Number(a) - Number(b)).pop();
  return v ? `/usr/lib/postgresql/${v}/bin` : null;
}

/** Why a Postgres fault test cannot run here, or null. */
export function postgresMissing(): string | null {
  if (!pgBin()) return 'Postgres binaries are not installed (apt-get install postgresql)';
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres']).status !== 0) return 'running as root without a postgres user';
  return null;
}

export class PostgresServer {
  private constructor(readonly port: number, private readonly dir: string, private readonly bin: string) {}
  get url() {
    return `postgresql://postgres@127.0.0.1:${this.port}/postgres`;
  }
  private run(cmd: string, args: string[]) {
    const root = process.getuid?.() === 0;
    const file = root ? 'runuser' : join(this.bin, cmd);
    const argv = root ? ['-u', 'postgres', '--', join(this.bin, cmd), ...args] : args;
    return execFileSync(file, argv, { cwd: this.dir, stdio: 'pipe' });
  }
  static async start(): Promise<PostgresServer> {
    const bin = pgBin()!;
    const dir = mkdtempSync(join(tmpdir(), 'skyeye-pg-'));
    chmodSync(dir, 0o777);
    const s = new PostgresServer(await freePort(), dir, bin);
    s.run('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-locale', '--encoding=UTF8']);
    await s.start();
    return s;
  }
  async start(): Promise<void> {
    this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-l', join(this.dir, 'log'), '-w', '-t', '60',
      '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  }
  /** Stops it at once (immediate mode: connections are cut, as in a crash; committed data stays, as synchronous_commit is on). */
  async stop(): Promise<void> {
    this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  }
  async destroy(): Promise<void> {
    try {
      await this.stop();
    } catch { /* already stopped */ }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
