// Rewrites the golden board pictures (tests/render/golden/<ruleset>.svg) after a change to the
// drawing made on purpose, and the README's sample pictures (docs/pictures/<ruleset>.png).
// Run: node --import tsx scripts/update-golden-pictures.ts [ruleset ...]   then look at the git diff
// (with ruleset ids, only those games' files are rewritten).
import { writeFileSync } from 'node:fs';
import { encode } from '../src/render/pictures.js';
import { drawn, goldenState } from '../tests/render/support.js';

const only = process.argv.slice(2);
for (const rs of drawn().filter((r) => !only.length || only.includes(r.id))) {
  const g = goldenState(rs);
  writeFileSync(new URL(`../tests/render/golden/${g.name}`, import.meta.url), g.svg);
  const png = encode(g.svg, 'png', 720, 0, '"docs"').body;
  writeFileSync(new URL(`../docs/pictures/${rs.id}.png`, import.meta.url), png);
  console.log(`${rs.id}: tests/render/golden/${g.name} (${g.svg.length} bytes), docs/pictures/${rs.id}.png (${png.length} bytes)`);
}
