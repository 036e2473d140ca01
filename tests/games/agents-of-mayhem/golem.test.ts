// The Golem (#60, spec 7.17, L1937-1945): Demolish and Regenerate as data in the ability
// language on the provisional Golem board, Mission 6 that fields it, and random playouts of it.
// Red d12 faces (helpers.ts): 0-3 AH, 4 AH+S, 5-6 H, 7 H+S, 8-10 P, 11 S.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { randomPlayout } from '../../../src/engine/playout.js';
import type { GameEvent } from '../../../src/engine/types.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { inside } from '../../../src/games/agents-of-mayhem/geometry.js';
import { hackProblem } from '../../../src/games/agents-of-mayhem/rules/ddd.js';
import { buildingDamage, inBuilding } from '../../../src/games/agents-of-mayhem/rules/explosions.js';
import { demolishTargets } from '../../../src/games/agents-of-mayhem/rules/golem.js';
import { actionOf, footprint, isLarge, map, type S } from '../../../src/games/agents-of-mayhem/state.js';
import { activeBoard, answer, cands, ev, fresh, only, refused, rs, seats } from './helpers.js';

test('#60 the Golem board is data: a LEGION Large Unit whose Demolish and Regenerate are printed abilities (ALWAYS = DEMOLISH, ALWAYS = HEAL)', () => {
  const g = CONTENT.elites.golem;
  assert.equal(g.side, 'LEGION');
  assert.equal(g.large, true);
  const s = fresh('M6');
  assert.ok(isLarge(s.units.golem) && !isLarge(s.units.babylon));
  assert.deepEqual(actionOf(s.units.golem, 'demolish')!.parsed, [{ conds: [{ k: 'always' }], effects: [[{ k: 'demolish' }]] }]);
  assert.deepEqual(actionOf(s.units.golem, 'regenerate')!.parsed, [{ conds: [{ k: 'always' }], effects: [[{ k: 'heal' }]] }]);
  assert.equal(actionOf(s.units.golem, 'fists')!.cost, 'GY', 'the Weapon Action costs one green and one yellow cube (L1681)');
});

test('#60 Regenerate: remove a Wound cube from the Golem\'s board (L1945)', () => {
  let s = activeBoard(fresh('M6'), 'golem');
  const b = s.boards.golem;
  b.wounds.speed = 1; b.cubes.speed = 2; b.wounds.focus = 1; b.cubes.focus = 2;
  const tech = b.cubes.tech;
  s = answer(s, { type: 'act', unit: 'golem', action: 'regenerate' }).s;
  const after = s.boards.golem;
  assert.equal(after.wounds.speed + after.wounds.focus, 1, 'one Wound removed');
  assert.equal(after.cubes.tech, tech - 1, 'paid with its cost, one blue cube');
  refused(s, { type: 'act', unit: 'golem', action: 'regenerate' });
});

test('#60 Demolish: 1 red d12 against a building within 1 space; a Hit places an Explosion marker face up in it, with no attack (L1943)', () => {
  let s = activeBoard(fresh('M6'), 'golem');
  const m = map(s);
  const targets = demolishTargets(s, s.units.golem);
  assert.ok(targets.length > 0, 'the tower is next to it');
  for (const k of targets) assert.ok(inBuilding(m, m.cells[k]) && m.cells[k].z === 1, `${k} is a space of the building on its Level`);
  const listed = cands(s).filter((a) => a.type === 'act' && a.action === 'demolish').map((a) => (a as { target: string }).target);
  assert.deepEqual(listed, targets);
  const at = targets[0];
  const tile = m.cells[at].tile;
  const pile = s.explosions!.pile.pool.length;
  const st = answer(s, { type: 'act', unit: 'golem', action: 'demolish', target: at }, [5]);
  s = st.s;
  assert.deepEqual(ev(st, 'demolish'), [{ unit: 'golem', at, hit: true }]);
  const mk = s.explosions!.placed.filter((x) => x.at === at);
  assert.equal(mk.length, 1);
  assert.ok(mk[0].faceUp && mk[0].marker, 'face up');
  assert.equal(s.explosions!.pile.pool.length, pile - 1);
  assert.equal(ev(st, 'explosion').length, 0, 'its attack is not resolved');
  assert.ok(!s.stack.some((f) => f.t === 'explosion' || f.t === 'attack'));
  assert.ok(buildingDamage(s, tile) > 0, 'its Building Damage counts');
  assert.equal(s.slots[0].addons.includes('golem:demolish'), true, 'an Add-on of its board');
});

test('#60 Demolish: a roll with no Hit places nothing', () => {
  const s = activeBoard(fresh('M6'), 'golem');
  const at = demolishTargets(s, s.units.golem)[0];
  const st = answer(s, { type: 'act', unit: 'golem', action: 'demolish', target: at }, [8]);
  assert.deepEqual(ev(st, 'demolish'), [{ unit: 'golem', at, hit: false }]);
  assert.equal(st.s.explosions!.placed.length, 0);
});

test('#60 Demolish: refused with no building, one too far, or no target; an Aimed Hit counts as a Hit', () => {
  const s = activeBoard(fresh('M6'), 'golem');
  assert.equal(refused(s, { type: 'act', unit: 'golem', action: 'demolish', target: '14,7,1' }).code, 'not_a_building');
  assert.equal(refused(s, { type: 'act', unit: 'golem', action: 'demolish' }).code, 'no_target');
  const far = activeBoard(only(fresh('M6'), { golem: '10,6,1', fortune: '2,2,1' }), 'golem');
  const m = map(far);
  const inWarehouse = Object.values(m.cells).find((c) => c.z === 1 && inBuilding(m, c) && c.x === 8)!;
  assert.equal(refused(far, { type: 'act', unit: 'golem', action: 'demolish', target: inWarehouse.key }).code, 'out_of_range');
  const st = answer(s, { type: 'act', unit: 'golem', action: 'demolish', target: demolishTargets(s, s.units.golem)[0] }, [0]);
  assert.equal(ev(st, 'demolish')[0].hit, true);
});

test('#60 the Golem cannot Hack (L1783)', () => {
  const s = activeBoard(fresh('M6'), 'golem');
  assert.equal(hackProblem(s, 'golem', { ddd: 'laser' }, 1)?.code, 'elite_only');
  const b = activeBoard(fresh('M6'), 'babylon');
  assert.notEqual(hackProblem(b, 'babylon', { ddd: 'laser' }, 1)?.code, 'elite_only', 'Dr. Babylon is an Elite that may Hack');
});

const N = Number(process.env.AOM_GOLEM_PLAYOUTS ?? 8);

test(`#60 #61 random legal playouts of Mission 6 (${N} per player count): they end; the Golem's 2×2 footprint stays on free Outside spaces of one Level (Charge moves included)`, () => {
  let moved = 0; let demolished = 0; let regenerated = 0; let charges = 0; let charged = 0;
  for (const n of CONTENT.missions.M6.players) {
    for (let i = 0; i < N; i++) {
      let k = 0;
      const r = randomPlayout(rs, {
        scenario: 'M6', seats: seats(n), seed: `aom-golem-${n}-${i}`, maxEntries: 5000, hashChain: false,
        onEntry: (ks, _e, events: GameEvent[]) => {
          k++;
          const s = ks.s as S;
          const g = s.units.golem;
          for (const e of events) {
            const d = e.data as { unit?: string; action?: string };
            if (e.type === 'moved' && d.unit === 'golem') moved++;
            if (e.type === 'demolish') demolished++;
            if (e.type === 'action' && d.unit === 'golem' && d.action === 'regenerate') regenerated++;
            // Golem Charge: its timer placed on the Crushing Fists; a move made with its 3 MP when it came off.
            if (e.type === 'timer_placed' && (e.data as { holder?: string }).holder === 'action:golem:fists') charges++;
            if (e.type === 'moved' && d.unit === 'golem' && (e.data as { delayed?: string }).delayed) charged++;
          }
          const where = `M6/${n}/${i} entry ${k}`;
          const taken = new Map<string, string>();
          for (const u of Object.values(s.units)) for (const c of footprint(u)) {
            assert.ok(!taken.has(c), `${where}: ${u.id} and ${taken.get(c)} both on ${c}`);
            taken.set(c, u.id);
          }
          if (!g.at) return;
          const m = map(s);
          const cells = footprint(g);
          assert.equal(cells.length, 4, where);
          assert.equal(new Set(cells.map((c) => c.split(',')[2])).size, 1, `${where}: one Level`);
          for (const c of cells) assert.ok(m.cells[c] && !inside(m, m.cells[c]), `${where}: golem on ${c}, an Outside space of the map`);
        },
      });
      assert.ok(r.result, `M6 ${n}p playout ${i} ended`);
    }
  }
  assert.ok(moved > 0 && demolished > 0 && regenerated > 0 && charges > 0, 'the playouts move the Golem, Demolish, Regenerate and Charge');
  console.log(`# M6 playouts: golem moves ${moved}, demolish rolls ${demolished}, regenerates ${regenerated}, charges ${charges} (moves with their MP ${charged})`);
});

test('#60 Demolish in words: the action label and the event text', () => {
  const s = activeBoard(fresh('M6'), 'golem');
  const at = demolishTargets(s, s.units.golem)[0];
  const v = rs.view(s, 1);
  assert.match(rs.label!(v, 1, { type: 'act', unit: 'golem', action: 'demolish', target: at }), /Golem: Demolish at/);
  assert.match(rs.describe!(v, { type: 'demolish', data: { unit: 'golem', at, hit: true } } as never), /Golem Demolishes at .*a Hit/);
});
