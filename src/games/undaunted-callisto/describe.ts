// Undaunted 2200: Callisto in words (Ruleset.label / Ruleset.describe): a label for each
// action and a short text for each event, in the rulebook's terms (card titles and squads,
// the action keywords MOVE, SCOUT, ATTACK, PULSE ..., hunker down, ready, bolster), from the
// viewer's view only: a card another seat holds is never named unless the event names it.
import type { Seat } from '../../engine/types.js';
import { CONTENT } from './content.js';
import type { Action } from './rules.js';
import type { View } from './view.js';

const unitName = (id: unknown): string => {
  const u = typeof id === 'string' ? CONTENT.units[id] : undefined;
  return u ? `${u.title}${u.squad ? ` ${u.squad}` : ''}` : String(id);
};
const cardName = (id: unknown): string => {
  const c = typeof id === 'string' ? CONTENT.cards[id] : undefined;
  return c ? `${c.title}${c.squad ? ` ${c.squad}` : ''}` : String(id);
};
const thing = (t: unknown): string => {
  const s = String(t);
  if (s.startsWith('door:')) return `door ${s.slice(5)}`;
  if (s.startsWith('structure:')) return `structure ${s.slice(10)}`;
  return unitName(s);
};
const list = (xs: unknown) => (Array.isArray(xs) && xs.length ? xs.map(String).join(', ') : 'none');
const factionName = (f: unknown) => (f === 'lfa' ? 'the LFA' : f === 'breakers' ? 'the Breakers' : String(f));

export function label(_v: View, _seat: Seat | null, a: Action): string {
  switch (a.type) {
    case 'end': return 'End the turn';
    case 'bid': return `Bid ${cardName(a.card)} (initiative ${CONTENT.cards[a.card]?.initiative ?? '?'})`;
    case 'casualty': return `Remove ${cardName(a.card)} as a casualty`;
    case 'target': return `Strike ${thing(a.target)}`;
    case 'push': return a.to === null ? 'Do not push' : `Push to ${a.to}`;
    case 'play': {
      const c = CONTENT.cards[a.card];
      const who = cardName(a.card);
      if (a.use === 'hunker') return `${who}: hunker down (return the card to your supply)`;
      if (a.use === 'ready') return `${who}: ready ${unitName(a.unit ?? c?.unit)}`;
      const what = a.use === 'equipment' ? 'use the equipment' : (c?.notation[a.action ?? 0] ?? `action ${a.action}`);
      const parts: string[] = [];
      if (a.spawn) parts.push(`spawning at ${a.spawn}`);
      if (a.unit && a.unit !== c?.unit) parts.push(`with ${unitName(a.unit)}`);
      if (a.path) parts.push(`along ${list(a.path)}`);
      if (a.to) parts.push(`to ${a.to}`);
      if (a.passengers?.length) parts.push(`carrying ${a.passengers.map(unitName).join(', ')}`);
      if (a.target) parts.push(`at ${thing(a.target)}`);
      if (a.space) parts.push(`on ${a.space}`);
      if (a.spaces) parts.push(`on ${list(a.spaces)}`);
      if (a.door) parts.push(`door ${a.door}`);
      if (a.cards) parts.push(`cards ${a.cards.length ? a.cards.map(cardName).join(', ') : 'none'}`);
      if (a.recon) parts.push(`setting aside ${cardName(a.recon)}`);
      if (a.seat !== undefined) parts.push(`for seat ${a.seat}`);
      if (a.from !== undefined) parts.push(`from seat ${a.from}`);
      if (a.count !== undefined) parts.push(`${a.count}`);
      return `${who}: ${what}${parts.length ? ' ' + parts.join(' ') : ''}`;
    }
  }
  return (a as { type: string }).type;
}

export function describe(_v: View, ev: { type: string; data: unknown }): string {
  const d = (ev.data ?? {}) as Record<string, any>;
  const seat = (n: unknown) => `seat ${n}`;
  switch (ev.type) {
    case 'setup': return `Scenario: ${d.title}`;
    case 'round_started': return `Round ${d.round} begins; ${factionName(d.initiative)} hold the initiative`;
    case 'bids_revealed': return `Bids revealed: ${Object.entries(d.bids ?? {}).map(([s, b]) => `seat ${s} ${cardName((b as { card?: string })?.card)} (${(b as { initiative?: number })?.initiative})`).join(', ')}; ${factionName(d.initiative)} take the initiative`;
    case 'initiative': return `${factionName(d.faction)} take the initiative (${d.reason})`;
    case 'turn_started': return `Turn of ${seat(d.seat)} (round ${d.round})`;
    case 'turn_ended': return `${seat(d.seat)} ends the turn`;
    case 'cards_drawn': return Array.isArray(d.cards)
      ? `${seat(d.seat)} draws ${d.cards.map(cardName).join(', ') || 'no card'}`
      : `${seat(d.seat)} draws ${d.count} card${d.count === 1 ? '' : 's'}`;
    case 'card_played': {
      const how = d.use === 'hunker' ? 'hunkers down with' : d.use === 'ready' ? `readies ${unitName(d.unit)} with` : d.use === 'equipment' ? 'uses the equipment with' : 'plays';
      return `${seat(d.seat)} ${how} ${cardName(d.card)}${d.use === 'action' && d.action ? `: ${d.action}` : ''}`;
    }
    case 'moved': return `${(d.units ?? []).map(unitName).join(', ')} move${(d.units ?? []).length === 1 ? 's' : ''} to ${d.to}`;
    case 'unit_placed': return `${unitName(d.unit)} is placed on ${d.at}`;
    case 'scouted': return `${unitName(d.unit)} scouts ${list(d.path)}`;
    case 'pathfound': return `${seat(d.seat)} pathfinds ${list(d.spaces)}`;
    case 'controlled': return `${factionName(d.faction)} control ${d.space}`;
    case 'recon': return `${seat(d.seat)} sets ${cardName(d.setAside)} aside (RECON)`;
    case 'bolstered': return `${seat(d.seat)} bolsters with ${list((d.cards ?? []).map(cardName))}`;
    case 'inspired': return `${seat(d.seat)} inspires ${list((d.cards ?? []).map(cardName))}`;
    case 'command_transferred': return `Command passes from seat ${d.from} to seat ${d.to} from round ${d.effective}`;
    case 'dice_rolled': return `${unitName(d.attacker)} rolls ${d.die} against ${thing(d.target)} (defence ${d.defence}): ${list(d.faces)}, ${d.success ? 'a hit' : 'a miss'}`;
    case 'strike_skipped': return `No strike at ${thing(d.target)}`;
    case 'suppressed': return `${unitName(d.unit)} is suppressed${d.already ? ' (already suppressed)' : ''}`;
    case 'neutralised': return `${unitName(d.unit)} is neutralised`;
    case 'pushed': return `${unitName(d.unit)} is pushed to ${d.to}`;
    case 'push_declined': return `${unitName(d.unit)} is not pushed`;
    case 'door_opened': return `Door ${d.door} is opened`;
    case 'door_destroyed': return `Door ${d.door} is destroyed`;
    case 'structure_destroyed': return `Structure ${d.structure} is destroyed`;
    case 'interference_taken': return `${seat(d.seat)} takes ${d.taken} Interference card${d.taken === 1 ? '' : 's'}`;
    case 'game_over': return `The game is over: ${d.draw ? 'a draw' : `seat${(d.winners ?? []).length === 1 ? '' : 's'} ${list(d.winners)} win${(d.winners ?? []).length === 1 ? 's' : ''}`} (${d.reason})`;
    case 'deck_shuffled': case 'deck_reshuffled': return `${seat(d.seat)} shuffles the deck`;
  }
  return ev.type.replace(/_/g, ' ');
}
