// Board pictures (issue #20, docs/RENDERING.md): every scenario of every ruleset that draws
// renders at set-up and through random play to the end, as every seat and a spectator; the
// SVG is well-formed XML, deterministic, and shows nothing the viewer may not see; PNG
// decodes at the asked size; golden files pin one state per game.
// PICTURE_PLAYOUTS (default 1) random games per scenario and player count.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { encode, encodeAsync } from '../../src/render/pictures.js';
import { abbreviate, canvas, counter, hexBounds, hexCentre, hexGrid, lastMove, layeredLayout, offsetToCube } from '../../src/render/svg.js';
import { copyJson } from '../../src/engine/mech/json.js';
import { rulesets } from '../../src/games/index.js';
import { makeAbaddon } from '../../src/games/abaddon/index.js';
import { DATA } from '../../src/games/abaddon/data.js';
import { loadContent, type MapDef } from '../../src/games/undaunted-callisto/content.js';
import mapsJson from '../../src/games/undaunted-callisto/data/maps.json' with { type: 'json' };
import { spaceCentres } from '../../src/games/undaunted-callisto/render.js';
import { decodePng, drawn, goldenState, moments, picture, playerCounts, rngFor, stringsIn } from './support.js';

const PLAYOUTS = Number(process.env.PICTURE_PLAYOUTS ?? 1);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

/** Every value of `attr` on any element of the SVG. */
function attrValues(svg: string, attr: string): string[] {
  const out: string[] = [];
  const walk = (x: unknown) => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') {
      for (const [k, v] of Object.entries(x)) {
        if (k === `@${attr}`) out.push(String(v));
        else walk(v);
      }
    }
  };
  walk(parser.parse(svg));
  return out;
}

test('Abaddon, Undaunted 2200: Callisto, Unbreakable, Agents of Mayhem and Fast and Dirty draw their boards (issue #20)', () => {
  const ids = drawn().map((r) => r.id);
  for (const id of ['abaddon', 'undaunted-callisto', 'unbreakable', 'agents-of-mayhem', 'fast-and-dirty']) assert.ok(ids.includes(id), `${id} has no render`);
  const missing = rulesets().filter((r) => !r.render && r.id !== 'duel').map((r) => r.id);
  if (missing.length) console.log(`# rulesets without a board picture yet: ${missing.join(', ')} (docs/RENDERING.md)`);
});

for (const rs of drawn()) {
  describe(`${rs.id}: every scenario renders`, () => {
    for (const sc of rs.scenarios) {
      for (const n of playerCounts(sc.players)) {
        test(`${sc.id}, ${n} players: set-up and random play to the end, every seat and a spectator`, () => {
          for (let p = 0; p < PLAYOUTS; p++) {
            const ms = moments(rs, sc.id, n, `render-${p}`, 150);
            for (const m of ms) {
              for (const seat of [null, ...Array.from({ length: n }, (_, i) => i)]) {
                const svg = picture(rs, m, seat, n);
                const ok = XMLValidator.validate(svg);
                assert.equal(ok, true, `${sc.id} v${m.k.seq} seat ${seat}: not well-formed XML: ${JSON.stringify(ok)}`);
                const root = parser.parse(svg).svg;
                assert.ok(Number(root['@width']) > 0 && Number(root['@height']) > 0, 'the root has a size');
                // Deterministic: the same view gives the same bytes.
                assert.equal(picture(rs, m, seat, n), svg, 'rendering twice gives other bytes');
                // Seat names are players' text: escaped, never markup.
                assert.ok(!svg.includes('<0>') && !svg.includes('& "co"'), 'a seat name went in unescaped');
              }
            }
            assert.ok(ms.length >= 2, 'the playout has set-up and later states');
          }
        });
      }
    }

    test('PNG decodes at the asked size (resvg), and at the natural size without one', async () => {
      const sc = rs.scenarios[0];
      const n = playerCounts(sc.players)[0];
      const m = moments(rs, sc.id, n, 'png', 10, 20).at(-1)!;
      const svg = picture(rs, m, 0, n);
      const small = encode(svg, 'png', 320, m.k.seq, '"x"');
      const d = decodePng(small.body);
      assert.equal(d.width, 320);
      assert.equal(d.height, small.height);
      assert.equal(d.rawBytes, d.height * (1 + d.width * 4), 'every RGBA row inflates');
      const nat = encode(svg, 'png', undefined, m.k.seq, '"x"');
      const root = parser.parse(svg).svg;
      assert.equal(decodePng(nat.body).width, Math.round(Number(root['@width'])));
      assert.deepEqual(encode(svg, 'png', 320, m.k.seq, '"x"').body, small.body, 'PNG bytes are deterministic too');
      assert.deepEqual((await encodeAsync(svg, 'png', 320, m.k.seq, '"x"')).body, small.body, 'the server\'s off-thread PNG is the same');
      const scaled = encode(svg, 'svg', 500, m.k.seq, '"x"').body.toString();
      assert.equal(parser.parse(scaled).svg['@width'], '500');
    });

    test('leak: every seat\'s picture of random states shows only what its view holds, and no other seat\'s hidden cards', () => {
      // One scenario per player count: 3-4 players hide more (teammates' hands, relays).
      const picks = new Map<number, string>();
      for (const sc of rs.scenarios) for (const n of playerCounts(sc.players)) if (!picks.has(n)) picks.set(n, sc.id);
      for (const [n, scId] of picks) {
        const sc = { id: scId };
        for (const m of moments(rs, sc.id, n, 'leak', 30, 600)) {
          for (let seat = 0; seat < n; seat++) {
            const v = rs.view(m.k.s, seat);
            const svg = picture(rs, m, seat, n);
            const visible = stringsIn(v);
            for (const attr of ['data-card', 'data-unit']) {
              for (const id of attrValues(svg, attr)) assert.ok(visible.has(id), `${sc.id} v${m.k.seq}: seat ${seat}'s picture shows ${attr}=${id}, absent from its view`);
            }
            // Hidden parts of the state (other seats' hands, face-down cards, the deck order)
            // cannot show: another state with the same view for this seat gives the same picture.
            if (rs.determinize) {
              const other = rs.determinize(copyJson(v), seat, rngFor(`leak|${sc.id}|${m.k.seq}|${seat}`));
              const v2 = rs.view(other, seat);
              assert.deepEqual(v2, v, 'determinize keeps the view (conformance)');
              assert.equal(picture(rs, { ...m, k: { ...m.k, s: other } }, seat, n), svg);
            }
          }
        }
      }
    });

    test('golden file: one fixed state renders byte for byte as tests/render/golden (npm run golden:pictures after a change on purpose)', () => {
      const g = goldenState(rs);
      let want: string;
      try {
        want = readFileSync(new URL(`./golden/${g.name}`, import.meta.url), 'utf8');
      } catch {
        assert.fail(`no golden file tests/render/golden/${g.name}: run node --import tsx scripts/update-golden-pictures.ts`);
      }
      assert.equal(g.svg, want, `the picture changed; if on purpose, run node --import tsx scripts/update-golden-pictures.ts and look at the diff`);
    });
  });
}

describe("a user's own data draws without code changes", () => {
  test('Abaddon: a mission with another board size, terrain, title and exit zone (makeAbaddon(data))', () => {
    const data = copyJson(DATA);
    const m = data.missions[0];
    m.title = 'Our <Own> Field';
    m.board = { width: 18, height: 10 };
    m.terrain = [{ type: 'forest', at: [0, 0] }, { type: 'city', at: [17, 9] }];
    m.exits = [{ faction: 'SCS', types: ['R'], zone: [{ x0: 17, y0: 0, x1: 17, y1: 9 }] }];
    const rs = makeAbaddon(data);
    const n = playerCounts(rs.scenarios[0].players)[0];
    const svg = picture(rs, moments(rs, m.id, n, 'own', 1, 0)[0], 0, n);
    assert.equal(XMLValidator.validate(svg), true);
    assert.ok(svg.includes('Abaddon: Our &lt;Own&gt; Field'), 'the mission title from the data');
    assert.ok(svg.includes('>17</text>'), 'an 18-column board');
    assert.ok(svg.includes('<rect x="34" y="70" width="44" height="44" fill="#9fc49a"/>'), 'forest at (0, 0)');
    assert.ok(svg.includes('class="exit-zone"'), 'the exit zone');
  });

  test('Undaunted: maps.json spaces may carry pos (accepted by the schema) and are drawn there; else laid out from the edges', () => {
    const raw = mapsJson as unknown as { maps: MapDef[] };
    const maps = copyJson(raw);
    const map = maps.maps[0];
    map.spaces.forEach((sp, i) => { sp.pos = [i % 4, Math.floor(i / 4)]; });
    const content = loadContent(undefined, maps, undefined);
    const at = spaceCentres(content.maps[map.id].def);
    const [a, b, c, , e] = map.spaces;
    assert.ok(at[a.id][0] < at[b.id][0] && at[b.id][0] < at[c.id][0], 'columns in pos order');
    assert.equal(at[a.id][1], at[b.id][1]);
    assert.ok(at[e.id][1] > at[a.id][1], 'the fifth space on the next row');
    assert.equal(at[e.id][0], at[a.id][0]);
    const auto = spaceCentres(raw.maps[0]);
    const spawn = raw.maps[0].spaces.find((x) => x.spawns?.some((t) => t.startsWith('breakers')))!;
    assert.equal(at[spawn.id] !== undefined, true);
    assert.equal(auto[spawn.id][0], Math.min(...Object.values(auto).map((p) => p[0])), 'a Breakers spawn in the first column');
  });
});

describe('Fast and Dirty draws what its state says', () => {
  test('a 36" x 24" table, a feature of its own, markers for pinned, broken and casualties, a neutral group', () => {
    const rs = rulesets().find((r) => r.id === 'fast-and-dirty')!;
    const m = moments(rs, 'evacuation', 2, 'fd-own', 1, 0)[0];
    const s = copyJson(m.k.s) as any;
    s.table = { w: 3600, h: 2400 };
    s.terrain = [{ id: 'our <ruin>', kind: 'area', points: [[100, 100], [900, 100], [900, 700]], move: 'veryDifficult', cover: 'hard', los: 'clear', height: 100 }];
    s.units[0].pinned = true;
    s.units[1].broken = true;
    s.units[1].figures[0].alive = false;
    const svg = rs.render!(rs.view(s, 0), { seat: 0, seatNames: ['Ann', 'Bob'], version: 1 });
    assert.equal(XMLValidator.validate(svg), true);
    assert.equal(parser.parse(svg).svg['@width'], String(40 + 36 * 14 + 24 + 340), '14 px to the inch, from the state\'s table');
    assert.ok(svg.includes('table 36" x 24"'));
    assert.ok(svg.includes('data-feature="our &lt;ruin&gt;"'), 'the feature id escaped');
    assert.ok(svg.includes('pinned (§7.19)') && svg.includes('broken (§6.1)'), 'the markers in the legend');
    assert.ok(svg.includes('class="casualty"'));
    assert.ok(svg.includes('#8c7a5b'), 'an uncontrolled non-combatant group in the neutral colour');
    assert.deepEqual(attrValues(svg, 'data-unit').filter((x, i, a) => a.indexOf(x) === i).sort(), s.units.map((u: { id: string }) => u.id).sort());
  });
});

describe('shared drawing pieces (src/render/svg.ts)', () => {
  test('offset to cube: odd-q and odd-r, and hex centres (redblobgames conventions)', () => {
    assert.deepEqual(offsetToCube(1, 1, 'odd-q'), { q: 1, r: 1 });
    assert.deepEqual(offsetToCube(3, 2, 'odd-q'), { q: 3, r: 1 });
    assert.deepEqual(offsetToCube(3, 2, 'even-q'), { q: 3, r: 0 });
    assert.deepEqual(offsetToCube(2, 3, 'odd-r'), { q: 1, r: 3 });
    assert.deepEqual(offsetToCube(2, 3, 'even-r'), { q: 0, r: 3 });
    const L = { size: 10, orientation: 'flat' as const, x: 0, y: 0 };
    assert.deepEqual(hexCentre({ q: 1, r: 0 }, L), [15, 8.66]);
    assert.deepEqual(hexCentre({ q: 0, r: 1 }, L), [0, 17.32]);
  });

  test('a hex map from offset labels: one polygon per hex with its data-hex id, neighbours one hex apart, well-formed', () => {
    const L = { size: 20, orientation: 'flat' as const, x: 30, y: 30 };
    const cells = [];
    for (let col = 0; col < 4; col++) for (let row = 0; row < 3; row++) {
      const id = `${String(col + 1).padStart(2, '0')}${String(row + 1).padStart(2, '0')}`;
      cells.push({ hex: offsetToCube(col, row, 'odd-q'), id, label: id, fill: col === 0 ? '#9fc49a' : undefined });
    }
    const b = hexBounds(cells.map((c) => c.hex), L);
    const cv = canvas(b.x1 + 10, b.y1 + 10, { title: 'hexes & <things>' });
    hexGrid(cv.root, cells, L);
    counter(cv.root, { x: 30, y: 30, size: 18, fill: '#000000', label: 'A', unit: 'u1' });
    const svg = cv.end();
    assert.equal(XMLValidator.validate(svg), true);
    assert.deepEqual(attrValues(svg, 'data-hex').sort(), cells.map((c) => c.id).sort());
    assert.deepEqual(attrValues(svg, 'data-unit'), ['u1']);
    // Centres of neighbouring hexes are sqrt(3) * size apart.
    const [x0, y0] = hexCentre(offsetToCube(0, 0, 'odd-q'), L);
    const [x1, y1] = hexCentre(offsetToCube(1, 0, 'odd-q'), L);
    assert.ok(Math.abs(Math.hypot(x1 - x0, y1 - y0) - Math.sqrt(3) * 20) < 0.02);
  });

  test('the last move: units, spaces, cells and paths named in events', () => {
    const lm = lastMove([
      { type: 'unit_moved', data: { unit: 'SCS-H1', from: [1, 2], to: [2, 2], path: [[1, 2], [2, 2]] } },
      { type: 'moved', data: { units: ['u1', 'u2'], to: 'B' } },
      { type: 'card_played', data: { seat: 0, card: 'x.card' } },
    ]);
    assert.deepEqual([...lm.units].sort(), ['SCS-H1', 'u1', 'u2']);
    assert.deepEqual([...lm.spaces], ['B']);
    assert.deepEqual(lm.cells, [[1, 2], [2, 2], [1, 2], [2, 2]]);
    assert.equal(lm.paths.length, 1);
  });

  test('layered layout is deterministic and puts sources in column 0', () => {
    const ids = ['S', 'A', 'B', 'C', 'T'];
    const edges: [string, string][] = [['S', 'A'], ['S', 'B'], ['A', 'C'], ['B', 'C'], ['C', 'T']];
    const a = layeredLayout(ids, edges, ['S']);
    assert.deepEqual(a, layeredLayout([...ids].reverse(), [...edges].reverse(), ['S']));
    assert.equal(a.S[0], 0);
    assert.equal(a.T[0], 3);
    assert.notDeepEqual(a.A, a.B);
  });

  test('abbreviations are unique', () => {
    const m = abbreviate(['Mech', 'Medic', 'Squad Leader', 'Scout', 'Sapper']);
    assert.equal(new Set(m.values()).size, 5);
    assert.equal(m.get('Squad Leader'), 'SL');
  });
});
