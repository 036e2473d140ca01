// The firer's own Fire Effect modifiers (§6.4 with §2.6 traits, §2.7 personalities, §7.12, §7.22)
// are the firer's, whatever it fires at: `firerMods` serves fire at a bunker (#63) and infantry
// fire at a vehicle (#81), so a Zombie squad is −2 at a tank as at a squad.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firerMods } from '../../../src/games/fast-and-dirty/rules/combat.js';
import { craft, row, squad } from './helpers.js';

const field = () => craft({ name: 'firer-mods', units: [
  { id: 'A1', side: 0, spec: squad('regular', 4), at: row(1000, 500, 4) },
  { id: 'B1', side: 1, spec: squad('regular', 4), at: row(1000, 2500, 4) },
] });

test('#81 #63 firer modifiers at a vehicle or bunker: band, Zombie −2, Goon −1, Trigger Happy +1, bounding −2, Under Fire −3', () => {
  const s = field();
  const u = s.units.find((x) => x.id === 'B1')!;
  assert.deepEqual(firerMods(s, u, 'medium'), { band: -2, quality: 1 }, 'a plain Regular squad: the band and its Quality (+1, §6.4)');
  assert.equal(firerMods(s, u, 'base').band, 2);
  assert.equal(firerMods(s, u, 'long').band, -4);
  u.traits = ['zombie'];
  assert.equal(firerMods(s, u, 'close').zombie, -2);
  u.traits = ['goon'];
  assert.equal(firerMods(s, u, 'close').goon, -1);
  u.traits = [];
  u.figures[0].personalities = ['triggerHappy'];
  assert.equal(firerMods(s, u, 'close').triggerHappy, 1);
  u.figures[0].alive = false;
  assert.equal(firerMods(s, u, 'close').triggerHappy, undefined, 'the personality goes with its figure');
  u.bounding = true;
  assert.equal(firerMods(s, u, 'close').bounding, -2);
  assert.equal(firerMods(s, u, 'close', { defensive: true }).bounding, undefined, 'defensive fire is not bounding fire');
  u.underFire = true;
  assert.equal(firerMods(s, u, 'close').underFire, -3);
  u.lastStand = true;
  assert.equal(firerMods(s, u, 'close').underFire, undefined, 'Last Stand ignores Under Fire (§7.13)');
});
