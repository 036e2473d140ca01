// #64: candidates are exactly the legal set. Over random playouts, a superset of well-formed
// actions (every sector, unit, card, die, attack) is checked against validate: accepted iff a
// candidate, and every rejection carries a specific rule-violation code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomPlayout } from '../../../src/engine/playout.js';
import type { OpenDecision } from '../../../src/engine/types.js';
import { abaddon } from '../../../src/games/abaddon/index.js';
import type { AbState, Action } from '../../../src/games/abaddon/state.js';
import { seats } from './helpers.js';
import { scriptedRng } from '../../../src/engine/rng.js';

function superset(s: AbState, d: OpenDecision): Action[] {
  const cells: [number, number][] = [];
  for (let y = -1; y <= s.height; y++) for (let x = -1; x <= s.width; x++) cells.push([x, y]);
  const units = s.units.map((u) => u.id);
  const cards = ['T1', 'T4', 'T8', 'SB', 'LRB', 'DB', 'AMM'];
  const dice = [0, 1, 2, 3, 4, 5, 6];
  const out: Action[] = [];
  const add = (a: Action) => out.push(a);
  ['confirmOrders', 'endMovement', 'endDeclarations', 'endTurn', 'amm'].forEach((type) => add({ type } as Action));
  add({ type: 'pass' });
  for (const u of units) add({ type: 'pass', unit: u });
  add({ type: 'lockOn', at: null });
  for (const c of cells) {
    add({ type: 'lockOn', at: c });
    add({ type: 'displace', at: c });
  }
  for (let n = 0; n <= 6; n++) add({ type: 'commandDraw', n });
  for (const u of units) {
    add({ type: 'move', unit: u, to: 'exit' });
    for (const c of cells) {
      add({ type: 'move', unit: u, to: c });
      if (d.kind === 'deploy') add({ type: 'deploy', unit: u, at: c });
    }
    for (const die of dice) {
      add({ type: 'assign', die, unit: u });
      add({ type: 'bolt', die, target: u });
      add({ type: 'removeMarker', die, unit: u, marker: 'WFM01' });
    }
    for (const t of units) {
      add({ type: 'closeCombat', unit: u, target: t });
      for (const c of cards) add({ type: 'attack', unit: u, target: t, card: c });
    }
    for (const a of s.attacks) for (const c of cards) add({ type: 'respond', unit: u, attack: a.id, card: c });
  }
  for (let a = 0; a <= s.nextAttack; a++) add({ type: 'resolve', attack: a });
  return out;
}

test('#64 candidates are exactly the legal set; rejections say why', () => {
  const generic: Record<string, number> = {};
  let checked = 0;
  for (const sc of ['m1', 'm4', 'm8', 'm9', 'm12']) {
    const n = abaddon.scenarios.find((x) => x.id === sc)!.players as number;
    let i = 0;
    randomPlayout(abaddon, {
      scenario: sc, seats: seats(n), seed: `legal-${sc}`, maxEntries: 400,
      onEntry: (k) => {
        if (i++ % 12 !== 0) return;
        const s = k.s as AbState;
        for (const d of abaddon.pending(s)) {
          const cand = abaddon.candidates(s, d.seat, d, 64, scriptedRng([])).actions;
          const legal = new Set(cand.map((a) => JSON.stringify(a)));
          for (const a of cand) assert.equal(abaddon.validate(s, d.seat, d, a), null, JSON.stringify(a));
          for (const a of superset(s, d)) {
            const v = abaddon.validate(s, d.seat, d, a);
            checked++;
            if (v === null) {
              assert.ok(cand.some((c) => c.type === a.type && JSON.stringify({ ...c, type: 0 }) === JSON.stringify({ ...a, type: 0 })) || legal.has(JSON.stringify(a)), `accepted but not a candidate: ${JSON.stringify(a)} in ${d.kind}`);
            } else if (v.code === 'illegal_action') generic[`${d.kind}:${a.type}`] = (generic[`${d.kind}:${a.type}`] ?? 0) + 1;
          }
        }
      },
    });
  }
  assert.ok(checked > 5000, `checked ${checked}`);
  assert.deepEqual(generic, {}, 'every rejection carries a specific code');
});
