// Checklist items [core] #1-#14, #46-#49, #55-#58: map, content, setup, the action deck loop, Time Stream.
// Spec: shared/rules/unbreakable.md.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEntry, openDecisions, setupGame } from '../../../src/engine/kernel.js';
import { entryRng, scriptedRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { CONTENT, loadContent } from '../../../src/games/unbreakable/content.js';
import mapJson from '../../../src/games/unbreakable/data/map.json' with { type: 'json' };
import cardsJson from '../../../src/games/unbreakable/data/cards.json' with { type: 'json' };
import unitsJson from '../../../src/games/unbreakable/data/units.json' with { type: 'json' };
import scenariosJson from '../../../src/games/unbreakable/data/scenarios.json' with { type: 'json' };
import weaponsJson from '../../../src/games/unbreakable/data/weapons.json' with { type: 'json' };
import { beamLos, targetSize } from '../../../src/games/unbreakable/geometry.js';
import { loadouts, platoonProblem } from '../../../src/games/unbreakable/rules/scenario.js';
import { advance, applyStatus, statusOptions } from '../../../src/games/unbreakable/rules/turn.js';
import { activate, apply, board, decision, problem, put, rs, run, terrain } from './helpers.js';

const raw = { map: mapJson, cards: cardsJson, units: unitsJson, scenarios: scenariosJson, weapons: weaponsJson };

test('#1 hex map model: XXYY ids, odd columns lower, neighbours of 0503 (§2.1)', () => {
  assert.deepEqual(CONTENT.adj['0503'], ['0502', '0603', '0604', '0504', '0404', '0403']);
  assert.deepEqual(CONTENT.adj['0101'].slice(0, 3), [null, '0201', '0202']);
});

test('#2 map data: 11 columns, 159 hexes, fold halves (0107 north, 0208 neither, 0108 south), 4 industry north, schema-validated', () => {
  assert.equal(CONTENT.hexIds.length, 159);
  assert.ok(CONTENT.north.has('0107') && !CONTENT.north.has('0208') && !CONTENT.south.has('0208') && CONTENT.south.has('0108'));
  assert.equal(CONTENT.terrain['0207'], 'industry');
  assert.equal(CONTENT.terrain['0608'], 'clear');
  assert.ok(['clear', 'road'].includes(CONTENT.terrain['0615']));
  assert.equal(CONTENT.terrain['0612'], 'woods');
  assert.ok(CONTENT.provisional, 'the map is labelled provisional (§2.9)');
  const bad = structuredClone(raw);
  (bad.map.hexes[0] as { terrain: string }).terrain = 'volcano';
  assert.throws(() => loadContent(bad), /map.json/);
  const five = structuredClone(raw);
  five.map.hexes.find((h) => h.id === '0608')!.terrain = 'industry';
  assert.throws(() => loadContent(five), /exactly 4 industry/);
});

test('#3 terrain: road ≡ clear, depressions make walkers and grounded squads heavy; hill/industry/woods block when between', () => {
  const s = board();
  terrain(s, { '0405': 'road', '0406': 'lake', '0407': 'woods' });
  const sq = put(s, 'S1', 'blue', 'squad', '0405');
  assert.equal(targetSize(s, sq), 'light');
  sq.at = '0406';
  assert.equal(targetSize(s, sq), 'heavy');
  sq.at = '0407';
  assert.equal(targetSize(s, sq), 'medium');
  const w = put(s, 'W1', 'blue', 'walker', '0406');
  assert.equal(targetSize(s, w), 'heavy');
  terrain(s, { '0505': 'woods', '0404': 'clear', '0606': 'clear' });
  assert.equal(beamLos(s, { hex: '0404', hover: false }, { hex: '0606', hover: false }).ok, false);
});

test('#4 #5 platoons: S ≥ W ≥ C, at most 4 each, agreed size, scenario minimums (§3)', () => {
  const s = board('retrieval');
  assert.equal(platoonProblem(s, { crawler: 1, walker: 1, squad: 1 }), null);
  assert.match(platoonProblem(s, { crawler: 0, walker: 3, squad: 0 })!, /squads ≥ walkers/);
  assert.match(platoonProblem(s, { crawler: 0, walker: 0, squad: 3 })!, /at least 1 walker/);
  assert.match(platoonProblem(s, { crawler: 1, walker: 1, squad: 2 })!, /platoon size/);
});

test('#6 #7 weapon slots: crawler 1 heavy or 2 medium, squad exactly 1 light; all start loaded (§3 step 3)', () => {
  assert.equal(loadouts('squad').length, 9);
  assert.equal(loadouts('crawler').length, 81);
  const s = board();
  const c = put(s, 'C1', 'blue', 'crawler', '0405', { beams: ['laser', 'laser'], bombs: ['nuke'] });
  assert.deepEqual(c.weapons.map((w) => [w.kind, w.size, w.loaded]), [['laser', 'medium', true], ['laser', 'medium', true], ['nuke', 'heavy', true]]);
  const w = put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['crust', 'neutron'] });
  assert.deepEqual(w.weapons.map((x) => x.size), ['medium', 'light', 'light']);
});

test('#8 #9 status and configuration: frozen overlay keeps the status; scattering grounds a hovering squad (A19)', () => {
  const s = board();
  const sq = put(s, 'S1', 'blue', 'squad', '0405', undefined, { config: 'hover' });
  applyStatus(s, run(), { S1: 'offline' });
  assert.equal(sq.status, 'offline');
  assert.equal(sq.config, 'ground');
  assert.deepEqual(statusOptions(s, 'S1'), ['buttoned'], 'offline/scattered → buttoned only (§5.4)');
});

function start(scenario: string, n = 2) {
  const r = setupGame(rs, { scenario, seats: Array.from({ length: n }, (_, index) => ({ index, name: `p${index}` })), options: {} }, entryRng('t', 'g', 0));
  if (isViolation(r)) throw new Error(r.code);
  return r.k;
}

test('#10 #56 sealed setup: each side sees only its own commits until turn 1, then all is revealed (§3 step 5, §10.1)', () => {
  let k = start('capture-the-flag');
  let seq = 1;
  while (k.s.phase === 'setup') {
    const decs = openDecisions(rs, k);
    assert.ok(decs.every((d) => d.group && d.timing === 'setup'));
    const commits: Record<number, unknown> = {};
    for (const d of decs) commits[d.seat] = rs.candidates(k.s, d.seat, rs.pending(k.s).find((x) => x.seat === d.seat)!, 8, scriptedRng([])).actions.at(-1);
    const r = applyEntry(rs, k, { kind: 'sealed', group: decs[0].group!.id, commits: commits as never }, entryRng('t', 'g', seq++));
    if (isViolation(r)) throw new Error(r.code);
    k = r.k;
    if (k.s.phase === 'setup') {
      const v0 = rs.view(k.s, 0);
      assert.equal(v0.setup.yellow, null, 'Blue cannot see Yellow\'s setup');
      assert.ok(v0.setup.blue);
      assert.equal(rs.view(k.s, null).setup.blue, null, 'spectators see no setup');
      assert.deepEqual(Object.keys(k.s.units), []);
    }
  }
  assert.equal(Object.keys(k.s.units).length, 6);
  assert.ok(rs.view(k.s, 0).setup.yellow, 'revealed at turn 1');
  assert.ok(k.s.objects.blueFlag && k.s.objects.yellowFlag);
});

test('#11 placement zones: set-up-anywhere on own half, entry-edge platoons start off map (§4)', () => {
  const s = board('industrial-wasteland');
  s.phase = 'setup';
  s.setup.blue.platoon = { crawler: 1, walker: 1, squad: 1 };
  s.setupStage = s.setupPlan.findIndex((p) => p.k === 'place');
  assert.ok(s.setupPlan.some((p) => p.k === 'place'));
  const d = decision(s, 0);
  assert.equal(rs.validate(s, 0, d, { type: 'place', hex: '0610' })?.code, 'bad_setup_hex');
  assert.equal(rs.validate(s, 0, d, { type: 'place', hex: '0603' }), null);
  assert.ok(rs.pending(s).every((x) => x.seat === 0), 'Yellow enters from the south edge: no placement');
});

test('#12 #13 #55 action deck: 22 cards reshuffled whole each turn and drawn until empty; turn counter; per-turn Time Stream count', () => {
  const s = board();
  s.turn = 0;
  s.deck = { top: [], pool: [], discard: s.deck.pool };
  const r = run();
  advance(s, r);
  const started = r.ev.filter((e) => e.type === 'turn_started').map((e) => (e.data as { deck: number }).deck);
  assert.deepEqual(started, Array(10).fill(22));
  assert.equal(r.ev.filter((e) => e.type === 'card_drawn').length, 220);
  const ts = r.ev.filter((e) => e.type === 'time_stream').map((e) => (e.data as { ts: number }).ts);
  assert.deepEqual(ts.slice(0, 4), [1, 2, 3, 4]);
  assert.equal(ts.length, 40);
  assert.equal(s.result?.draw, false, 'Industrial Wasteland at the turn cap: Blue held (§12)');
});

test('#14 activation card activates all non-frozen units of that side and type', () => {
  const s = board();
  put(s, 'W1', 'blue', 'walker', '0405');
  put(s, 'W2', 'blue', 'walker', '0305', undefined, { frozen: true });
  put(s, 'WA', 'yellow', 'walker', '0306');
  activate(s, 'blue', 'walker');
  const d = decision(s);
  assert.equal(d.seat, 0);
  assert.deepEqual((d.exposes as { units: string[] }).units, ['W1']);
  assert.equal(problem(s, { type: 'configure', unit: 'W2' }), 'not_activated');
});
