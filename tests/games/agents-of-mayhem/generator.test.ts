// Checklist item #90 in part (spec 5.1-5.2: the Mission Generator interface and one simple
// generator, `remix`, so the campaign loop goes on past the authored missions; the book's
// generator rules are not in the source). A generated mission is an authored Advanced mission's
// map and forces with a generated Round count (setup step I), initiative (step K) and Gadget and
// Crystal OMs (spec 10.2), checked at setup like mission data.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { carry } from '../../../src/games/agents-of-mayhem/index.js';
import { generateMission, generatedProblem, remixGenerator, type Generated } from '../../../src/games/agents-of-mayhem/rules/generator.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { localRng } from '../../../src/engine/rng.js';
import { isViolation, type Result } from '../../../src/engine/types.js';
import { fresh, rs, seats, until } from './helpers.js';

const won = (seat: number): Result => ({ winners: [seat], draw: false, reason: 'test' });

test('#90 the Mission Generator builds a valid mission from the campaign state for every player count, the same one for the same state', () => {
  for (const n of [2, 3, 4]) {
    for (let k = 0; k < 6; k++) {
      const c = { seats: n, games: Array.from({ length: k + 1 }, (_, i) => ({ scenario: 'M5', result: won(i % 2) })), carried: null };
      const g = generateMission(c)!;
      assert.ok(g, `a mission for ${n} players`);
      const m = CONTENT.missions[g.scenario];
      assert.equal(m.rules, 'advanced');
      assert.ok(m.players.includes(n));
      const gen = g.options.generated as Generated;
      assert.equal(generatedProblem(g.scenario, n, gen), null);
      assert.ok(gen.rounds >= 2 && gen.rounds <= 4);
      assert.notEqual(gen.oms.gadget, gen.oms.crystal);
      // It sets up as any mission does.
      const r = rs.setup({ scenario: g.scenario, seats: seats(n), options: g.options }, { seq: 0, rng: localRng('gen') });
      assert.ok(!isViolation(r), JSON.stringify(r));
      assert.deepEqual(generateMission(c), g, 'pure: the same campaign state gives the same mission');
    }
  }
  // The story steers it: the last mission's loser takes the initiative.
  const legionWon = remixGenerator.generate({ seats: 2, games: [{ scenario: 'M5', result: won(1) }], carried: null }, 'x')!;
  assert.equal(legionWon.generated.initiative, 'MAYHEM');
  const mayhemWon = remixGenerator.generate({ seats: 2, games: [{ scenario: 'M5', result: won(0) }], carried: null }, 'x')!;
  assert.equal(mayhemWon.generated.initiative, 'LEGION');
  // Its number follows the generated missions the story flags record.
  assert.equal(remixGenerator.generate({ seats: 2, games: [], carried: { flags: { 'G1:winner': 'tie', 'G2:winner': 'MAYHEM', 'M5:winner': 'LEGION' } } }, 'x')!.generated.n, 3);
});

test('#90 a generated mission plays its generated Rounds and initiative, awards its own Gadget and Crystal OMs and flags its outcome as G<n>', () => {
  const generated: Generated = { n: 1, generator: 'remix', rounds: 2, initiative: 'MAYHEM', oms: { gadget: '4', crystal: '1' } };
  const s = fresh('M2', 2, { generated });
  assert.equal(CONTENT.missions.M2.rounds, 3);
  assert.equal(s.side, 'MAYHEM');
  const end = until(s, (x) => !!x.result);
  assert.equal(end.s.round, 2, 'it ends at the end of Round 2, not 3');
  assert.ok(end.ev.filter((e) => e.type === 'round_ended').length === 2);
  const c = carry(end.s);
  // OMs stay under LEGION's control: its OM 4 is the Gadget OM, OM 1 the Crystal OM.
  assert.equal(c.rewards!.LEGION.gadgets, 1);
  assert.equal(c.rewards!.LEGION.crystals, 1);
  assert.equal(c.flags!['G1:gadgetOM'], 'LEGION');
  assert.ok(c.flags!['G1:winner']);
  assert.equal(c.flags!['M2:winner'], undefined);
  // A Round of the authored mission starts with its own initiative when not generated.
  assert.equal(fresh('M2').side, CONTENT.missions.M2.initiative);
});

test('#90 a generated part is checked against its template: schema, an Advanced mission for the players, OMs it places', () => {
  const ok: Generated = { n: 1, generator: 'remix', rounds: 3, initiative: 'LEGION', oms: { gadget: '1', crystal: '2' } };
  const bad = (scenario: string, g: unknown, n = 2) => { const r = rs.setup({ scenario, seats: seats(n), options: { generated: g } }, { seq: 0, rng: localRng('g') }); return isViolation(r) ? r.code + ': ' + r.message : 'accepted'; };
  assert.equal(bad('M2', ok), 'accepted');
  assert.match(bad('M1', ok), /^bad_generated: M1 is no template/);
  assert.match(bad('M2', { ...ok, rounds: 0 }), /^bad_generated/);
  assert.match(bad('M2', { ...ok, oms: { gadget: '3' } }), /places no OM 3/);
  assert.match(bad('M2', { ...ok, oms: { gadget: '1', crystal: '1' } }), /two markers/);
});
