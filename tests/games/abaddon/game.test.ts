// A whole game played through actions only (no state edits): Mission #5 One-on-One Challenge,
// from deployment to the destruction of a Heavy Link, with scripted dice and draws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { abaddon, act, dec, start, unit, evOf } from './helpers.js';
import type { K } from './helpers.js';

/** Indices that deal `cards` one by one from a sorted multiset pool. */
function dealIndices(pool: string[], cards: string[]): number[] {
  const p = pool.slice();
  return cards.map((c) => {
    const i = p.indexOf(c);
    assert.ok(i >= 0, `no ${c} left`);
    p.splice(i, 1);
    return i;
  });
}

test('#63 #64 a whole M5 duel through actions: deploy, lock-on, roll, Command, orders, move, LOS fire, response, Close Combat, victory (L950-L973)', () => {
  let { k } = start('m5');
  assert.equal(dec(k).kind, 'deploy');
  assert.equal(dec(k).seat, 1, 'CA deploys first');
  k = act(k, { type: 'deploy', unit: 'CA-H1', at: [7, 9] }).k;
  const deal = dealIndices(k.s.ws.pool, ['AMM', 'SB', 'T6', 'LRB', 'T1', 'T8']);
  k = act(k, { type: 'deploy', unit: 'SCS-H1', at: [7, 0] }, deal).k;
  assert.deepEqual(k.s.hands, [['AMM', 'SB', 'T6'], ['LRB', 'T1', 'T8']]);

  // Round 1, CA (relay #1): lock on to SCS-H1, roll H H H H C.
  assert.deepEqual([dec(k).seat, dec(k).kind], [1, 'lockon']);
  k = act(k, { type: 'lockOn', at: [7, 0] }, [0, 0, 0, 0, 5]).k;
  k = act(k, { type: 'commandDraw', n: 0 }).k;
  for (let die = 0; die < 5; die++) k = act(k, { type: 'assign', die, unit: 'CA-H1' }).k;
  assert.equal(dec(k).kind, 'move');
  k = act(k, { type: 'move', unit: 'CA-H1', to: [7, 5] }).k;
  assert.equal(dec(k).kind, 'declare');
  k = act(k, { type: 'attack', unit: 'CA-H1', target: 'SCS-H1', card: 'T8' }).k;
  assert.deepEqual([dec(k).seat, dec(k).kind], [0, 'respond']);
  k = act(k, { type: 'pass', unit: 'SCS-H1' }, [], 0).k;
  // 9 + 8 + lock-on 1 = 18 vs shield 3: triple -> 2 crystals under super-charged shielding
  let r = act(k, { type: 'resolve', attack: 1 }, [8, 2]);
  k = r.k;
  assert.equal(unit(k, 'SCS-H1').crystals, 3);
  assert.equal(k.s.cup.CA, 2);

  // SCS: lock on, roll five Heavies, march into contact and Close Combat.
  assert.deepEqual([dec(k).seat, dec(k).kind], [0, 'lockon']);
  k = act(k, { type: 'lockOn', at: [7, 5] }, [0, 0, 0, 0, 0]).k;
  for (let die = 0; die < 5; die++) k = act(k, { type: 'assign', die, unit: 'SCS-H1' }).k;
  k = act(k, { type: 'move', unit: 'SCS-H1', to: [7, 4] }).k;
  assert.equal(dec(k).kind, 'resolve', 'adjacent: no ranged fire, straight to resolution');
  r = act(k, { type: 'closeCombat', unit: 'SCS-H1', target: 'CA-H1' }, [9, 1]); // 10+1 vs 2
  k = r.k;
  assert.equal(unit(k, 'CA-H1').crystals, 3);
  assert.equal(k.s.round, 2);

  const closeTurn = (seat: number, me: string, them: string, themAt: [number, number], mine: number, theirs: number): K => {
    assert.deepEqual([dec(k).seat, dec(k).kind], [seat, 'lockon']);
    k = act(k, { type: 'lockOn', at: themAt }, [0, 5, 4, 4, 4, 0, 0, 0]).k; // H C WS WS WS: 3 draws
    k = act(k, { type: 'commandDraw', n: 0 }).k;
    k = act(k, { type: 'assign', die: 0, unit: me }).k;
    k = act(k, { type: 'confirmOrders' }).k;
    if (dec(k).kind === 'move') k = act(k, { type: 'endMovement' }).k;
    const res = act(k, { type: "closeCombat", unit: me, target: them }, [mine - 1, theirs - 1]);
    k = res.k;
    return k;
  };
  closeTurn(1, 'CA-H1', 'SCS-H1', [7, 4], 10, 3);
  assert.equal(unit(k, 'SCS-H1').crystals, 1);
  closeTurn(0, 'SCS-H1', 'CA-H1', [7, 5], 10, 2); // 11 vs 2 + CA's lock-on on SCS-H1's sector = 3
  assert.equal(unit(k, 'CA-H1').crystals, 1);
  closeTurn(1, 'CA-H1', 'SCS-H1', [7, 4], 10, 2);
  assert.equal(unit(k, 'SCS-H1').status, 'destroyed');
  assert.deepEqual(abaddon.result(k.s), { winners: [1], draw: false, reason: 'objective', scores: { SCS: 4, CA: 5 } });
  void evOf;
});
