// `npm test`: every tests/**/*.test.ts through node's test runner (Node 20 needs the files
// listed). Files run one at a time: they share database and Redis ports.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function find(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'support' ? [] : find(p);
    return p.endsWith('.test.ts') ? [p] : [];
  });
}

const filter = process.argv.slice(2);
const files = find('tests').sort().filter((f) => !filter.length || filter.some((x) => f.includes(x)));
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
