// A loaded game's state is the kernel's and never modified, so the service asks the ruleset for
// its open decisions once per state, however many reads and checks a move makes (game, legal
// actions, the submission's decision, toAct, sealed groups). It asked five times per move before.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { registerRuleset } from '../../src/games/index.js';
import { closeBus, createBus } from '../../src/service/bus.js';
import { GameService } from '../../src/service/game-service.js';
import { sharedStore } from '../support/env.js';
import { duel, type DuelState } from '../support/duel.js';

let pendingCalls = 0;
const states = new Set<DuelState>();
registerRuleset({
  ...duel,
  id: 'duel-counted',
  pending(s) {
    pendingCalls++;
    states.add(s);
    return duel.pending(s);
  },
});

const bus = createBus();
after(() => closeBus(bus));

test('one `pending` per state: the reads and checks of a move reuse what the move\'s apply derived', async () => {
  const svc = new GameService({ store: await sharedStore(), bus });
  const g = await svc.createGame({ ruleset: 'duel-counted', seats: [{ name: 'A' }, { name: 'B' }] }) as { id: string; toAct: { seats: number[]; status: string } };
  let toAct = g.toAct;
  let moves = 0;
  while (toAct.status === 'active' && moves < 40) {
    for (const seat of toAct.seats) {
      await svc.getGame(g.id, seat);
      const legal = await svc.legalActions(g.id, seat);
      const d = legal.decisions[0];
      const r = await svc.submitAction(g.id, seat, { decision: d.decision, action: d.actions[0], expectedVersion: legal.version });
      toAct = r.toAct;
      moves++;
      if (toAct.status !== 'active') break;
    }
  }
  const final = await svc.getGame(g.id, null);
  assert.ok(final.version >= 4, `a game of some length (${final.version} entries)`);
  assert.ok(moves > final.version, 'sealed bids: held commits are moves that make no entry');
  // every state the game went through asked once; the created game's first reads may ask again (a fresh holder)
  assert.ok(pendingCalls <= states.size + 2, `${pendingCalls} calls of pending for ${states.size} states`);
});
