// Checklist items #27 #40 #91 (spec §2.2.7, §2.2.9, §4.4): provisional content validated at load.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTENT, FACE_COUNTS, loadContent } from '../../../src/games/agents-of-mayhem/content.js';
import { localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { agentsOfMayhem } from '../../../src/games/agents-of-mayhem/index.js';
import { parse, render } from '../../../src/games/agents-of-mayhem/abilities.js';
import boards from '../../../src/games/agents-of-mayhem/data/boards.json' with { type: 'json' };
import dice from '../../../src/games/agents-of-mayhem/data/dice.json' with { type: 'json' };
import refresh from '../../../src/games/agents-of-mayhem/data/refresh.json' with { type: 'json' };
import tiles from '../../../src/games/agents-of-mayhem/data/tiles.json' with { type: 'json' };
import missions from '../../../src/games/agents-of-mayhem/data/missions.json' with { type: 'json' };

const raw = () => structuredClone({ boards, dice, refresh, tiles, missions });

test('#27 die face tables as data with exactly the counts of spec 2.2.7 (d12 8/5/3/3, d8 4/3/2/2, d6 2/1/1/1)', () => {
  for (const c of ['red', 'yellow', 'white'] as const) {
    const f = CONTENT.dice[c];
    const n = (p: (x: string[]) => boolean) => f.filter(p).length;
    assert.deepEqual([n((x) => x.includes('H') || x.includes('AH')), n((x) => x.includes('AH')), n((x) => x.includes('P')), n((x) => x.includes('S'))], FACE_COUNTS[c]);
  }
  assert.equal(CONTENT.dice.red.length, 12); assert.equal(CONTENT.dice.yellow.length, 8); assert.equal(CONTENT.dice.white.length, 6);
  const bad = raw(); bad.dice.dice.red.faces[11] = 'P';
  assert.throws(() => loadContent(bad), /red die must have 8\/5\/3\/3/);
});

test('#40 every ability in the data is printed text in the 2.2.9 language: render(parse(x)) === x', () => {
  const texts = [...boards.elites.flatMap((e) => [...e.specialRefresh, ...e.actions.flatMap((a) => (a as { abilities?: string[] }).abilities ?? [])]), ...boards.minions.flatMap((m) => m.actions.flatMap((a) => (a as { abilities?: string[] }).abilities ?? []))];
  assert.ok(texts.length >= 8);
  for (const t of texts) assert.equal(render(parse(t)), t);
  for (const t of ['ROLLED S & TARGET HAS SHIELD = GIVE STUNNED / GAIN Y', 'AFTER sprint = MP 2 & HEAL', 'IN RANGE 3 = RANGE -3 & IGNORE PROTECTION', 'FIRST AH = PLACE EXPLOSION WITH STUNNED']) assert.equal(render(parse(t)), t);
  assert.throws(() => parse('SOMETIMES = GAIN G'), /unknown condition/);
  const bad = raw(); bad.boards.elites[0].actions[2].abilities = ['SPECIAL = EXPLODE'];
  assert.throws(() => loadContent(bad), /board fortune action pistols: ability "SPECIAL = EXPLODE"/);
});

test('#91 content validator: MAYHEM card 05 (L363-369), LEGION-only symbols, boards per Side, map placements, Basic decks', () => {
  assert.equal(CONTENT.provisional, true);
  const m05 = raw(); m05.refresh.cards[4].shield = 2;
  assert.throws(() => loadContent(m05), /M05/);
  const sym = raw(); (sym.refresh.cards[0] as Record<string, unknown>).deploy = 1;
  assert.throws(() => loadContent(sym), /LEGION only/);
  const side = raw(); side.missions.missions[6].sides.MAYHEM.boards.push({ board: 'babylon' });
  assert.throws(() => loadContent(side), /babylon is not MAYHEM/);
  const off = raw(); off.missions.missions[6].sides.MAYHEM.units[0].at = [40, 1, 1];
  assert.throws(() => loadContent(off), /off the map/);
  const adv = raw(); adv.missions.missions[6].sides.LEGION.refreshDeck[0] = 'L06';
  assert.throws(() => loadContent(adv), /Advanced symbols in a Basic mission/);
  // Buildings of at least 3 Levels, tutorials T1-T6 chained, Mission 1 on the Basic Rules.
  assert.ok(tiles.tiles.some((t) => t.levels.length >= 3));
  const ids = CONTENT.missionList.map((m) => m.id);
  for (const t of ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'M1']) assert.ok(ids.includes(t));
  assert.equal(CONTENT.missions.T2.chainFrom, 'T1');
  assert.equal(CONTENT.missions.M1.rules, 'basic');
  for (const m of CONTENT.missionList) assert.equal(m.sides.MAYHEM.refreshDeck.length, m.sides.LEGION.refreshDeck.length);
});

test('#82 3-4 players need two Unit Boards per Side (L1360 "Each player must choose a different Unit Board to Activate", L1368 the solo player "will Activate two Unit Boards each Turn"): Tutorials 1-4 give LEGION Babylon\'s board alone, so they are for 2 players; the loader refuses them with 3 or 4', () => {
  for (const id of ['T1', 'T2', 'T3', 'T4']) {
    const m = CONTENT.missions[id];
    assert.deepEqual(m.players, [2], `${id} is for 2 players`);
    assert.equal(m.sides.LEGION.boards.length, 1, `${id}: LEGION has one Unit Board`);
    const bad = raw();
    bad.missions.missions.find((x) => x.id === id)!.players = [2, 3, 4];
    assert.throws(() => loadContent(bad), new RegExp(`mission ${id}: 3-4 players need two boards per Side`), `${id} with 3-4 players`);
  }
  // A game of Tutorial 2 with 3 players is refused at setup; Tutorials 5 and 6 add the Alpha Squad board (the Squad rules precede Tutorial 5, L1004): two LEGION boards, 2-4 players.
  const three = agentsOfMayhem.setup({ scenario: 'T2', seats: [0, 1, 2].map((index) => ({ index, name: `P${index}` })), options: {} }, { seq: 0, rng: localRng('t2') });
  assert.equal(isViolation(three) && three.code, 'bad_player_count', 'Tutorial 2 with 3 players');
  for (const id of ['T5', 'T6']) assert.deepEqual(CONTENT.missions[id].players, [2, 3, 4], `${id} is for 2-4 players`);
});
