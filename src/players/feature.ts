// The players feature (issue 19), plugged into every runtime: player keys act wherever seat
// tokens do (GameService hooks), ratings change in the transaction that ends a rated game,
// and the players' events and webhooks ride the outbox.
import { registerFeature, type Runtime } from '../runtime.js';
import { isPlayerKey } from './keys.js';
import { repeatWindowSeconds } from '../jobs/epoch.js';
import { QueueLossStore } from '../store/queue-loss.js';
import { flush, playerEvents, playerPlanner, requeueWaitingNotices } from './notify.js';
import { Players } from './players.js';
import { ratingsPlanner } from './ratings.js';

const instances = new WeakMap<Runtime, Players>();

export function playersOf(rt: Runtime): Players {
  let p = instances.get(rt);
  if (!p) {
    p = new Players(rt);
    instances.set(rt, p);
  }
  return p;
}

registerFeature((rt) => {
  const players = playersOf(rt);
  const h = rt.service.hooks;
  h.isKey = isPlayerKey;
  h.keyAuth = (gameId, token, load) => players.seatFor(gameId, token, load);
  h.beforeCreate = (input) => players.beforeCreate(input);
  h.afterCreate = (input, id) => players.afterCreate(input, id);
  h.lobby = (opts) => players.lobby(opts);
  rt.service.addTxPlanner(ratingsPlanner);
  rt.service.addPlanner(playerPlanner);
  rt.handlers.player = async (data) => playerEvents(rt, data);
  rt.handlers['player-hook'] = async (data, meta) => flush(rt, data, meta);
  // The queue lost its data: recent players' events once more (inserted once: ON CONFLICT), and
  // a flush for the notices left waiting.
  rt.onQueueLost(async () => {
    await QueueLossStore.of(rt.store).repeatOutbox(['player'], repeatWindowSeconds());
    await requeueWaitingNotices(rt);
  });
});
