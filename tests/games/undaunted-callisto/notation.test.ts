// Undaunted 2200: Callisto, the action notation read directly (notation.ts). Rulebook ~L516-524
// and docs' rules §3.3: `NAME n` (a value, e.g. MOVE 1), `NAME n` + squad (BOLSTER 1A: the value
// restricted to a squad; only the squad-bound keywords GUIDE, BOLSTER, INSPIRE, PATHFIND), bare
// CONTROL, RECON and DOORS, and combat actions ATTACK, PULSE, SUPPRESS with a dice count,
// target-class icons (P personnel, V vehicle/mech, S structure: only an ATTACK may target a
// structure), an optional range R<n> and an optional AREA icon.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTENT } from '../../../src/games/undaunted-callisto/content.js';
import { COMBAT, parseAction, renderAction } from '../../../src/games/undaunted-callisto/notation.js';

test('bare keywords: CONTROL, RECON, DOORS, no value', () => {
  for (const k of ['CONTROL', 'RECON', 'DOORS']) {
    assert.deepEqual(parseAction(k), { kind: k, value: 0 }, k);
    assert.throws(() => parseAction(`${k} 1`), { message: `${k} 1: ${k} takes no value` }, `${k} with a value`);
  }
  assert.deepEqual(parseAction('  RECON  '), { kind: 'RECON', value: 0 }, 'surrounding blanks ignored');
});

test('valued keywords: a number; a squad only for GUIDE, BOLSTER, INSPIRE, PATHFIND', () => {
  for (const k of ['MOVE', 'SCOUT', 'GUIDE', 'BOLSTER', 'COMMAND', 'INSPIRE', 'PATHFIND']) {
    assert.deepEqual(parseAction(`${k} 1`), { kind: k, value: 1 }, `${k} 1 has no squad key`);
    assert.deepEqual(parseAction(`${k} 12`), { kind: k, value: 12 }, `${k} 12`);
    assert.throws(() => parseAction(k), { message: `${k}: expected ${k} <n>[squad]` }, `${k} without a value`);
    assert.throws(() => parseAction(`${k} 1 2`), { message: `${k} 1 2: expected ${k} <n>[squad]` }, `${k} with two values`);
    assert.throws(() => parseAction(`${k} x`), /expected/, `${k} x`);
    assert.throws(() => parseAction(`${k} 1AB`), /expected/, `${k} 1AB: one squad letter`);
    assert.throws(() => parseAction(`${k} 1a`), /expected/, `${k} 1a: squads are capitals`);
    assert.throws(() => parseAction(`${k} A1`), /expected/, `${k} A1: the number first`);
  }
  for (const k of ['GUIDE', 'BOLSTER', 'INSPIRE', 'PATHFIND']) {
    assert.deepEqual(parseAction(`${k} 2B`), { kind: k, value: 2, squad: 'B' }, `${k} 2B`);
  }
  for (const k of ['MOVE', 'SCOUT', 'COMMAND']) {
    assert.throws(() => parseAction(`${k} 1A`), { message: `${k} 1A: ${k} takes no squad` }, `${k} 1A`);
  }
  assert.deepEqual(parseAction('MOVE   3'), { kind: 'MOVE', value: 3 }, 'several blanks between the parts');
});

test('combat keywords: dice, icons, range, area', () => {
  assert.deepEqual(COMBAT, ['ATTACK', 'PULSE', 'SUPPRESS']);
  assert.deepEqual(parseAction('ATTACK 2 P'), { kind: 'ATTACK', value: 2, targets: ['personnel'] }, 'no range, no area key');
  assert.deepEqual(parseAction('SUPPRESS 1 P R1'), { kind: 'SUPPRESS', value: 1, targets: ['personnel'], range: 1 }, 'one die');
  assert.deepEqual(parseAction('PULSE 1 PV R0'), { kind: 'PULSE', value: 1, targets: ['personnel', 'vehicleOrMech'], range: 0 }, 'range 0');
  assert.deepEqual(parseAction('ATTACK 2 P R2 AREA'), { kind: 'ATTACK', value: 2, targets: ['personnel'], range: 2, area: true });
  assert.deepEqual(parseAction('ATTACK 3 VS R1'), { kind: 'ATTACK', value: 3, targets: ['vehicleOrMech', 'structure'], range: 1 }, 'ATTACK may target structures');
  assert.deepEqual(parseAction('ATTACK 2 SP'), { kind: 'ATTACK', value: 2, targets: ['structure', 'personnel'] }, 'icons in their order');
  assert.deepEqual(parseAction('ATTACK 2 PP V P'), { kind: 'ATTACK', value: 2, targets: ['personnel', 'vehicleOrMech'] }, 'an icon counted once');
  assert.deepEqual(parseAction('ATTACK 2 AREA R12 V'), { kind: 'ATTACK', value: 2, targets: ['vehicleOrMech'], range: 12, area: true }, 'icons in any order');
  for (const bad of ['ATTACK P', 'ATTACK 0 P', 'ATTACK -1 P', 'ATTACK 1.5 P', 'ATTACK']) {
    assert.throws(() => parseAction(bad), { message: `${bad}: expected dice count` }, bad);
  }
  for (const [bad, icon] of [['ATTACK 2 P X', 'X'], ['ATTACK 2 R', 'R'], ['ATTACK 2 RX', 'RX'], ['ATTACK 2 p', 'p'], ['ATTACK 2 P AREAS', 'AREAS'], ['ATTACK 2 PX', 'PX'], ['ATTACK 2 xR1', 'xR1'], ['ATTACK 2 R1x', 'R1x']]) {
    assert.throws(() => parseAction(bad), { message: `${bad}: unknown icon ${icon}` }, bad);
  }
  for (const bad of ['ATTACK 2', 'ATTACK 2 R1', 'SUPPRESS 1 AREA']) {
    assert.throws(() => parseAction(bad), { message: `${bad}: a combat action needs a target icon (P, V or S)` }, bad);
  }
  for (const bad of ['PULSE 1 S', 'SUPPRESS 2 PS R1']) {
    assert.throws(() => parseAction(bad), { message: `${bad}: only ATTACK targets structures` }, bad);
  }
  assert.deepEqual(parseAction('SUPPRESS 2 PV R1 AREA'), { kind: 'SUPPRESS', value: 2, targets: ['personnel', 'vehicleOrMech'], range: 1, area: true });
});

test('an unknown keyword is refused', () => {
  for (const bad of ['FLY 1', 'move 1', '', 'SCENARIO x']) {
    assert.throws(() => parseAction(bad), { message: `${bad}: unknown action keyword` }, JSON.stringify(bad));
  }
});

test('rendering: the printed form, read back the same', () => {
  assert.equal(renderAction({ kind: 'CONTROL', value: 0 }), 'CONTROL');
  assert.equal(renderAction({ kind: 'DOORS', value: 0 }), 'DOORS');
  assert.equal(renderAction({ kind: 'MOVE', value: 2 }), 'MOVE 2');
  assert.equal(renderAction({ kind: 'BOLSTER', value: 1, squad: 'A' }), 'BOLSTER 1A');
  assert.equal(renderAction({ kind: 'ATTACK', value: 2, targets: ['personnel'] }), 'ATTACK 2 P');
  assert.equal(renderAction({ kind: 'ATTACK', value: 3, targets: ['vehicleOrMech', 'structure'], range: 1 }), 'ATTACK 3 VS R1');
  assert.equal(renderAction({ kind: 'PULSE', value: 1, targets: ['personnel', 'vehicleOrMech'], range: 0 }), 'PULSE 1 PV R0', 'range 0 shown');
  assert.equal(renderAction({ kind: 'SUPPRESS', value: 2, targets: ['personnel'], range: 1, area: true }), 'SUPPRESS 2 P R1 AREA');
  assert.equal(renderAction({ kind: 'ATTACK', value: 2, targets: ['personnel'], area: false }), 'ATTACK 2 P', 'no area icon');
  assert.equal(renderAction({ kind: 'ATTACK', value: 2 }), 'ATTACK 2', 'no icons at all');
  // Every card of the data reads and prints back as written.
  let n = 0;
  for (const c of Object.values(CONTENT.cards)) {
    for (const text of c.notation) {
      assert.equal(renderAction(parseAction(text)), text, `${c.id}: ${text}`);
      n++;
    }
  }
  assert.ok(n > 100, `only ${n} actions in the data`);
});
