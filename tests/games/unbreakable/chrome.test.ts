// Checklist items [chrome] #71-#76: Opportunity cards (§9.2). Spec: shared/rules/unbreakable.md.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { initialState } from '../../../src/games/unbreakable/rules/scenario.js';
import { advance } from '../../../src/games/unbreakable/rules/turn.js';
import { convert, knockDown } from '../../../src/games/unbreakable/rules/effects.js';
import { activate, apply, board, decision, HIT, MISS, problem, put, rs, run, seal } from './helpers.js';

test('#71 the 8 Opportunity cards join the deck when the option is on, and always in Runaway', () => {
  assert.equal(initialState('retrieval', 2, { platoonSize: 3, turnCap: 10, opportunity: true, rounds: 1 }).deck.discard.length, 30);
  assert.equal(initialState('retrieval', 2, { platoonSize: 3, turnCap: 10, opportunity: false, rounds: 1 }).deck.discard.length, 22);
  assert.equal(initialState('runaway', 2, { platoonSize: 3, turnCap: 10, opportunity: false, rounds: 1 }).deck.discard.length, 30);
});

test('#72 Clear Move: from a clear hex to an adjacent clear hex, no enemy or cloud in either (§9.2, A43)', () => {
  let s = board('retrieval');
  put(s, 'W1', 'blue', 'walker', '0405');
  put(s, 'S1', 'blue', 'squad', '0308');
  put(s, 'W2', 'blue', 'walker', '0310');
  s.deck = { top: ['opp-clear-move-blue'], pool: [], discard: [] };
  advance(s, run());
  const d = decision(s);
  assert.equal(d.kind, 'clear_move');
  assert.deepEqual((d.exposes as { units: string[] }).units, ['W1'], 'only units standing in clear/road hexes');
  assert.equal(problem(s, { type: 'move', unit: 'W1', path: ['0504'] }), 'not_clear', '0504 is industry');
  s.map['0404'].cloud = { size: 'light', turn: 1 };
  assert.equal(problem(s, { type: 'move', unit: 'W1', path: ['0404'] }), 'cloud');
  s = apply(s, { type: 'move', unit: 'W1', path: ['0406'] }).s;
  assert.equal(s.units.W1.at, '0406');
});

test('#73 Change Grenades: both sides choose at once (sealed); a switched bomb is unloaded (A42)', () => {
  const s = board('retrieval');
  put(s, 'S1', 'blue', 'squad', '0405', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'SA', 'yellow', 'squad', '0410', { beams: ['force'], bombs: ['nuke'] });
  s.deck = { top: ['opp-change-grenades', 'time-stream'], pool: [], discard: [] };
  advance(s, run());
  assert.equal(decision(s, 0).kind, 'grenades');
  assert.equal(decision(s, 0).group?.id, decision(s, 1).group?.id);
  assert.equal(problem(s, { type: 'grenades', changes: { S1: 'nuke' } }, 0), 'no_change');
  const r = seal(s, { 0: { type: 'grenades', changes: { S1: 'crust' } }, 1: { type: 'grenades', changes: {} } }).s;
  assert.deepEqual(r.units.S1.weapons[1], { id: 'bomb1', kind: 'crust', size: 'light', loaded: false });
  assert.equal(r.units.SA.weapons[1].loaded, true);
});

test('#74 Crawler Light Fire: a ready crawler fires a free light weapon; its own load states are untouched (A41)', () => {
  let s = board('retrieval');
  put(s, 'C1', 'blue', 'crawler', '0405', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'WA', 'yellow', 'walker', '0407', { beams: ['force'], bombs: ['nuke'] });
  s.deck = { top: ['opp-crawler-light-fire-blue'], pool: [], discard: [] };
  advance(s, run());
  assert.equal(decision(s).kind, 'crawler_light_fire');
  assert.equal(problem(s, { type: 'fire', unit: 'C1', weapon: 'light:laser', target: 'WA' }), 'no_weapon');
  const r = apply(s, { type: 'fire', unit: 'C1', weapon: 'light:stasis', target: 'WA' }, [HIT, HIT]); // light vs medium [2/2]
  s = r.s;
  assert.equal(s.units.WA.stasis, 1);
  assert.ok(s.units.C1.weapons.every((w) => w.loaded));
});

test('#75 Reprogram Crawlers: a ready hovering squad in the runaway crawler\'s hex takes control (§9.2)', () => {
  const s = board('runaway');
  put(s, 'RC', 'neutral', 'crawler', '0608', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'S1', 'blue', 'squad', '0608', undefined, { config: 'hover' });
  put(s, 'SA', 'yellow', 'squad', '0608', undefined, { config: 'hover' });
  s.deck = { top: ['opp-reprogram-crawlers', 'act-blue-squads'], pool: [], discard: [] };
  advance(s, run());
  const r = seal(s, { 0: { type: 'reprogram', squad: 'S1' }, 1: { type: 'reprogram', squad: 'SA' } }, [MISS]); // blank: Blue decides first (A30)
  assert.equal(r.s.runawayController, 'blue');
});

test('#76 Walker Overload: the colour\'s walkers activate; after each action 1 die, ☺ → offline', () => {
  let s = board('retrieval');
  put(s, 'W1', 'blue', 'walker', '0405');
  put(s, 'W2', 'blue', 'walker', '0310');
  s.deck = { top: ['opp-walker-overload-blue'], pool: [], discard: [] };
  advance(s, run());
  assert.equal(decision(s).kind, 'activation');
  s = apply(s, { type: 'configure', unit: 'W1' }, [HIT]).s;
  assert.equal(s.units.W1.status, 'offline');
  void rs;
});

test('#78 Volcanic earthquakes: a new volcano adds the heaviest unused Earthquake card to the discards (§9.4)', () => {
  const s = board('retrieval');
  s.options.volcanicEarthquakes = true;
  s.map['0405'].terrain = 'lava';
  convert(s, run(), '0405');
  assert.deepEqual(s.deck.discard.filter((c) => c.startsWith('quake-')), ['quake-heavy']);
  convert(s, run(), '0405');
  const t = board('retrieval');
  t.map['0405'].terrain = 'lava';
  convert(t, run(), '0405');
  assert.equal(t.deck.discard.filter((c) => c.startsWith('quake-')).length, 0, 'off by default');
});

test('#87 legacy lava loss (default off): a walker knocked down in lava is lost only with the option (A20)', () => {
  const s = board('retrieval');
  s.map['0405'].terrain = 'lava';
  const w = put(s, 'W1', 'blue', 'walker', '0405');
  knockDown(s, run(), w);
  assert.equal(w.gone, null);
  const t = board('retrieval');
  t.options.legacyLavaLoss = true;
  t.map['0405'].terrain = 'lava';
  const v = put(t, 'W1', 'blue', 'walker', '0405');
  knockDown(t, run(), v);
  assert.equal(v.gone, 'lava');
});

test('#77 Overheated beams: an unloaded beam may fire; after the shot (and its continuous re-rolls) 1 die, ☺ → the beam is lost (§9.3)', () => {
  let s = board('retrieval');
  s.options.overheatedBeams = true;
  const c = put(s, 'C1', 'blue', 'crawler', '0405', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'C2', 'blue', 'crawler', '0310');
  put(s, 'WA', 'yellow', 'walker', '0407', undefined, { config: 'down' });
  c.weapons[0].loaded = false;
  activate(s, 'blue', 'crawler');
  s = apply(s, { type: 'fire', unit: 'C1', weapon: 'beam1', target: 'WA' }, [HIT]).s; // heavy vs heavy [1/1] ☺
  s = apply(s, { type: 'push', to: null }).s;
  assert.equal(decision(s).kind, 'continue', 'the loss roll waits for the continuous fire');
  const r = apply(s, { type: 'continue', go: false }, [HIT]);
  assert.ok(r.events.some((e) => e.type === 'weapon_lost'));
  assert.deepEqual(r.s.units.C1.weapons.map((w) => w.id), ['bomb1']);
  const t = board('retrieval');
  put(t, 'C1', 'blue', 'crawler', '0405', { beams: ['force'], bombs: ['nuke'] }).weapons[0].loaded = false;
  put(t, 'WA', 'yellow', 'walker', '0407');
  activate(t, 'blue', 'crawler');
  assert.equal(problem(t, { type: 'fire', unit: 'C1', weapon: 'beam1', target: 'WA' }), 'unloaded', 'off by default');
});
