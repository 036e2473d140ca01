#!/usr/bin/env node
// `npm run mutate -- <scope>`: StrykerJS over one folder of src/ with that folder's node:test
// suites (stryker.config.mjs lists the scopes). `smoke` (the default) mutates one small file
// and is quick enough for CI. Prints the score; the JSON report is in reports/mutation/.
// Usage: node scripts/mutate.mjs [smoke | src/engine/mech | src/engine | src/games/<ruleset id> | <a file under them> | <file>.ts:<from>-<to>]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scope = (process.argv[2] ?? 'smoke').replace(/\/$/, '');
const env = { ...process.env, MUTATE_SCOPE: scope };
// The suites run in embedded mode: no external database or queue.
delete env.DATABASE_URL;
delete env.REDIS_URL;
const r = spawnSync(join(root, 'node_modules/.bin/stryker'), ['run', 'stryker.config.mjs'], { cwd: root, env, stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);

// Score: killed + timeout over all valid mutants (Stryker's "mutation score").
const report = JSON.parse(readFileSync(join(root, `reports/mutation/${scope.replace(/[^a-z0-9]+/gi, '-')}.json`), 'utf8'));
const counts = {};
for (const f of Object.values(report.files)) for (const m of f.mutants) counts[m.status] = (counts[m.status] ?? 0) + 1;
const killed = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
const valid = killed + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
console.log(`mutate ${scope}: ${killed}/${valid} killed (${valid ? ((100 * killed) / valid).toFixed(1) : '0'}%)`, counts);
