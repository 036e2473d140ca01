// CPU time of the processes a bench run is made of, from /proc: this process with its reaped
// children (pgbench), the server processes, and the local Postgres (its postmaster with its
// reaped backends, and its live children). Unlike the machine's busy time it leaves out other
// work on a shared machine (other sessions' tests), so it still means something under load;
// a Postgres other clients use at the same time is charged to the run.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

const TICK = 100; // clock ticks per second (USER_HZ)

/** utime + stime (+ cutime + cstime: reaped children) of a process, in seconds; 0 if gone. */
function procSeconds(pid: number, children: boolean): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const r = f.slice(f.lastIndexOf(')') + 2).split(' ');
    // Fields after the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
    return (Number(r[11]) + Number(r[12]) + (children ? Number(r[13]) + Number(r[14]) : 0)) / TICK;
  } catch {
    return 0;
  }
}

function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(f.slice(f.lastIndexOf(')') + 2).split(' ')[1]) === ppid) out.push(Number(d));
    } catch { /* gone */ }
  }
  return out;
}

/** The postmaster of a local Postgres (the parent of a backend of ours), or null if not on this machine. */
export async function postmasterOf(url: string): Promise<number | null> {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    const { rows } = await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // A remote server's backend pid may name some local process: only a local `postgres` counts.
    const f = readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8');
    if (f.slice(f.indexOf('(') + 1, f.lastIndexOf(')')) !== 'postgres') return null;
    return Number(f.slice(f.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
}

/** CPU seconds so far of this process (and reaped children), the given servers and the postmaster's tree. */
export function ownCpuSeconds(serverPids: number[], postmaster: number | null): number {
  let s = procSeconds(process.pid, true);
  for (const p of serverPids) if (p !== process.pid) s += procSeconds(p, false);
  if (postmaster) {
    s += procSeconds(postmaster, true);
    for (const c of childrenOf(postmaster)) s += procSeconds(c, false);
  }
  return s;
}
