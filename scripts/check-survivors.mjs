#!/usr/bin/env node
// Checks the survivors of a Stryker report against given suites, one mutant at a time: each
// Survived or NoCoverage mutant is written into the source file, the suites run (`node --import
// tsx <suite>`, stopping at the first that fails), and the verdict printed. Used to see which
// survivors new tests kill without a whole Stryker run (docs/MUTATION.md, the rows "by hand").
// It edits the file in place and puts it back at the end (also on an error or Ctrl-C); run it in
// a copy of the checkout if anything else may read the file meanwhile.
// Usage: node scripts/check-survivors.mjs reports/mutation/<scope>.json src/<file>.ts tests/<suite>.test.ts...
import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const [report, file, ...suites] = process.argv.slice(2);
if (!report || !file || !suites.length) {
  console.error('usage: check-survivors.mjs <report.json> <file.ts> <suite>...');
  process.exit(2);
}
const r = JSON.parse(readFileSync(report, 'utf8'));
const orig = readFileSync(file, 'utf8');
const lines = orig.split('\n');
// Stryker's locations: 1-based lines and columns, the end exclusive.
const offset = (l, c) => lines.slice(0, l - 1).reduce((a, x) => a + x.length + 1, 0) + c - 1;
const restore = () => writeFileSync(file, orig);
process.on('SIGINT', () => { restore(); process.exit(130); });
let killed = 0;
let left = 0;
try {
  const entry = Object.entries(r.files).find(([name]) => name.endsWith(file)) ?? Object.entries(r.files)[0];
  for (const m of entry[1].mutants) {
    if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
    const a = offset(m.location.start.line, m.location.start.column);
    const b = offset(m.location.end.line, m.location.end.column);
    writeFileSync(file, orig.slice(0, a) + m.replacement + orig.slice(b));
    let verdict = 'survives';
    for (const s of suites) {
      const p = spawnSync('node', ['--import', 'tsx', s], { encoding: 'utf8', timeout: 60_000 });
      if (p.status !== 0) { verdict = p.error ? `timeout ${s}` : `killed by ${s}`; break; }
    }
    if (verdict === 'survives') left++;
    else killed++;
    console.log(`${m.location.start.line}:${m.location.start.column} ${m.mutatorName} ${JSON.stringify(m.replacement).slice(0, 60)} (${m.status}) -> ${verdict}`);
  }
} finally {
  restore();
}
console.log(`${killed} killed, ${left} survive`);
