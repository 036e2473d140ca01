// Labels for actions and texts for events, in the rulebook's words, from the view only.
import type { Seat } from '../../engine/types.js';
import { CONTENT } from './content.js';
import { CARD_ACTIONS, GADGETS, UPGRADES, actionOf, type Action } from './state.js';
import type { View } from './view.js';

function unitName(v: View, id: string): string {
  const u = v.units[id];
  if (!u) return id.startsWith('ddd:') ? `the DDD ${id.slice(4)}` : id;
  if (u.ally) return CONTENT.allies[u.ally].name;
  return u.minion ? `${CONTENT.minions[u.minion].name} ${id.split('-')[1] ?? ''}`.trim() : CONTENT.elites[u.board]?.name ?? id;
}
function actionName(v: View, unit: string, action: string): string {
  // A Weapon Action with its Weapon gadget: `<weapon>+<gadget>`.
  const plus = action.indexOf('+');
  if (plus > 0) return `${actionName(v, unit, action.slice(0, plus))} + ${GADGETS[action.slice(plus + 1)]?.name ?? action.slice(plus + 1)}`;
  const u = v.units[unit];
  const list = [...(u?.ally ? CONTENT.allies[u.ally].actions : u?.minion ? CONTENT.minions[u.minion].actions : CONTENT.elites[u?.board ?? '']?.actions ?? []), ...(u ? CARD_ACTIONS[u.minion ?? u.board] ?? [] : [])];
  // A gadget's Action: the view's unit carries its slotted gadgets (public).
  const gadget = u?.gadgets?.map((g) => GADGETS[g]?.action).find((a) => a?.id === action);
  return list.find((a) => a.id === action)?.name ?? gadget?.name ?? action;
}
const sp = (k: string) => { const [x, y, z] = k.split(','); return `${x},${y} (Level ${z})`; };

export function label(v: View, _seat: Seat | null, a: Action): string {
  switch (a.type) {
    case 'activate': return `Activate ${CONTENT.elites[a.board]?.name ?? CONTENT.squads[a.board]?.name ?? a.board}`;
    case 'act': return `${unitName(v, a.unit)}: ${actionName(v, a.unit, a.action)}${a.target ? ` at ${sp(a.target)}` : a.when === 'before' ? ' (move first)' : a.aim === 'timer' ? ' (aimed by timer: target chosen when it is removed)' : ''}${a.aim === true ? ' (aimed, +1 Focus)' : ''}${a.mayhem ? ` (+1 die: ${a.mayhem})` : ''}${a.gadget ? ' (with its Weapon gadget)' : ''}${a.timer ? (a.target === undefined && v.units[a.unit] && actionOf(v.units[a.unit], a.action)?.kind === 'attack' ? ' (delayed by its When-Removed timer: moves and target when it is removed)' : ' (with its Until-Removed timer)') : ''}`;
    case 'delayed': return a.target ? `Delayed Action at ${sp(a.target)}` : 'Forgo the delayed Action';
    case 'arm': return `Dark Matter Bomb ${a.ddd}: start the countdown (3 MAYHEM timers)`;
    case 'move': return `${unitName(v, a.unit)} moves to ${sp(a.to)}, facing ${a.facing}`;
    case 'jump': return `${unitName(v, a.unit)} jumps to ${sp(a.to)}, facing ${a.facing}`;
    case 'dash': return `${unitName(v, a.unit)} Dashes to ${sp(a.to)}, facing ${a.facing}`;
    case 'fire': return a.target ? `Fire at ${sp(a.target)}` : 'Forgo the attack';
    case 'group': return `${unitName(v, a.unit)} joins the group Action${a.target ? ` at ${sp(a.target)}` : ''}`;
    case 'end': return 'End the activation';
    case 'pass': return 'Pass';
    case 'aimBonus': return a.bonus?.startsWith('explosion:') ? `Aim Bonus: Trigger Explosion at ${sp(a.bonus.slice(10))}` : a.bonus ? `Aim Bonus: ${a.bonus}` : 'No more Aim Bonuses';
    case 'block': return a.times ? `Block ${a.times} Hit${a.times > 1 ? 's' : ''}` : 'No Block';
    case 'wound': return `Wound into the ${a.well} well`;
    case 'push': return a.to ? `Push to ${sp(a.to)}` : 'Stop pushing';
    case 'fallDash': return a.dash ? 'Fall Dash' : 'Fall';
    case 'hack': return `${unitName(v, a.unit)} Hacks ${a.ddd ?? `the Event Marker at ${sp(a.marker ?? '')}`} with ${a.dice} ${a.dice > 1 ? 'dice' : 'die'}`;
    case 'placeAlly': return `Place the Ally at ${sp(a.to)}`;
    case 'laser': return `Laser Satellite: Explosion marker at ${sp(a.to)}`;
    case 'turret': return a.target ? `Hell Tower ${a.ddd} attacks ${sp(a.target)}` : `Hell Tower ${a.ddd}: delay the attack (timer on the tile, aimed)`;
    case 'edmksTax': return `EDMKS: spend a ${a.well} cube`;
    case 'edmks': return `EDMKS: ${CONTENT.elites[a.board]?.name ?? CONTENT.squads[a.board]?.name ?? a.board} gains a Mayhem cube`;
    case 'displace': return `Place the unit from the collapsed Level at ${sp(a.to)}`;
    case 'deploy': return a.board ? `Deploy a ${CONTENT.minions[a.minion ?? '']?.name ?? a.minion} of ${a.board} at ${sp(a.to ?? '')}` : 'Deploy no more';
    case 'redeploy': return a.to ? `Redeploy ${CONTENT.elites[a.board]?.name ?? a.board} at ${sp(a.to)}` : `Leave ${CONTENT.elites[a.board]?.name ?? a.board} Downed`;
    case 'resetBoard': return a.board === null ? 'Reset no more boards' : `Reset ${CONTENT.elites[a.board]?.name ?? a.board}, keeping ${(a.keep ?? []).map((g) => GADGETS[g]?.name ?? g).join(' and ') || 'no gadget'}`;
    case 'buyUpgrade': return a.board === null ? 'Buy no more upgrades (unspent Crystals expire)' : `${a.board}: buy ${UPGRADES[a.upgrade ?? '']?.name ?? a.upgrade}${a.replace ? ` replacing ${UPGRADES[a.replace]?.name ?? a.replace}` : ''}`;
    case 'reward': return a.take === 'gadget' ? 'Gain a new gadget (drawn from the Undiscovered deck)' : 'Gain a Dark Matter Crystal';
    case 'buyMinions': return a.buy.length ? `Buy ${a.buy.map((x) => `${x.figures} ${CONTENT.minions[x.minion]?.name ?? x.minion} (${x.board})`).join(', ')}` : 'Buy no Minions';
    case 'placeUnit': return `Place the figure at ${sp(a.to)}`;
    case 'chooseBoards': return `Play ${a.boards.join(', ')}`;
    case 'chooseGadgets': return a.gadgets.length ? `Slot ${a.gadgets.map((g) => GADGETS[g]?.name ?? g).join(', ')}` : 'Slot no gadgets';
    case 'summon': return `Summon ${a.vehicle} at ${sp(a.front)}, facing ${a.facing} (pay ${a.pay})`;
    case 'drive': return a.move === 'jump' ? `${a.vehicle}: Ramp Jump, ${a.spaces} space${a.spaces === 1 ? '' : 's'}` : `${a.vehicle}: ${a.move}`;
    case 'sideSwipe': return `Side swipe: ${unitName(v, a.driver)} gains the Permanent Mayhem Status`;
    case 'ramPush': return `Push the Rammed unit to ${sp(a.to)}`;
    case 'stepTriggers': return a.triggers.length ? `Interrupt when an enemy enters ${a.triggers.map((x) => `the ${x.when === 'zoc' ? 'ZoC' : 'LOS'} of ${unitName(v, x.unit)}`).join(', ')}` : 'No step triggers';
    case 'mayhemDraw': return `Draw a Mayhem card (Mayhem cubes from ${a.pay.join(' and ')})`;
    case 'mayhemPlay': return `Play Mayhem card ${a.card} on ${a.board}${a.cube ? ` for a ${a.cube} cube` : ''}`;
    case 'refresh': return `Refresh: cubes ${a.cubes || 'none'}${a.wound ? `, heal ${a.wound}` : ''}${a.positive ? `, remove ${a.positive}` : ''}${a.negative ? `, remove ${a.negative}` : ''}`;
  }
}

export function describe(v: View, ev: { type: string; data: unknown }): string {
  const d = (ev.data ?? {}) as Record<string, unknown>;
  const n = (k: string) => unitName(v, String(d[k]));
  switch (ev.type) {
    case 'activated': return `${d.side} activates ${d.board}`;
    case 'moved': return d.delayed ? `${n('unit')} moves for its delayed ${actionName(v, String(d.unit), String(d.delayed))} (${d.mp} MP left)` : `${n('unit')} moves`;
    case 'stepped': return `${n('unit')} steps to ${sp(String(d.to))}`;
    case 'move_stopped': return `${n('unit')}'s move ends at ${sp(String(d.at))}: ${d.why === 'traffic' ? 'hit by Traffic' : 'its destination is out of reach'}`;
    case 'traffic_check': return `Traffic: ${n('unit')} is ${d.distance} space(s) in front of ${d.drone}; ${d.side} reveals ${d.card} (Drone Movement ${d.movement}): ${d.hit ? 'the drone rams' : 'no hit'}`;
    case 'traffic_moves': return `Traffic moves ${d.movement} space(s)${d.spawn ? `, ${d.spawn} drone(s) to spawn` : ''}`;
    case 'drone_moved': return `${d.drone} drives to ${sp(String(d.front))}`;
    case 'drone_spawned': return `${d.drone} enters the Road at ${sp(String(d.entry))}`;
    case 'drone_not_spawned': return `No drone enters (${d.why})`;
    case 'drone_exited': return `${d.drone} leaves the map`;
    case 'drone_not_entered': return `${d.drone} cannot enter the map`;
    case 'attack_declared': return `${n('attacker')} attacks ${sp(String(d.target))}`;
    case 'attack_result': return `${n('target')}: ${d.hits} Hit(s), ${d.pushes} Push(es)`;
    case 'downed': return `${n('unit')} is Downed`;
    case 'vp': return `${d.side} scores ${d.vp} VP (${d.why})`;
    case 'refresh_drawn': return d.card ? `${d.side} draws Refresh card ${d.card}` : `${d.side} draws a Refresh card`;
    case 'refresh_revealed': return `${d.side} reveals Refresh card ${d.card}`;
    case 'round_ended': return `Round ${d.round} ends`;
    case 'mission_over': return `Mission over: ${d.winner ?? 'tie'}`;
    case 'explosion_placed': return `An Explosion marker is placed face down at ${sp(String(d.at))}`;
    case 'explosion': return `The Explosion marker at ${sp(String(d.at))} goes off: ${d.size}, 4 ${d.dice} dice, Area of Effect ${d.area}, Building Damage ${d.damage}`;
    case 'explosion_returned': return 'The Explosion marker returns to the pile';
    case 'explosion_fizzled': return `The Explosion marker at ${sp(String(d.at))} is removed (the pile is empty)`;
    case 'object_hit': return `Explosive Object at ${sp(String(d.at))}: ${d.total} Hit(s) this Turn`;
    case 'building_damage_placed': return `Building Damage ${d.damage} at ${sp(String(d.at))}`;
    case 'demolish': return `${n('unit')} Demolishes at ${sp(String(d.at))}: ${d.hit ? 'a Hit, an Explosion marker goes face up in the building' : 'no Hit'}`;
    case 'building_collapsed': return `The top Level (Level ${d.level}) of Tile ${d.tile} collapses (Building Damage ${d.damage})`;
    case 'displaced': return `${n('unit')} lands at ${sp(String(d.to))}`;
    case 'hacked': return `${n('unit')}${d.marker ? ` (Event Marker at ${sp(String(d.marker))})` : ''}: ${d.action}, ${d.hits} Hit(s) of ${d.difficulty} needed: ${d.success ? 'hacked' : 'failed'}`;
    case 'ddd_hit': return `${d.ddd}: ${d.wounds} of ${d.health} Wounds`;
    case 'vehicles_placed': return `Set up: ${(d.vehicles as { vehicle: string; front: string }[]).map((x) => `${x.vehicle} at ${sp(x.front)}`).join(', ')}`;
    case 'vehicle_summoned': return `${d.side} summons ${d.vehicle} at ${sp(String(d.front))}`;
    case 'vehicle_moved': return `${d.vehicle} drives (${d.move}) to ${sp(String(d.front))}`;
    case 'vehicle_hit': return `${d.vehicle}: ${d.wounds} of ${d.strength} Wounds`;
    case 'vehicle_destroyed': return `${d.vehicle} is destroyed`;
    case 'vehicle_fell': return `${d.vehicle} falls ${d.levels} Level${d.levels === 1 ? '' : 's'} to ${sp(String(d.front))}`;
    case 'rammed': return `${d.vehicle} rams ${n('unit')} (4 ${d.dice} dice)`;
    case 'side_swipe': return `Side swipe: ${n('driver')} gains a Permanent Mayhem Status`;
    case 'vehicle_stopped': return `${d.vehicle} stops (${d.why})`;
    case 'ddd_destroyed': return `${d.ddd} is destroyed`;
    case 'turret': return d.delayed ? `The Hell Tower charges its cannon (timer on the tile)` : `The Hell Tower fires at ${sp(String(d.target))}`;
    case 'laser_fired': return `The Laser Satellite targets ${sp(String(d.to))}`;
    case 'edmks_tax': return `EDMKS: ${d.board} spends a ${d.well} cube`;
    case 'edmks_mayhem': return `EDMKS: ${d.board} ${d.gained ? 'gains' : 'has no room for'} a Mayhem cube`;
    case 'turn_started': return `Round ${d.round}, Turn ${d.turn}: ${d.side}${d.first ? ' (first Turn of the Round)' : ''}`;
    case 'action': return `${n('unit')}: ${actionName(v, String(d.unit), String(d.action))}${d.cost ? ` (${d.cost})` : ''}${d.target ? ` at ${sp(String(d.target))}` : ''}`;
    case 'group_action': return `${n('unit')} joins the group Action ${actionName(v, String(d.unit), String(d.action))}${d.target ? ` at ${sp(String(d.target))}` : ''}`;
    case 'dashed': return `${n('unit')} Dashes to ${sp(String(d.to))}, facing ${d.facing}`;
    case 'jumped': return `${n('unit')} jumps from ${sp(String(d.from))} to ${sp(String(d.to))}`;
    case 'pushed': return `${n('unit')} is Pushed to ${sp(String(d.to))}`;
    case 'deployed': return `${d.board} deploys ${n('unit')} at ${sp(String(d.to))}`;
    case 'attack_forgone': return `${n('unit')} forgoes the attack`;
    case 'attack_missed': return d.unit ? `The attack on ${n('unit')} misses` : d.object ? `The attack on the Explosive Object at ${sp(String(d.object))} misses` : `The attack on ${d.ddd} misses`;
    case 'attack_resolved': return 'The attack is resolved';
    case 'hits': return `${n('unit')} takes ${d.hits} Hit(s)${d.wounds !== undefined ? ` (${d.wounds} Wound(s))` : ''}${d.total !== undefined ? ` (${d.total} this Turn${d.defense !== undefined ? `, Defense ${d.defense}` : ''})` : ''}`;
    case 'blocked': return `${n('unit')} Blocks ${d.times} of ${d.hits} Hit(s)`;
    case 'wound': return `${n('unit')} takes a Wound into the ${d.well} well (${d.total} in all)`;
    case 'status_gained': return `${n('unit')} gains ${String(d.status).replace(/_/g, ' ')}`;
    case 'cube_gained': return `${d.board} gains a cube in the ${d.well} well`;
    case 'refreshed': return `${d.board} refreshes: cubes ${d.cubes || 'none'}${d.wound ? `, heals ${d.wound}` : ''}`;
    case 'om_flipped': return `Objective Marker ${d.om} flips to ${d.to}${d.by ? ` (${n('by')})` : ''}`;
    case 'mayhem_status': return `${d.board} has ${d.count} Permanent Mayhem Status${d.count === 1 ? '' : 'es'}`;
    case 'mayhem_drawn': return `${d.side} draws Mayhem cards (${d.cards} in hand)`;
    case 'mayhem_played': return `${d.side} plays Mayhem card ${d.card} (${d.use})${d.board ? ` on ${d.board}` : ''}${d.cube ? ` for a ${d.cube} cube` : ''}`;
    case 'mayhem_converted': return `${d.board} converts a Mayhem card${d.cube ? ' into a cube' : ''}`;
    case 'mayhem_reshuffled': return `${d.side} reshuffles the Mayhem deck`;
    case 'event_triggered': return d.card ? `${d.card} Event Card ${d.n} drawn${d.deck === 'event' ? ' from the Event deck' : ''} (${d.book}'s book): ${d.text}` : `${d.book} Event ${d.n} at ${sp(String(d.at))}${d.by ? ` (${n('by')})` : ''}: ${d.text}`;
    case 'om_placed': return `Objective Marker ${d.om} is placed at ${sp(String(d.at))}, under ${d.control} control${d.hits ? ` (Targetable: ${d.hits} Hits in one Turn destroy it)` : ''}${d.lock ? `; until then ${(d.lock as { side: string }).side} units cannot leave or enter the room` : ''}`;
    case 'om_hit': return `Objective Marker ${d.om} takes ${d.hits} Hit(s) (${d.total} of ${d.of} this Turn)`;
    case 'lock_lifted': return `The room locked by Objective Marker ${d.om} is gone with the collapse: ${d.side} units are no longer held`;
    case 'om_destroyed': return `Objective Marker ${d.om} is destroyed${d.unlocked ? ': the room is open again' : ''}`;
    case 'timer_placed': return d.until ? `A ${d.side} Until-Removed timer is placed on ${n('unit')}'s ${actionName(v, String(d.unit), String(d.action))}` : `A ${d.side} timer is placed on ${String(d.holder).replace(/^\w+:/, '')}${d.action ? ` (${actionName(v, String(d.unit), String(d.action))} delayed)` : ''}`;
    case 'timer_removed': return `A ${d.side} timer comes off ${String(d.holder).replace(/^\w+:/, '')}`;
    case 'delayed_resolved': return `${n('unit')}: delayed ${actionName(v, String(d.unit), String(d.action))} at ${sp(String(d.target))}`;
    case 'delayed_forgone': return `${n('unit')}: the delayed ${actionName(v, String(d.unit), String(d.action))} is lost`;
    case 'bomb_armed': return `LEGION starts the ${d.ddd} countdown`;
    case 'bomb_countdown': return `${d.ddd}: ${d.left} timer(s) left`;
    case 'bomb_detonated': return `${d.ddd} detonates: every unit on its Tile is Downed`;
    case 'building_destroyed': return `The building on Tile ${d.tile} is completely destroyed`;
    case 'radiation': return `${n('unit')} takes radiation from ${d.ddd}`;
    case 'dice_rolled': return `Roll (${d.purpose}): ${(d.faces as string[]).join(' ')}`;
    case 'gadgets_slotted': return `${CONTENT.elites[String(d.board)]?.name ?? d.board} slots ${(d.gadgets as string[]).map((g) => GADGETS[g]?.name ?? g).join(', ')}${(d.temporary as string[]).length ? ` (for this mission only: ${(d.temporary as string[]).map((g) => GADGETS[g]?.name ?? g).join(', ')})` : ''}`;
    case 'upgrades_inserted': return `${CONTENT.elites[String(d.unit)]?.name ?? CONTENT.minions[String(d.unit)]?.name ?? d.unit} has upgrades ${(d.upgrades as string[]).map((x) => UPGRADES[x]?.name ?? x).join(', ')}${(d.temporary as string[]).length ? ` (for this mission only: ${(d.temporary as string[]).map((x) => UPGRADES[x]?.name ?? x).join(', ')})` : ''}`;
    case 'gadget_discovered': return `${d.side} discovers ${GADGETS[String(d.gadget)]?.name ?? d.gadget} (${CONTENT.elites[String(d.character)]?.name ?? d.character})`;
    case 'minions_bought': return `${d.side} buys ${(d.buy as { board: string; minion: string; figures: number }[]).map((x) => `${x.figures} ${CONTENT.minions[x.minion]?.name ?? x.minion} (${x.board})`).join(', ') || 'no Minions'}`;
    case 'unit_placed': return `${n('unit')} is placed at ${d.to}`;
    case 'unit_not_placed': return `${n('unit')} finds no free space and stays off the map`;
    case 'crystal_gained': return `${d.side} gains a Dark Matter Crystal`;
    case 'no_gadget_left': return `${d.side}'s Undiscovered gadget deck is empty: no gadget gained`;
    case 'rewards_gained': return `${d.side}'s rewards: ${(d.gadgets as string[]).map((g) => GADGETS[g]?.name ?? g).join(', ') || 'no gadget'}, ${d.crystals} Crystal(s) to spend now`;
    default: return ev.type.replace(/_/g, ' ');
  }
}
