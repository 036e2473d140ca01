// The seat filter of game-level webhooks (issue 19): `seats: [0, 2]` at registration limits a
// webhook's `turn` events to those seats (and `action` events to entries of those seats, or of
// no seat); `game_over` always goes out. Kept in the webhooks.seats column (migration 0004).
import type { Runtime } from '../runtime.js';
import { ServiceError } from '../service/errors.js';
import { sqlOf } from './players.js';

export async function setWebhookSeats(rt: Runtime, webhookId: string, seats: number[] | undefined | null): Promise<void> {
  if (!seats) return;
  if (!seats.length || seats.some((s) => !Number.isInteger(s) || s < 0 || s > 15)) {
    throw new ServiceError(400, 'invalid_seats', 'seats is a non-empty list of seat indexes');
  }
  await sqlOf(rt).query(`UPDATE webhooks SET seats = $2::int[] WHERE id = $1::text`, [webhookId, [...new Set(seats)].sort((a, b) => a - b)]);
}

/** The seat filters of a game's webhooks: webhook id → seats (absent: every seat). */
export async function webhookSeats(rt: Runtime, gameId: string): Promise<Map<string, number[]>> {
  const rows = await sqlOf(rt).query<{ id: string; seats: number[] | null }>(`SELECT id, seats FROM webhooks WHERE game_id = $1::text AND seats IS NOT NULL`, [gameId]);
  return new Map(rows.map((r) => [r.id, r.seats!]));
}

/** Whether a webhook with this filter gets an event about `seat` (null: not about one seat). */
export function seatPasses(filter: number[] | undefined, event: string, seat: number | null | undefined): boolean {
  if (!filter || event === 'game_over' || seat === null || seat === undefined) return true;
  return filter.includes(seat);
}
