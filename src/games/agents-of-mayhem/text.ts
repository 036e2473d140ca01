// Labels for actions and texts for events, in the rulebook's words, from the view only. Every
// piece is named by its display name from the data (boards, figures, Vehicle and drone tiles,
// DDDs, Mayhem cards, gadgets, upgrades), never by its data id (#18).
import type { Seat } from '../../engine/types.js';
import { CONTENT } from './content.js';
import { DDDS } from './rules/ddd.js';
import { MAYHEM } from './rules/mayhem.js';
import { DRONES, VEHICLES } from './rules/vehicles.js';
import { CARD_ACTIONS, GADGETS, UPGRADES, actionOf, type Action } from './state.js';
import type { View } from './view.js';

/** A board's name: an Elite's (Fortune), a Squad's (Alpha Squad). */
export function boardName(id: string): string { return CONTENT.elites[id]?.name ?? CONTENT.squads[id]?.name ?? id; }
/** A Vehicle or drone tile's name (MAYHEM Pursuit Car, Billboard Drone). */
export function tileName(id: string): string { return VEHICLES[id]?.name ?? DRONES[id]?.name ?? id; }
/** A Doomsday Device's name (Hell Tower). */
export function dddName(id: string): string { return DDDS[id]?.name ?? id; }
/** A Mayhem card by its character use and its owner: "Trick Shot (Fortune's Mayhem card)". */
export function mayhemCardName(id: string): string {
  const c = MAYHEM.cards[id];
  if (!c) return id;
  const owner = CONTENT.elites[c.unit]?.name ?? CONTENT.minions[c.unit]?.name ?? c.unit;
  return c.character ? `${c.character.name} (${owner}'s Mayhem card)` : `${owner}'s Mayhem card`;
}
const gadgetName = (id: string) => GADGETS[id]?.name ?? id;
const upgradeName = (id: string) => UPGRADES[id]?.name ?? id;
/** A Stunned unit's named surcharge (spec 2.2.6), by cube colour. */
const stunText = (a: { surcharge?: string }) => a.surcharge ? ` (Stunned surcharge: ${[...a.surcharge].map((c) => ({ G: 'green', Y: 'yellow', B: 'blue' } as Record<string, string>)[c] ?? c).join(', ')})` : '';
/** The attacker's named dice (spec 7.3.4): the die each net Attack Bonus upgrades / Penalty downgrades, in turn. */
const diceText = (a: { dieUpgrades?: string[]; dieDowngrades?: string[] }) =>
  a.dieUpgrades?.length ? ` (Attack Bonuses upgrade: ${a.dieUpgrades.map((c) => `${c} die`).join(', then ')})`
    : a.dieDowngrades?.length ? ` (Attack Penalties downgrade: ${a.dieDowngrades.map((c) => `${c} die`).join(', then ')})` : '';
const minionName = (id: string) => CONTENT.minions[id]?.name ?? id;
const wellName = (w: unknown) => { const x = String(w); return x.charAt(0).toUpperCase() + x.slice(1); };
const statusName = (k: unknown) => String(k).toLowerCase().split('_').map(wellName).join(' ');
const list = (xs: string[]) => xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

/** A unit's name: an Elite's or Ally's figure by its name, a Minion by its type and number (Swarm Trooper 2). */
export function unitName(v: View, id: string): string {
  if (id.startsWith('ddd:')) return `the ${dddName(id.slice(4))}`;
  const u = v.units[id];
  if (u?.ally) return CONTENT.allies[u.ally].name;
  if (u?.minion) return `${minionName(u.minion)} ${id.slice(u.minion.length + 1)}`.trim();
  if (u) return CONTENT.elites[u.board]?.name ?? id;
  // A figure gone from the view (its board left the game): its name from its id.
  if (CONTENT.elites[id]) return CONTENT.elites[id].name;
  if (CONTENT.allies[id]) return CONTENT.allies[id].name;
  const dash = id.lastIndexOf('-');
  return dash > 0 && CONTENT.minions[id.slice(0, dash)] ? `${minionName(id.slice(0, dash))} ${id.slice(dash + 1)}` : id;
}
function actionName(v: View, unit: string, action: string): string {
  // A Weapon Action with its Weapon gadget: `<weapon>+<gadget>`.
  const plus = action.indexOf('+');
  if (plus > 0) return `${actionName(v, unit, action.slice(0, plus))} + ${gadgetName(action.slice(plus + 1))}`;
  const u = v.units[unit];
  const list = [...(u?.ally ? CONTENT.allies[u.ally].actions : u?.minion ? CONTENT.minions[u.minion].actions : CONTENT.elites[u?.board ?? '']?.actions ?? []), ...(u ? CARD_ACTIONS[u.minion ?? u.board] ?? [] : [])];
  // A gadget's Action: the view's unit carries its slotted gadgets (public).
  const gadget = u?.gadgets?.map((g) => GADGETS[g]?.action).find((a) => a?.id === action);
  return list.find((a) => a.id === action)?.name ?? gadget?.name ?? action;
}
/** A timer's holder: a figure (`unit:<id>`), an Action of a figure (`action:<unit>:<action>`) or a DDD tile (`ddd:<id>`). */
function holderName(v: View, h: string): string {
  const [kind, a, b] = h.split(':');
  if (kind === 'unit') return unitName(v, a);
  if (kind === 'action') return `${unitName(v, a)}'s ${actionName(v, a, b)}`;
  if (kind === 'ddd') return `the ${dddName(a)} tile`;
  return h;
}
/** The Aim Bonuses by the rulebook's names (L1704-1711). */
function aimBonusName(b: string): string {
  if (b.startsWith('explosion:')) return `Trigger Explosion at ${sp(b.slice(10))}`;
  if (b.startsWith('cube:')) return `Gain Action Cube (${({ G: 'green Speed', Y: 'yellow Focus', B: 'blue Tech' } as Record<string, string>)[b.slice(5)] ?? b.slice(5)})`;
  return ({ mayhem: 'Gain Mayhem', weakSpot: 'Weak Spot', disrupt: 'Disrupt' } as Record<string, string>)[b] ?? b;
}
/**
 * `delayed {target: null}`: before the attack it forgoes the delayed Action; once the attack was made
 * (`fired`, only the Weapon Action's MP left, L623 "before or after the attack") it ends the Action
 * with those MP not spent.
 */
function delayedEnd(v: View): string {
  const f = v.stack[v.stack.length - 1];
  if (f?.t !== 'delayed' || !f.fired) return 'Forgo the delayed Action';
  return `End the delayed ${actionName(v, f.unit, f.action)} without spending its remaining ${f.mp ?? 0} MP`;
}
const sp = (k: string) => { const [x, y, z] = k.split(','); return `${x},${y} (Level ${z})`; };

export function label(v: View, _seat: Seat | null, a: Action): string {
  switch (a.type) {
    case 'activate': return `Activate ${boardName(a.board)}`;
    case 'act': return `${unitName(v, a.unit)}: ${actionName(v, a.unit, a.action)}${a.target ? ` at ${sp(a.target)}` : a.when === 'before' ? ' (move first)' : a.aim === 'timer' ? ' (aimed by timer: target chosen when it is removed)' : ''}${a.aim === true ? ' (aimed, +1 Focus)' : ''}${a.mayhem ? ` (+1 die: ${mayhemCardName(a.mayhem)})` : ''}${a.gadget ? ' (with its Weapon gadget)' : ''}${diceText(a)}${stunText(a)}${a.timer ? (a.target === undefined && v.units[a.unit] && actionOf(v.units[a.unit], a.action)?.kind === 'attack' ? ' (delayed by its When-Removed timer: moves and target when it is removed)' : ' (with its Until-Removed timer)') : ''}`;
    case 'delayed': return a.target ? `Delayed Action at ${sp(a.target)}${diceText(a)}` : delayedEnd(v);
    case 'arm': return `${dddName(a.ddd)}: start the countdown (3 MAYHEM timers)`;
    case 'move': return `${unitName(v, a.unit)} moves to ${sp(a.to)}, facing ${a.facing}`;
    case 'jump': return `${unitName(v, a.unit)} jumps to ${sp(a.to)}, facing ${a.facing}`;
    case 'dash': return `${unitName(v, a.unit)} Dashes to ${sp(a.to)}, facing ${a.facing}${stunText(a)}`;
    case 'fire': return a.target ? `Fire at ${sp(a.target)}${diceText(a)}` : 'Forgo the attack';
    case 'group': return `${unitName(v, a.unit)} joins the group Action${a.target ? ` at ${sp(a.target)}` : ''}${diceText(a)}`;
    case 'end': return 'End the activation';
    case 'pass': return 'Pass';
    case 'aimBonus': return a.bonus ? `Aim Bonus: ${aimBonusName(a.bonus)}` : 'No more Aim Bonuses';
    case 'block': return a.times ? `Block ${a.times} Hit${a.times > 1 ? 's' : ''}${stunText(a)}` : 'No Block';
    case 'wound': return `Wound into the ${wellName(a.well)} well`;
    case 'push': return a.to ? `Push to ${sp(a.to)}` : 'Stop pushing';
    case 'fallDash': return a.dash ? `Fall Dash${stunText(a)}` : 'Fall';
    case 'hack': return `${unitName(v, a.unit)} Hacks ${a.ddd ? `the ${dddName(a.ddd)}` : `the Event Marker at ${sp(a.marker ?? '')}`} with ${a.dice} ${a.dice > 1 ? 'dice' : 'die'}${stunText(a)}`;
    case 'placeAlly': return `Place the Ally at ${sp(a.to)}`;
    case 'laser': return `Laser Satellite: Explosion marker at ${sp(a.to)}`;
    case 'turret': return a.target ? `${dddName(a.ddd)} attacks ${sp(a.target)}${diceText(a)}` : `${dddName(a.ddd)}: delay the attack (timer on the tile, aimed)`;
    case 'edmksTax': return `EDMKS: spend a ${wellName(a.well)} cube`;
    case 'edmks': return `EDMKS: ${boardName(a.board)} gains a Mayhem cube`;
    case 'displace': return `Place the unit from the collapsed Level at ${sp(a.to)}`;
    case 'deploy': return a.board ? `Deploy a ${minionName(a.minion ?? '')} of ${boardName(a.board)} at ${sp(a.to ?? '')}` : 'Deploy no more';
    case 'redeploy': return a.to ? `Redeploy ${boardName(a.board)} at ${sp(a.to)}` : `Leave ${boardName(a.board)} Downed`;
    case 'resetBoard': return a.board === null ? 'Reset no more boards' : `Reset ${boardName(a.board)}, keeping ${list((a.keep ?? []).map(gadgetName)) || 'no gadget'}`;
    case 'buyUpgrade': return a.board === null ? 'Buy no more upgrades (unspent Crystals expire)' : `${boardName(a.board)}: buy ${upgradeName(a.upgrade ?? '')}${a.replace ? ` replacing ${upgradeName(a.replace)}` : ''}`;
    case 'reward': return a.take === 'gadget' ? 'Gain a new gadget (drawn from the Undiscovered deck)' : 'Gain a Dark Matter Crystal';
    case 'buyMinions': return a.buy.length ? `Buy ${a.buy.map((x) => `${x.figures} ${minionName(x.minion)} (${boardName(x.board)})`).join(', ')}` : 'Buy no Minions';
    case 'placeUnit': return `Place the figure at ${sp(a.to)}`;
    case 'chooseBoards': return `Play ${list(a.boards.map(boardName))}`;
    case 'chooseGadgets': return a.gadgets.length ? `Slot ${list(a.gadgets.map(gadgetName))}` : 'Slot no gadgets';
    case 'summon': return `Summon the ${tileName(a.vehicle)} at ${sp(a.front)}, facing ${a.facing} (pay ${a.pay})`;
    case 'drive': return a.move === 'jump' ? `${tileName(a.vehicle)}: Ramp Jump, ${a.spaces} space${a.spaces === 1 ? '' : 's'}` : `${tileName(a.vehicle)}: ${driveName(a.move)}`;
    case 'sideSwipe': return `Side swipe: ${unitName(v, a.driver)} gains the Permanent Mayhem Status`;
    case 'ramPush': return `Push the Rammed unit to ${sp(a.to)}`;
    case 'stepTriggers': return a.triggers.length ? `Interrupt when an enemy enters ${triggersText(v, a.triggers)}` : 'No step triggers';
    case 'mayhemDraw': return `Draw a Mayhem card (Mayhem cubes from ${list(a.pay.map(boardName))})`;
    case 'mayhemPlay': return `Play ${mayhemCardName(a.card)} on ${boardName(a.board)}${a.cube ? ` for a ${a.cube} cube` : ''}`;
    case 'refresh': return `Refresh: cubes ${a.cubes || 'none'}${a.wound ? `, heal ${wellName(a.wound)}` : ''}${a.positive ? `, remove ${statusName(a.positive)}` : ''}${a.negative ? `, remove ${statusName(a.negative)}` : ''}`;
  }
}

/** A drive maneuver's name ("turnLeft": Turn left). */
const driveName = (m: string) => m.replace(/([A-Z])/g, ' $1').toLowerCase().replace(/^./, (c) => c.toUpperCase());
/** Step triggers as a list: "the ZoC of Fortune, the LOS of Hardtack". */
const triggersText = (v: View, ts: { unit: string; when: string }[]) => list(ts.map((x) => `the ${x.when === 'zoc' ? 'ZoC' : 'LOS'} of ${unitName(v, x.unit)}`));

export function describe(v: View, ev: { type: string; data: unknown }): string {
  const d = (ev.data ?? {}) as Record<string, unknown>;
  const n = (k: string) => unitName(v, String(d[k]));
  const b = (k: string) => boardName(String(d[k]));
  const t = (k: string) => tileName(String(d[k]));
  const ddd = (k: string) => dddName(String(d[k]));
  const names = (k: string, f: (x: string) => string) => list(((d[k] ?? []) as string[]).map(f));
  switch (ev.type) {
    case 'mission_started': return `Mission ${d.mission} begins: ${d.rounds} Round(s), ${d.initiative} has the initiative`;
    case 'activated': return `${d.side} activates ${b('board')}`;
    case 'entered': return `${n('unit')} enters the map`;
    case 'moved': return d.delayed ? `${n('unit')} moves for its delayed ${actionName(v, String(d.unit), String(d.delayed))} (${d.mp} MP left)` : d.instant ? `${n('unit')} moves with ${actionName(v, String(d.unit), String(d.instant))} (${d.mp} MP left)` : `${n('unit')} moves`;
    case 'stepped': return `${n('unit')} steps to ${sp(String(d.to))}`;
    case 'move_stopped': return `${n('unit')}'s move ends at ${sp(String(d.at))}: ${d.why === 'traffic' ? 'hit by Traffic' : 'its destination is out of reach'}`;
    case 'step_triggers': {
      // Only to the seat that gave them (its standing orders, spec 8.2): what it registered.
      const ts = (d.triggers ?? []) as { unit: string; when: string }[];
      return ts.length ? `Your step triggers: a W-step window when an enemy enters ${triggersText(v, ts)}` : 'Your step triggers are cleared';
    }
    case 'traffic_check': return `Traffic: ${n('unit')} is ${d.distance} space(s) in front of the ${t('drone')}; ${d.side} reveals ${d.card} (Drone Movement ${d.movement}): ${d.hit ? 'the drone rams' : 'no hit'}`;
    case 'traffic_moves': return `Traffic moves ${d.movement} space(s)${d.spawn ? `, ${d.spawn} drone(s) to spawn` : ''}`;
    case 'drone_moved': return `The ${t('drone')} drives to ${sp(String(d.front))}`;
    case 'drone_spawned': return `The ${t('drone')} enters the Road at ${sp(String(d.entry))}`;
    case 'drone_not_spawned': return `No drone enters (${d.why})`;
    case 'drone_exited': return `The ${t('drone')} leaves the map`;
    case 'drone_not_entered': return `The ${t('drone')} cannot enter the map`;
    case 'attack_declared': return `${n('attacker')} attacks ${sp(String(d.target))}`;
    case 'attack_result': return `${n('target')}: ${d.hits} Hit(s), ${d.pushes} Push(es)`;
    case 'aim_bonus': return `Aim Bonus: ${aimBonusName(String(d.bonus))}`;
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
    case 'hacked': return `${n('unit')}${d.marker ? ` (Event Marker at ${sp(String(d.marker))})` : d.ddd ? ` (the ${ddd('ddd')})` : ''}: ${d.action}, ${d.hits} Hit(s) of ${d.difficulty} needed: ${d.success ? 'hacked' : 'failed'}`;
    case 'ddd_hit': return `The ${ddd('ddd')}: ${d.wounds} of ${d.health} Wounds`;
    case 'vehicles_placed': return `Set up: ${(d.vehicles as { vehicle: string; front: string }[]).map((x) => `the ${tileName(x.vehicle)} at ${sp(x.front)}`).join(', ')}`;
    case 'vehicle_summoned': return `${d.side} summons the ${t('vehicle')} at ${sp(String(d.front))}`;
    case 'vehicle_moved': return `The ${t('vehicle')} drives (${driveName(String(d.move)).toLowerCase()}) to ${sp(String(d.front))}`;
    case 'vehicle_hit': return `The ${t('vehicle')}: ${d.wounds} of ${d.strength} Wounds`;
    case 'vehicle_destroyed': return `The ${t('vehicle')} is destroyed`;
    case 'vehicle_fell': return `The ${t('vehicle')} falls ${d.levels} Level${d.levels === 1 ? '' : 's'} to ${sp(String(d.front))}`;
    case 'rammed': return `The ${t('vehicle')} rams ${n('unit')} (4 ${d.dice} dice)`;
    case 'side_swipe': return `Side swipe: ${n('driver')} gains a Permanent Mayhem Status`;
    case 'vehicle_stopped': return `The ${t('vehicle')} stops (${String(d.why).replace(/_/g, ' ')})`;
    case 'ddd_destroyed': return `The ${ddd('ddd')} is destroyed`;
    case 'turret': return d.delayed ? `The ${ddd('ddd')} charges its cannon (timer on the tile)` : `The ${ddd('ddd')} fires at ${sp(String(d.target))}`;
    case 'laser_fired': return `The Laser Satellite targets ${sp(String(d.to))}`;
    case 'edmks_tax': return `EDMKS: ${b('board')} spends a ${wellName(d.well)} cube`;
    case 'edmks_mayhem': return `EDMKS: ${b('board')} ${d.gained ? 'gains' : 'has no room for'} a Mayhem cube`;
    case 'turn_started': return `Round ${d.round}, Turn ${d.turn}: ${d.side}${d.first ? ' (first Turn of the Round)' : ''}`;
    case 'action': return `${n('unit')}: ${actionName(v, String(d.unit), String(d.action))}${d.cost ? ` (${d.cost})` : ''}${d.target ? ` at ${sp(String(d.target))}` : ''}`;
    case 'group_action': return `${n('unit')} joins the group Action ${actionName(v, String(d.unit), String(d.action))}${d.target ? ` at ${sp(String(d.target))}` : ''}`;
    case 'dashed': return `${n('unit')} Dashes to ${sp(String(d.to))}, facing ${d.facing}`;
    case 'fall_dash': return `${n('unit')} Dashes as it falls`;
    case 'jumped': return `${n('unit')} jumps from ${sp(String(d.from))} to ${sp(String(d.to))}`;
    case 'pushed': return `${n('unit')} is Pushed to ${sp(String(d.to))}`;
    case 'deployed': return `${b('board')} deploys ${n('unit')} at ${sp(String(d.to))}`;
    case 'redeployed': return `${n('unit')} is Redeployed at ${sp(String(d.to))}`;
    case 'attack_forgone': return `${n('unit')} forgoes the attack`;
    case 'attack_missed': return d.unit ? `The attack on ${n('unit')} misses` : d.object ? `The attack on the Explosive Object at ${sp(String(d.object))} misses` : d.vehicle ? `The attack on the ${t('vehicle')} misses` : `The attack on the ${ddd('ddd')} misses`;
    case 'attack_resolved': return 'The attack is resolved';
    case 'attack_lost': return `${n('unit')} is Downed before its roll: the attack is lost`;
    case 'action_lost': return `${n('unit')} is Downed before its ${actionName(v, String(d.unit), String(d.action))} is performed: the Action is lost`;
    case 'hits': return `${n('unit')} takes ${d.hits} Hit(s)${d.wounds !== undefined ? ` (${d.wounds} Wound(s))` : ''}${d.total !== undefined ? ` (${d.total} this Turn${d.defense !== undefined ? `, Defense ${d.defense}` : ''})` : ''}`;
    case 'blocked': return `${n('unit')} Blocks ${d.times} of ${d.hits} Hit(s)`;
    case 'wound': return `${n('unit')} takes a Wound into the ${wellName(d.well)} well (${d.total} in all)`;
    case 'status_gained': return `${n('unit')} gains the ${statusName(d.status)} Status`;
    case 'cube_gained': return `${b('board')} gains a cube in the ${wellName(d.well)} well`;
    case 'refreshed': return `${b('board')} refreshes: cubes ${d.cubes || 'none'}${d.wound ? `, heals ${wellName(d.wound)}` : ''}`;
    case 'ally_placed': return `${n('unit')} is placed at ${sp(String(d.to))}`;
    case 'ally_not_placed': return `${n('unit')} finds no free space and stays off the map`;
    case 'ally_refreshed': return `${n('unit')} refreshes its damage`;
    case 'om_flipped': return `Objective Marker ${d.om} flips to ${d.to}${d.by ? ` (${n('by')})` : ''}`;
    case 'mayhem_status': return `${b('board')} has ${d.count} Permanent Mayhem Status${d.count === 1 ? '' : 'es'}`;
    case 'mayhem_hand': return `${d.side} holds ${d.cards} Mayhem card(s)`;
    case 'mayhem_drawn': return `${d.side} draws Mayhem cards (${d.cards} in hand)`;
    case 'mayhem_played': return `${d.side} plays ${mayhemCardName(String(d.card))} (${d.use === 'character' ? 'its character use' : d.use})${d.board ? ` on ${b('board')}` : ''}${d.cube ? ` for a ${d.cube} cube` : ''}`;
    case 'mayhem_converted': return `${b('board')} converts a Mayhem card${d.cube ? ' into a cube' : ''}`;
    case 'mayhem_reshuffled': return `${d.side} reshuffles the Mayhem deck`;
    case 'event_triggered': return d.card ? `${d.card} Event Card ${d.n} drawn${d.deck === 'event' ? ' from the Event deck' : ''} (${d.book}'s book): ${d.text}` : `${d.book} Event ${d.n} at ${sp(String(d.at))}${d.by ? ` (${n('by')})` : ''}: ${d.text}`;
    case 'om_placed': return `Objective Marker ${d.om} is placed at ${sp(String(d.at))}, under ${d.control} control${d.hits ? ` (Targetable: ${d.hits} Hits in one Turn destroy it)` : ''}${d.lock ? `; until then ${(d.lock as { side: string }).side} units cannot leave or enter the room` : ''}`;
    case 'om_hit': return `Objective Marker ${d.om} takes ${d.hits} Hit(s) (${d.total} of ${d.of} this Turn)`;
    case 'lock_lifted': return `The room locked by Objective Marker ${d.om} is gone with the collapse: ${d.side} units are no longer held`;
    case 'om_destroyed': return `Objective Marker ${d.om} is destroyed${d.unlocked ? ': the room is open again' : ''}`;
    case 'timer_placed': return d.until ? `A ${d.side} Until-Removed timer is placed on ${n('unit')}'s ${actionName(v, String(d.unit), String(d.action))}` : `A ${d.side} timer is placed on ${holderName(v, String(d.holder))}${d.action ? ` (${actionName(v, String(d.unit), String(d.action))} delayed)` : ''}`;
    case 'timer_removed': return `A ${d.side} timer comes off ${holderName(v, String(d.holder))}`;
    case 'delayed_resolved': return `${n('unit')}: delayed ${actionName(v, String(d.unit), String(d.action))} at ${sp(String(d.target))}`;
    case 'delayed_ended': return `${n('unit')}: the delayed ${actionName(v, String(d.unit), String(d.action))} ends${d.mpLost ? ` (${d.mpLost} MP unspent)` : ''}`;
    case 'delayed_forgone': return `${n('unit')}: the delayed ${actionName(v, String(d.unit), String(d.action))} is lost`;
    case 'bomb_armed': return `LEGION starts the ${ddd('ddd')} countdown`;
    case 'bomb_countdown': return `The ${ddd('ddd')}: ${d.left} timer(s) left`;
    case 'bomb_detonated': return `The ${ddd('ddd')} detonates: every unit on its Tile is Downed`;
    case 'building_destroyed': return `The building on Tile ${d.tile} is completely destroyed`;
    case 'radiation': return `${n('unit')} takes radiation from the ${ddd('ddd')}`;
    case 'dice_rolled': return `Roll (${d.purpose}): ${(d.faces as string[]).join(' ')}`;
    case 'gadgets_slotted': return `${b('board')} slots ${names('gadgets', gadgetName)}${(d.temporary as string[]).length ? ` (for this mission only: ${names('temporary', gadgetName)})` : ''}`;
    case 'gadgets_chosen': return d.gadgets ? `${d.side} chooses ${names('gadgets', gadgetName) || 'no gadgets'} (sealed)` : `${d.side} has chosen its gadgets (sealed)`;
    case 'upgrades_inserted': return `${CONTENT.elites[String(d.unit)]?.name ?? minionName(String(d.unit))} has upgrades ${names('upgrades', upgradeName)}${(d.temporary as string[]).length ? ` (for this mission only: ${names('temporary', upgradeName)})` : ''}`;
    case 'upgrade_not_inserted': return `${upgradeName(String(d.upgrade))} is not inserted on ${CONTENT.elites[String(d.unit)]?.name ?? minionName(String(d.unit))} (${d.reason})`;
    case 'upgrade_bought': return `${d.side} buys ${upgradeName(String(d.upgrade))} for ${b('board')}${d.replaced ? `, replacing ${upgradeName(String(d.replaced))}` : ''} (${d.crystals} Crystal(s); ${d.left} left)`;
    case 'upgrades_bought': return `${d.side} buys no more upgrades${d.expired ? ` (${d.expired} Crystal(s) expire)` : ''}`;
    case 'board_reset': return `${d.side} resets ${b('board')}`;
    case 'boards_committed': return d.boards ? `${d.side} chooses ${names('boards', boardName)} (sealed)` : `${d.side} has chosen its boards (sealed)`;
    case 'boards_chosen': return `${d.side} plays ${names('boards', boardName)}`;
    case 'board_left': return `${b('board')} is left out${((d.units ?? []) as string[]).length ? ` with ${names('units', (x) => unitName(v, x))}` : ''}`;
    case 'gadget_discovered': return `${d.side} discovers ${gadgetName(String(d.gadget))} (${CONTENT.elites[String(d.character)]?.name ?? d.character})`;
    case 'minions_bought': return `${d.side} buys ${(d.buy as { board: string; minion: string; figures: number }[]).map((x) => `${x.figures} ${minionName(x.minion)} (${boardName(x.board)})`).join(', ') || 'no Minions'}`;
    case 'unit_placed': return `${n('unit')} is placed at ${sp(String(d.to))}`;
    case 'unit_not_placed': return `${n('unit')} finds no free space and stays off the map`;
    case 'crystal_gained': return `${d.side} gains a Dark Matter Crystal`;
    case 'no_gadget_left': return `${d.side}'s Undiscovered gadget deck is empty: no gadget gained`;
    case 'rewards_gained': return `${d.side}'s rewards: ${names('gadgets', gadgetName) || 'no gadget'}, ${d.crystals} Crystal(s) to spend now`;
    default: return ev.type.replace(/_/g, ' ');
  }
}
