// Event texts and action labels (#18, text.ts): played games' texts name every piece by its
// display name from the data (boards, figures, Vehicle and drone tiles, DDDs, Mayhem cards,
// gadgets, upgrades), never by its data id; and a seat's texts (its slice of the log, read with
// its own view) and labels (its own decisions, its own view) reveal nothing hidden from it: the
// other Side's drawn Refresh cards, its Mayhem hand, its step triggers; with 2, 3 and 4 players,
// for every seat and a spectator.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { randomPlayout } from '../../../src/engine/playout.js';
import { eventFor } from '../../../src/engine/kernel.js';
import type { GameEvent, Ruleset } from '../../../src/engine/types.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { DDDS } from '../../../src/games/agents-of-mayhem/rules/ddd.js';
import { MAYHEM } from '../../../src/games/agents-of-mayhem/rules/mayhem.js';
import { DRONES, VEHICLES } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';
import { GADGETS, UPGRADES, type S, type Side } from '../../../src/games/agents-of-mayhem/state.js';
import { boardName, dddName, mayhemCardName, tileName, unitName } from '../../../src/games/agents-of-mayhem/text.js';
import type { View } from '../../../src/games/agents-of-mayhem/view.js';
import { answer, fresh, rs, seats } from './helpers.js';

/** Every data id a text could print instead of a name. */
function dataIds(s: S): string[] {
  const actions = [...Object.values(CONTENT.elites), ...Object.values(CONTENT.minions), ...Object.values(CONTENT.allies)].flatMap((x) => x.actions.map((a) => a.id));
  return [...new Set([
    ...Object.keys(s.units), ...Object.keys(CONTENT.elites), ...Object.keys(CONTENT.squads), ...Object.keys(CONTENT.minions), ...Object.keys(CONTENT.allies),
    ...Object.keys(VEHICLES), ...Object.keys(DRONES), ...Object.keys(DDDS), ...Object.keys(MAYHEM.cards), ...Object.keys(GADGETS), ...Object.keys(UPGRADES),
    ...actions.filter((a) => /[-A-Z]/.test(a)), ...Object.values(MAYHEM.cards).map((c) => c.character.id),
  ])];
}
const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The ids printed as words of `text` (case-sensitive: "Hell Trooper" is a name, "hell" an id). */
const rawIds = (ids: string[], text: string) => ids.filter((id) => new RegExp(`(?<![\\w-])${escape(id)}(?![\\w-])`).test(text));

/** What a name must show for each piece an event's data names (the event types that print it). */
function namesIn(v: View, type: string, d: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (type === 'dice_rolled') return out; // a roll names its purpose and faces only
  if (typeof d.board === 'string' && type !== 'vehicle_summoned') out.push(boardName(d.board)); // a summon names the Side
  // (The upgrade events' `unit` is an Elite board or a Minion type, named as such.)
  for (const k of ['unit', 'attacker', 'driver']) if (typeof d[k] === 'string' && !['upgrades_inserted', 'upgrade_not_inserted'].includes(type)) out.push(unitName(v, d[k] as string));
  if (type === 'attack_result') out.push(unitName(v, String(d.target)));
  for (const k of ['vehicle', 'drone']) if (typeof d[k] === 'string') out.push(tileName(d[k] as string));
  if (typeof d.ddd === 'string' && type !== 'timer_placed') out.push(dddName(d.ddd));
  if (type === 'mayhem_played') out.push(mayhemCardName(String(d.card)));
  return out;
}

/** The other Side's secrets a seat (null: a spectator) must not read: its drawn Refresh cards not yet revealed (the view's '?'), its Mayhem hand (ids and names), other seats' step triggers. */
function secretsFrom(s: S, seat: number | null): string[] {
  const mine = seat === null ? null : s.seats[seat];
  const v = rs.view(s, seat);
  const out: string[] = [];
  s.slots.forEach((x, i) => { if (x.drawn && v.slots[i].drawn === '?') out.push(x.drawn); });
  if (s.mayhem) for (const side of ['MAYHEM', 'LEGION'] as Side[]) if (side !== mine) for (const c of s.mayhem[side].hand) out.push(c, mayhemCardName(c));
  for (const [other, list] of Object.entries(s.stepTriggers ?? {})) if (Number(other) !== seat) for (const t of list) out.push(`of ${unitName(v, t.unit)}`);
  return out;
}

interface Seen { texts: number; labels: number; types: Set<string>; triggers: number }

/**
 * A random playout with `players` seats (2-4: the Sides' boards shared out, spec 3) in which every
 * event's text and every decision's labels are read by every seat, and the texts by a spectator,
 * and checked. A drawn Refresh card is a secret while the reader's view shows '?' for it: the
 * view and the log reveal it at the same moment (Refresh Phase step 1).
 */
function play(ruleset: Ruleset, scenario: string, seed: string, options: unknown = {}, players = 2): Seen {
  const seen: Seen = { texts: 0, labels: 0, types: new Set(), triggers: 0 };
  let ids: string[] | null = null;
  const readers = [...Array.from({ length: players }, (_, i) => i), null];
  randomPlayout(ruleset, {
    scenario, seats: seats(players), seed, options, maxEntries: 6000, hashChain: false,
    onEntry: (k, _e, events: GameEvent[]) => {
      const s = k.s as S;
      ids ??= dataIds(s);
      for (const e of events) {
        // A card revealed in the log is shown by every view from then on (issue #18).
        if (e.type === 'refresh_revealed') for (const seat of readers) assert.ok(rs.view(s, seat).slots.some((x) => x.drawn === (e.data as { card: string }).card), `${scenario} seat ${seat}: the view shows the revealed ${(e.data as { card: string }).card}`);
      }
      for (const seat of readers) {
        const v = rs.view(s, seat);
        const secrets = secretsFrom(s, seat);
        for (const e of events) {
          const mine = eventFor(e, seat, false);
          if (e.type === 'step_triggers') {
            const to = (e.to as { seats: number[] }).seats;
            assert.deepEqual(to.length, 1);
            if (to[0] !== seat) { assert.equal(mine, null, 'the other seats hear nothing of step triggers'); continue; }
            seen.triggers++;
          }
          if (!mine) continue;
          const text = rs.describe!(v, mine);
          seen.texts++; seen.types.add(e.type);
          assert.deepEqual(rawIds(ids, text), [], `${scenario} ${e.type}: "${text}" prints a data id`);
          assert.doesNotMatch(text, /undefined|null|\[object|NaN/, `${scenario} ${e.type}`);
          assert.notEqual(text, e.type.replace(/_/g, ' '), `${scenario} ${e.type} has a text of its own`);
          for (const name of namesIn(v, e.type, mine.data as Record<string, unknown>)) assert.ok(text.includes(name), `${scenario} ${e.type}: "${text}" names ${name}`);
          for (const x of secrets) assert.ok(!text.includes(x), `${scenario} seat ${seat} ${e.type}: "${text}" reveals ${x}`);
          if (e.type === 'step_triggers') {
            assert.match(text, /^Your step triggers/);
            for (const t of (e.data as { triggers: { unit: string }[] }).triggers) assert.ok(text.includes(unitName(v, t.unit)), text);
          }
        }
        // Labels: the seat's own decisions, from its own view.
        for (const d of rs.pending(s).filter((x) => seat !== null && x.seat === seat)) {
          const { actions } = ruleset.candidates(s, seat!, d, 64, null as never);
          for (const a of actions) {
            const l = rs.label!(v, seat!, a);
            seen.labels++;
            assert.deepEqual(rawIds(ids, l), [], `${scenario} ${a.type}: "${l}" prints a data id`);
            assert.doesNotMatch(l, /undefined|null|\[object|NaN/, `${scenario} ${a.type}`);
            for (const x of secrets) assert.ok(!l.includes(x), `${scenario} seat ${seat} label "${l}" reveals ${x}`);
          }
        }
      }
    },
  });
  return seen;
}

test('#18 texts and labels of a played Mission 2 name boards, figures, vehicles and drones by their display names, never a data id, and reveal nothing hidden from the seat reading them', () => {
  const seen = play(rs, 'M2', 'aom-texts-m2');
  assert.ok(seen.texts > 500 && seen.labels > 500, `${seen.texts} texts, ${seen.labels} labels`);
  for (const t of ['activated', 'action', 'refresh_drawn', 'mayhem_drawn', 'drone_moved']) assert.ok(seen.types.has(t), `a ${t} text was read`);
});

test('#18 texts of played Missions 5 (Advanced Setup, sealed choices), 7 (vehicles and traffic) and 4 (DDDs) name things by their display names and reveal nothing hidden', () => {
  const m5 = play(rs, 'M5', 'aom-texts-m5', { advancedSetup: true });
  for (const t of ['boards_committed', 'gadgets_chosen', 'boards_chosen']) assert.ok(m5.types.has(t), `a ${t} text was read`);
  const m7 = play(rs, 'M7', 'aom-texts-m7');
  assert.ok(m7.types.has('vehicles_placed') && m7.types.has('drone_moved'));
  play(rs, 'M4', 'aom-texts-m4');
});

test('#18 #82 texts and labels of Mission 2 with 3 and 4 players (boards shared out, two slots a Side): display names, no data id, and nothing hidden from the seat reading them (each seat and a spectator)', () => {
  for (const n of [3, 4]) {
    const seen = play(rs, 'M2', `aom-texts-m2-${n}p`, {}, n);
    assert.ok(seen.texts > 500 && seen.labels > 300, `${n} players: ${seen.texts} texts, ${seen.labels} labels`);
    for (const t of ['activated', 'refresh_drawn', 'refresh_revealed', 'mayhem_drawn']) assert.ok(seen.types.has(t), `${n} players: a ${t} text was read`);
  }
});

test('#18 #82 texts of Missions 5 (Advanced Setup), 7 (vehicles and traffic) and 4 (DDDs) with 3 and 4 players reveal nothing hidden from any seat', () => {
  play(rs, 'M5', 'aom-texts-m5-4p', { advancedSetup: true }, 4);
  play(rs, 'M7', 'aom-texts-m7-3p', {}, 3);
  play(rs, 'M4', 'aom-texts-m4-4p', {}, 4);
});

test('#18 step triggers: the registering seat\'s text says what it registered by name; the other seat\'s slice of the log and its view show nothing', () => {
  // The random players also register random step triggers (as step-triggers.test.ts).
  const withTriggers: Ruleset = {
    ...rs,
    candidates: (s: S, seat, dec, n, rng) => {
      const c = rs.candidates(s, seat, dec, n, rng);
      if (dec.kind !== 'activate' || dec.seat !== seat || !rng) return c;
      const own = Object.values(s.units).filter((u) => rs.validate(s, seat, dec, { type: 'stepTriggers', triggers: [{ unit: u.id, when: 'zoc' }] }) === null).map((u) => u.id).sort();
      const triggers = own.map((unit, i) => ({ unit, when: (i + rng.int(2)) % 2 ? 'zoc' as const : 'los' as const }));
      return { ...c, actions: [...c.actions, { type: 'stepTriggers', triggers }] };
    },
  };
  const seen = play(withTriggers, 'M4', 'aom-texts-triggers');
  assert.ok(seen.triggers > 0, 'step triggers were registered');
  // One registration read by both seats.
  const s0 = fresh('M4');
  const st = answer(s0, { type: 'stepTriggers', triggers: [{ unit: 'fortune', when: 'zoc' }, { unit: 'glory', when: 'los' }] });
  const [e] = st.ev;
  assert.equal(rs.describe!(rs.view(st.s, 0), eventFor(e, 0, false)!), 'Your step triggers: a W-step window when an enemy enters the ZoC of Fortune and the LOS of Glory');
  assert.equal(eventFor(e, 1, false), null, 'LEGION\'s slice of the log has nothing');
  assert.equal(eventFor(e, null, false), null, 'nor a spectator\'s');
  assert.equal(rs.view(st.s, 1).stepTriggers, undefined);
  const cleared = answer(st.s, { type: 'stepTriggers', triggers: [] });
  assert.equal(rs.describe!(rs.view(cleared.s, 0), cleared.ev[0]), 'Your step triggers are cleared');
});

test('#18 texts name pieces by display name: a board, a vehicle, a drone, a DDD, a Mayhem card, a Minion', () => {
  const v = rs.view(fresh('M2'), 0);
  const say = (type: string, data: Record<string, unknown>) => rs.describe!(v, { type, data });
  assert.equal(say('activated', { side: 'MAYHEM', seat: 0, board: 'fortune' }), 'MAYHEM activates Fortune');
  assert.equal(say('activated', { side: 'LEGION', seat: 1, board: 'alpha' }), 'LEGION activates Alpha Squad');
  assert.equal(say('vehicle_summoned', { vehicle: 'mayhem-car', side: 'MAYHEM', board: 'fortune', front: '1,6,1' }), 'MAYHEM summons the MAYHEM Pursuit Car at 1,6 (Level 1)');
  assert.equal(say('drone_moved', { drone: 'drone-1', front: '2,5,1' }), 'The Ad Drone (Ultor Cola) drives to 2,5 (Level 1)');
  assert.equal(say('ddd_hit', { ddd: 'hellTower', wounds: 2, health: 7 }), 'The Hell Tower: 2 of 7 Wounds');
  assert.equal(say('mayhem_played', { side: 'MAYHEM', card: 'fortune-1', use: 'shield', board: 'fortune' }), 'MAYHEM plays Trick Shot (Fortune\'s Mayhem card) (shield) on Fortune');
  assert.equal(say('hits', { unit: 'swarm-2', hits: 1, total: 1, defense: 2 }), 'Swarm Trooper 2 takes 1 Hit(s) (1 this Turn, Defense 2)');
  assert.equal(say('timer_placed', { side: 'MAYHEM', holder: 'ddd:bomb', ddd: 'bomb' }), 'A MAYHEM timer is placed on the Dark Matter Bomb tile');
  assert.equal(rs.label!(v, 0, { type: 'summon', vehicle: 'mayhem-car', front: '1,6,1', facing: 'E', pay: 'BBB' }), 'Summon the MAYHEM Pursuit Car at 1,6 (Level 1), facing E (pay BBB)');
  assert.equal(rs.label!(v, 0, { type: 'drive', vehicle: 'legion-apc', move: 'turnLeft' }), 'LEGION Hover APC: Turn left');
  assert.equal(rs.label!(v, 0, { type: 'aimBonus', bonus: 'weakSpot' }), 'Aim Bonus: Weak Spot');
});
