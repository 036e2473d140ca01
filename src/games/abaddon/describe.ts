// Abaddon in words (Ruleset.label / Ruleset.describe): a label for each action and a short
// text for each event, in the rulebook's terms (Heavy/Medium/Recon Link, Infantry Squad,
// Lock-On Relay, Doomsday Bolt, Anti-Missile Missile, Close Combat), from the viewer's view
// only. The rulebook names no grid sectors: a sector is written as its column letter (x = 0
// is A) and its row number from 1 (y = 0 is 1), so [2, 3] is C4.
import type { Seat } from '../../engine/types.js';
import type { GameData } from './data.js';
import { UNIT, type Action } from './state.js';
import type { AbView } from './view.js';

const KIND: Record<string, string> = {
  target: 'Target', lrb: 'Long Range Bombardment', sb: 'Smart Bombs', db: 'Doomsday Bolt', amm: 'Anti-Missile Missile', reboot: 'Reboot',
};

/** A grid sector as a client may print it: [2, 3] is C4. */
export function sector(at: unknown): string {
  if (!Array.isArray(at) || at.length !== 2) return String(at);
  const [x, y] = at as number[];
  let col = '';
  for (let n = x; n >= 0; n = Math.floor(n / 26) - 1) col = String.fromCharCode(65 + (n % 26)) + col;
  return `${col}${y + 1}`;
}

export function makeDescribe(data: GameData) {
  const ws = new Map(data.ws.map((c) => [c.id, c]));
  const markers = new Map(data.markers.map((m) => [m.id, m.name]));
  const cardName = (id: unknown): string => {
    const c = typeof id === 'string' ? ws.get(id) : undefined;
    if (!c) return typeof id === 'string' ? id : 'a face-down card';
    return c.kind === 'target' ? `Target +${c.value ?? 0}` : KIND[c.kind] ?? c.kind;
  };
  const unitOf = (v: AbView, id: unknown) => v.units.find((u) => u.id === id);
  const unitName = (v: AbView, id: unknown): string => {
    const u = unitOf(v, id);
    return u ? `${UNIT[u.type].name} ${u.id}` : String(id);
  };
  const die = (v: AbView, i: number) => {
    const f = v.dice?.[i]?.face;
    return `activation die ${i + 1}${f ? ` (${f === 'WS' ? 'Weapon System' : f === 'C' ? 'Command' : UNIT[f as keyof typeof UNIT]?.name ?? f})` : ''}`;
  };
  const attackText = (v: AbView, n: number) => {
    const a = v.attacks.find((x) => x.id === n);
    return a ? `attack ${n} (${unitName(v, a.unit)} on ${unitName(v, a.target)})` : `attack ${n}`;
  };

  function label(v: AbView, _seat: Seat | null, a: Action): string {
    const x = a as Record<string, unknown> & { type: string };
    switch (x.type) {
      case 'divide': {
        const c = (x.companyA ?? {}) as Record<string, number>;
        const units = Object.entries(c).filter(([, n]) => n > 0).map(([t, n]) => `${n} ${UNIT[t as keyof typeof UNIT]?.name ?? t}`).join(', ');
        return `Divide the forces: Company A takes ${units || 'no units'} and ${x.cardsA} Weapon System cards`;
      }
      case 'deploy': return `Deploy ${unitName(v, x.unit)} at ${sector(x.at)}`;
      case 'displace': return `Displace to ${sector(x.at)}`;
      case 'lockOn': return x.at === null ? 'Place no Lock-On Relay' : `Place the Lock-On Relay on ${sector(x.at)}`;
      case 'commandDraw': return `Command: draw ${x.n} Weapon System card${x.n === 1 ? '' : 's'}`;
      case 'assign': return `Place ${die(v, x.die as number)} on ${unitName(v, x.unit)}`;
      case 'bolt': return `Doomsday Bolt with ${die(v, x.die as number)} at ${unitName(v, x.target)}`;
      case 'removeMarker': return `Use ${die(v, x.die as number)} to remove ${markers.get(x.marker as string) ?? x.marker} from ${unitName(v, x.unit)}`;
      case 'confirmOrders': return 'Confirm the orders';
      case 'amm': return 'Play an Anti-Missile Missile card';
      case 'pass': return x.unit ? `${unitName(v, x.unit)} raises its shields (no response)` : 'Pass';
      case 'move': return x.to === 'exit' ? `${unitName(v, x.unit)} exits the board` : `${unitName(v, x.unit)} moves to ${sector(x.to)}`;
      case 'endMovement': return 'End movement';
      case 'attack': return `${unitName(v, x.unit)} attacks ${unitName(v, x.target)} with ${cardName(x.card)}`;
      case 'endDeclarations': return 'End attack declarations';
      case 'respond': return `${unitName(v, x.unit)} responds to ${attackText(v, x.attack as number)} with ${cardName(x.card)}`;
      case 'resolve': return `Resolve ${attackText(v, x.attack as number)}`;
      case 'closeCombat': return `${unitName(v, x.unit)} engages ${unitName(v, x.target)} in Close Combat`;
      case 'endTurn': return 'End the turn';
    }
    return x.type;
  }

  function describe(v: AbView, ev: { type: string; data: unknown }): string {
    const d = (ev.data ?? {}) as Record<string, any>;
    const seat = (n: unknown) => `seat ${n}`;
    switch (ev.type) {
      case 'mission': return `Mission: ${d.title}`;
      case 'first_player': return `${d.faction} plays first`;
      case 'round_started': return `Round ${d.round} begins`;
      case 'round_ended': return `Round ${d.round} ends`;
      case 'turn_started': return `Turn of ${seat(d.seat)} (round ${d.round})`;
      case 'turn_ended': return `${seat(d.seat)} ends the turn`;
      case 'turn_skipped': return `${seat(d.seat)} is skipped (${String(d.reason).replace(/_/g, ' ')})`;
      case 'relay_drawn': return `${seat(d.seat)} draws Lock-On Relay #${d.relay}`;
      case 'lock_on': return `${seat(d.seat)} places the Lock-On Relay on ${sector(d.at)}`;
      case 'lock_on_skipped': return `${seat(d.seat)} places no Lock-On Relay`;
      case 'unit_deployed': return `${unitName(v, d.unit)} deploys at ${sector(d.at)}`;
      case 'unit_displaced': return `${unitName(v, d.unit)} is displaced from ${sector(d.from)} to ${sector(d.at)}`;
      case 'unit_landed': return `${unitName(v, d.unit)} lands at ${sector(d.at)}`;
      case 'unit_lost': return `${unitName(v, d.unit)} is lost (no room)`;
      case 'unit_moved': return `${unitName(v, d.unit)} moves from ${sector(d.from)} to ${sector(d.to)}`;
      case 'unit_exited': return `${unitName(v, d.unit)} exits the board with ${d.crystals} crystals`;
      case 'unit_ordered': return `${unitName(v, d.unit)} receives ${die(v, d.die)}`;
      case 'unit_destroyed': return `${unitName(v, d.unit)} is destroyed`;
      case 'orders_confirmed': return `${seat(d.seat)} confirms the orders`;
      case 'command_draw_declared': return `${seat(d.seat)} draws ${d.n} Weapon System card${d.n === 1 ? '' : 's'} (Command)`;
      case 'ws_drawn': return Array.isArray(d.cards)
        ? `${seat(d.seat)} draws ${d.cards.length ? d.cards.map(cardName).join(', ') : 'no card'}`
        : `${seat(d.seat)} draws ${d.count} Weapon System card${d.count === 1 ? '' : 's'}`;
      case 'marker_removed': return `${markers.get(d.marker) ?? d.marker} is removed from ${unitName(v, d.unit)}`;
      case 'doomsday_bolt': return `${seat(d.seat)} fires a Doomsday Bolt at ${unitName(v, d.target)}`;
      case 'bolt_missed': return `The Doomsday Bolt misses ${unitName(v, d.target)}`;
      case 'attack_declared': return `${unitName(v, d.unit)} declares an attack on ${unitName(v, d.target)}`;
      case 'attack_revealed': return `Attack ${d.attack} revealed: ${cardName(d.card)}${d.response ? ` against ${cardName(d.response)}` : ''}`;
      case 'attack_cancelled': return `Attack ${d.attack} is cancelled by an Anti-Missile Missile`;
      case 'attack_lapsed': return `Attack ${d.attack} lapses`;
      case 'anti_missile': return `${seat(d.seat)} plays an Anti-Missile Missile`;
      case 'anti_missile_window': return `${seat(d.seat)} may play an Anti-Missile Missile against attack ${d.attack}`;
      case 'window_passed': return `${seat(d.seat)} plays no Anti-Missile Missile`;
      case 'response_window': return 'Targeted units may respond';
      case 'response_placed': return `${unitName(v, d.unit)} places a response card`;
      case 'response_passed': return `${unitName(v, d.unit)} raises its shields`;
      case 'declarations_ended': return `${seat(d.seat)} ends attack declarations`;
      case 'movement_ended': return `${seat(d.seat)} ends movement`;
      case 'close_combat': return `${unitName(v, d.unit)} engages ${unitName(v, d.target)} in Close Combat`;
      case 'combat_result': {
        const o = String(d.outcome);
        if (o === 'attacker_wins') return `The attacker wins the battle roll (${d.damage} damage)`;
        if (o === 'defender_wins') return `The defender wins the battle roll${d.damage ? ` (${d.damage} damage)` : ''}`;
        if (o === 'critical') return 'Critical hit (a 1 is rolled)';
        if (o === 'shields_hold') return 'The shields hold';
        return 'Tie: no damage';
      }
      case 'crystals_lost': return `${unitName(v, d.unit)} loses ${d.n} crystal${d.n === 1 ? '' : 's'}`;
      case 'crystals_gained': return `${unitName(v, d.unit)} gains ${d.n} crystal${d.n === 1 ? '' : 's'}`;
      case 'wild_fire': return `Wild Fire on ${unitName(v, d.unit)}: ${d.name}`;
      case 'wild_fire_skipped': return `No Wild Fire for ${unitName(v, d.unit)}`;
      case 'wild_fire_cleared': return 'Wild Fire cards are cleared';
      case 'forces_divided': return `${d.faction} divides its forces between Companies A and B`;
      case 'decks_shuffled': return 'The Weapon System and Wild Fire decks are shuffled';
      case 'deck_reshuffled': case 'decks_reshuffled': return 'The discards are reshuffled into the deck';
      case 'reboot_decks': return `${seat(d.seat)} plays Reboot`;
      case 'cards_returned': return Array.isArray(d.cards)
        ? `${seat(d.seat)} takes back ${d.cards.map(cardName).join(', ')}`
        : `${seat(d.seat)} takes back ${d.count} card${d.count === 1 ? '' : 's'}`;
      case 'resigned': return `${seat(d.seat)} resigns`;
      case 'game_over': return `The game is over${d.winner ? `: ${d.winner} wins` : ''}`;
    }
    return ev.type.replace(/_/g, ' ');
  }

  return { label, describe };
}
