// Checklist item #48, communications and jamming (§7.4, source p.26): "Comm's equipment is rated
// from 1-4. This is important if the opposing force is utilizing jamming gear. A force with no
// communications equipment at all is considered to be jammed automatically." A jammed side plays
// without communications: every unit within 24" of enemy troops tests Command Response, at −1 when
// a normal trigger applies; it may still call indirect fire. [P] (the book gives no jamming
// procedure) the gear jams when its rating is at least the enemy's comms rating; unrated comms count 1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newDeck } from '../../../src/engine/mech/deck.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { act, craft, evOf, faces, fastAndDirty, hold, row, seats, squad, tryAct, unitOf } from './helpers.js';
import type { S } from '../../../src/games/fast-and-dirty/state.js';

/** A1 (3 Regulars) at y = 5", B1 `edge` hundredths north of it edge to edge; side 0 to activate; no Command Response module. */
function scene(name: string, options: Record<string, unknown>, edge = 2000): S {
  return craft({ name, options, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 500 + 100 + edge, 3) },
  ] });
}
const activate = (s: S, dice: number[], unit = 'A1') => act(s, { type: 'activate', unit }, dice);
const tested = (s: S, unit = 'A1') => evOf(activate(s, faces(3), unit).events, 'command_response').length === 1;

test('#48 jamming: a force with no communications equipment (comms 0) is jammed automatically: its units within 24" of the enemy test Command Response (§7.4)', () => {
  assert.equal(tested(scene('j-none', { comms: { 0: 0 } })), true);
  assert.equal(tested(scene('j-none-far', { comms: { 0: 0 } }, 2401)), false, 'not within 24" of enemy troops');
  assert.equal(tested(scene('j-rated', { comms: { 0: 1 } })), false, 'rated equipment and no enemy jamming: perfect communications');
  assert.equal(tested(scene('j-default', {})), false, 'by default communications are perfect');
});

test('#48 jamming: enemy jamming gear jams a side whose comms rating is not above it; unrated comms count 1; the jamming side keeps its own (§7.4 [P])', () => {
  assert.equal(tested(scene('j-eq', { comms: { 0: 2 }, jamming: { 1: 2 } })), true, 'gear 2 against comms 2: jammed');
  assert.equal(tested(scene('j-above', { comms: { 0: 3 }, jamming: { 1: 2 } })), false, 'comms 3 outrate gear 2');
  assert.equal(tested(scene('j-unrated', { jamming: { 1: 1 } })), true, 'unrated comms count 1');
  const own = scene('j-own', { jamming: { 0: 4 } });
  assert.equal(tested(own), false, 'side 0\'s own gear does not jam side 0');
  own.toAct = 1;
  assert.equal(tested(own, 'B1'), true, 'side 0\'s gear jams side 1');
  // The set-up records which side plays jammed.
  const r = fastAndDirty.setup({ scenario: 'firefight', seats, options: { comms: { 0: 4, 1: 2 }, jamming: { 0: 3, 1: 3 } } }, { seq: 0, rng: scriptedRng([0, 5], 'jam-setup') });
  assert.ok(!isViolation(r));
  assert.deepEqual(evOf(r.events, 'communications_jammed'), [{ side: 1 }]);
});

test('#48 jamming: a jammed unit that would test anyway tests at −1 (§7.4)', () => {
  const s = scene('j-minus', { comms: { 0: 1 }, jamming: { 1: 1 } }, 1000);
  const cr = evOf(activate(s, faces(3)).events, 'command_response')[0];
  assert.deepEqual(cr.mods, { noComms: -1 });
  assert.equal(cr.passed, false, '3 − 1 < Regular 3+');
  const clear = scene('j-minus-clear', { comms: { 0: 2 }, jamming: { 1: 1 }, commandResponse: true }, 1000);
  assert.deepEqual(evOf(activate(clear, faces(3)).events, 'command_response')[0].mods, {}, 'not jammed: the plain test');
});

test('#48 jamming: units without communications may still call in indirect fire (§7.4)', () => {
  const spec = { ...squad('regular', 3), figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light', count: 2 }] };
  const s = craft({ name: 'j-call', active: 'A1', options: { comms: { 0: 0 }, artillery: { 0: ['lightMortar'] } }, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  const r = act(s, { type: 'command', demolition: null, target: null, callFire: { caller: 'A1.1', asset: 'A-1', at: [1220, 2500] } }, [...faces(6, 6, 6), ...Array(20).fill(2)]);
  assert.equal(evOf(r.events, 'artillery_strike').length, 1);
});

test('#48 jamming: under the expanded card sequence a jammed side\'s Commander card activates only the commander\'s own unit; a unit jammed on its own is left out too [P]', () => {
  const leader = { name: 'Lt', kind: 'character' as const, quality: 'regular' as const, resolve: 'steady' as const, character: { leadership: 'experienced' as const, branch: 'infantry' as const }, figures: [{ weapon: 'assaultRifle', armour: 'light' }] };
  const base = (name: string, options: Record<string, unknown>) => {
    const s = craft({ name, active: 'A1', options: { cardSequence: 'expanded', ...options }, units: [
      { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
      { id: 'A2', side: 0, spec: leader as never, at: [[2000, 500]] },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
    ] });
    s.cards = { deck: newDeck(['commander:A2', 'cooler', 'unit:A2', 'unit:B1']), drawn: null, last: 0, cooler: null };
    return act(s, hold, [0]).s;
  };
  const code = (s: S) => (tryAct(s, { type: 'activate', unit: 'A1' }) as { code?: string }).code;
  assert.equal(code(base('j-card-ok', {})), undefined);
  assert.equal(code(base('j-card-none', { comms: { 0: 0 } })), 'not_drawn');
  assert.equal(code(base('j-card-jam', { jamming: { 1: 2 }, comms: { 0: 2 } })), 'not_drawn');
  const one = base('j-card-unit', {});
  unitOf(one, 'A1').jammed = true;
  assert.equal(code(one), 'not_drawn');
  assert.equal((tryAct(one, { type: 'activate', unit: 'A2' }) as { code?: string }).code, undefined, 'the commander himself');
});

test('#48 jamming: a unit jammed on its own (by an Intruder, §2.7) plays without communications until the end of its next activation [P]', () => {
  const s = scene('j-unit', {});
  unitOf(s, 'A1').jammed = true;
  const r = activate(s, faces(3));
  assert.equal(evOf(r.events, 'command_response').length, 1);
  const after = act(r.s, hold);
  assert.equal(unitOf(after.s, 'A1').jammed, undefined);
  assert.equal(evOf(after.events, 'jamming_ended')[0].unit, 'A1');
});
