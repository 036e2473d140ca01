// Labels for actions and texts for events in the rulebook's words, from the view only.
import type { Seat } from '../../engine/types.js';
import type { Action } from './state.js';
import type { View } from './view.js';
import { placeLabel } from './rules/buildings.js';

const name = (v: View, id: string | null) => (id ? `${v.units.find((u) => u.id === id)?.name ?? id} (${id})` : '');
const inches = (h: number) => `${(h / 100).toFixed(2).replace(/\.?0+$/, '')}"`;

export function label(v: View, seat: Seat | null, a: Action): string {
  const base = orderLabel(v, seat, a);
  // Characters join a squad at the start of its order and leave at the end (§2.8).
  const join = 'attach' in a && a.attach ? `${name(v, a.attach)} joins; ` : '';
  const leave = 'detach' in a && a.detach ? '; the character detaches' : '';
  const psi = a.type === 'engage' && a.psionic ? `; ${a.psionic.fig} invokes ${a.psionic.power} at ${name(v, a.psionic.target)}${a.psionic.after ? ' after moving' : ''}` : '';
  // A Medic left behind with the wounded (§7.23).
  const medic = 'medicStays' in a && a.medicStays ? `; ${a.medicStays} stays with the wounded` : '';
  // A Hero shoots on his own and may pick the figure hit (§2.6).
  const hero = a.type === 'engage' && a.hero ? `; the Hero${a.hero.target ? ` fires at ${name(v, a.hero.target)}` : ''}${a.hero.fig ? ` picks ${a.hero.fig}` : ''}` : '';
  return `${join}${base}${psi}${medic}${hero}${leave}`;
}

function orderLabel(v: View, _seat: Seat | null, a: Action): string {
  const active = name(v, v.active);
  switch (a.type) {
    case 'initiative': return a.first ? 'Activate first' : 'Activate second';
    case 'activate': return `Activate ${name(v, a.unit)}${a.lastStand ? ', making a Last Stand' : ''}${a.drugs ? ', taking its Combat Drugs' : ''}${a.with ? `, then ${name(v, a.with)} (paired)` : ''}`;
    case 'engage':
      if (a.indirect) return `${active} fires its mortar at (${inches(a.indirect[0])}, ${inches(a.indirect[1])})`;
      if (a.aimed) return `${active} takes an aimed shot at ${a.aimed} of ${name(v, a.target)}`;
      if (a.smoke) return `${active} lays a smoke screen from (${inches(a.smoke[0][0])}, ${inches(a.smoke[0][1])}) to (${inches(a.smoke[1][0])}, ${inches(a.smoke[1][1])})${a.moves.length ? ` ${a.fireFirst ? 'before' : 'after'} moving` : ''}`;
      if (a.sentry) return `${active} fires at the sentry gun ${a.sentry}${a.moves.length ? ` ${a.fireFirst ? 'before' : 'after'} moving` : ''}`;
      if (a.bunker) return `${active} fires at the bunker ${a.bunker}${a.moves.length ? ` ${a.fireFirst ? 'before' : 'after'} moving` : ''}`;
      if (a.blast) return `${active}: ${a.blast.fig} fires a blast at (${inches(a.blast.at[0])}, ${inches(a.blast.at[1])})${a.moves.length ? ` ${a.fireFirst ? 'before' : 'after'} moving` : ''}`;
      if (a.exitBunker) return `${active} leaves the bunker ${a.exitBunker}${a.target ? ` and shoots at ${name(v, a.target)}` : ''}`;
      if (!a.moves.length) return a.target ? `${active} shoots at ${name(v, a.target)}` : `${active} holds`;
      return `${active} ${a.jump === 'leap' ? 'leaps with' : a.jump === 'bound' ? 'bounds with' : 'moves'} ${a.moves.length} figure${a.moves.length > 1 ? 's' : ''}${a.target ? ` and shoots at ${name(v, a.target)} ${a.fireFirst ? 'before' : 'after'} moving` : ''}`;
    case 'rush': return `${active} rushes (Move Out)`;
    case 'assault': return `${active} assaults ${name(v, a.target)}${a.jump ? ' by Bound' : ''}${a.exitBunker ? ` out of the bunker ${a.exitBunker}` : ''}`;
    case 'command': {
      const parts = [
        ...(a.callFire ? [`${a.callFire.caller} calls fire from ${a.callFire.asset} at (${inches(a.callFire.at[0])}, ${inches(a.callFire.at[1])})`] : []),
        ...(a.scout ? [`${a.scout.fig} scouts to (${inches(a.scout.at[0])}, ${inches(a.scout.at[1])})`] : []),
        ...(a.scout?.second ? [`${a.scout.second.fig} scouts to (${inches(a.scout.second.at[0])}, ${inches(a.scout.second.at[1])})`] : []),
        ...(a.demolition ? [`${a.demolition.fig} ${a.demolition.act === 'rig' ? 'rigs charges' : 'detonates the charges'}`] : []),
        ...(a.task ? [`${a.task.fig} attempts task ${v.tasks?.find((t) => t.id === a.task!.id)?.name ?? a.task.id}`] : []),
        ...(a.intrude ? [a.intrude.jam ? `${a.intrude.fig} tries to jam ${a.intrude.jam}'s communications` : a.intrude.marker?.id ? `${a.intrude.fig} hacks for marker ${a.intrude.marker.id}` : `${a.intrude.fig} hacks for ${a.intrude.marker?.unit}'s marker ${a.intrude.marker?.n}`] : []),
        ...(a.recover ? [`aid teams treat ${a.recover.map((r) => r.wounded).join(', ')}`] : []),
        ...(a.target ? [`the rest shoot at ${name(v, a.target)}`] : []),
      ];
      return `${active}: ${parts.join(', ') || 'command'}`;
    }
    case 'hide': return `${active} tries to hide`;
    case 'markers': return a.moves.length ? `${active} moves ${a.moves.length} hidden marker${a.moves.length > 1 ? 's' : ''}` : `${active} stays hidden`;
    case 'unhide': return `${active} reveals itself at marker ${a.marker}`;
    case 'spot': return `test marker ${a.marker}${a.by ? ` with ${name(v, a.by)}` : ''} (night spotting)`;
    case 'reveal': return a.real ? `marker ${v.reveal?.marker ?? ''} is the real ${name(v, v.reveal?.unit ?? null)}` : `marker ${v.reveal?.marker ?? ''} is a dummy`;
    case 'withdraw': return a.unit ? `${name(v, a.unit)} withdraws${a.moves.length ? '' : ' straight away from the enemy'} (lull)` : 'no more withdrawals (lull)';
    case 'lullHide': return a.units.length ? `${a.units.map((id) => name(v, id)).join(', ')} go hidden (lull)` : 'nobody hides (lull)';
    case 'infiltrate': return a.unit ? `${name(v, a.unit)} infiltrates (a free Rush)` : 'no more infiltration moves';
    case 'deploy': return `deploy (${a.placements.length} figures placed${a.dummies?.length ? `, ${a.dummies.length} dummy markers` : ''})`;
    case 'minefield': return `place a minefield: markers at ${a.markers.map((p) => `(${inches(p[0])}, ${inches(p[1])})`).join(', ')}; marker ${a.real} real (${a.mine === 'ap' ? 'anti-personnel' : 'anti-vehicle'})`;
    case 'inspire': return a.unit ? `${name(v, a.unit)} is inspired: ${a.effect === 'move' ? 'moves 3"' : a.effect === 'removeUnderFire' ? 'no longer Under Fire' : a.effect === 'recoverWounded' ? 'rolls to recover a wounded trooper' : 'will pass its next morale test'}` : 'the Inspiration goes unused';
    case 'react': return a.unit ? `${name(v, a.unit)} reacts, ${a.moves.length ? 'moving' : 'firing at'} ${a.moves.length ? `(${name(v, v.cards?.react?.to ?? null)} about to act)` : name(v, v.cards?.react?.to ?? null)}` : 'no reaction';
    case 'cooler': return a.unit ? `${name(v, a.unit)} fires at ${name(v, a.target)} after the Plasma Cooler` : 'no more fire after the Plasma Cooler';
    case 'opportunity': return a.unit ? `${name(v, a.unit)} takes opportunity fire at ${name(v, v.interrupted?.unit ?? null)}` : 'hold fire';
    case 'harm': return `${a.fig} suffers the Harm`;
    case 'lucky': {
      // The unit whose roll is held: inside an order, maybe a reacting or defending unit (§2.7).
      const u = v.luckyOrder ? name(v, v.luckyOrder.unit) : active;
      return a.die === null ? `${u} keeps its dice` : `${u}'s lucky trooper re-rolls die ${a.die + 1}`;
    }
    case 'commandReroll': return a.reroll ? `${active} re-rolls its Command Response test (Command Vehicle or HQ)` : `${active} keeps its Command Response result`;
    case 'motivator': return a.reroll ? `${active}'s motivator rallies it: re-roll the morale test` : `${active} keeps its morale result`;
    case 'arrange': return a.places.length ? `${active} arranges ${a.places.length} landed figure${a.places.length > 1 ? 's' : ''}` : `${active} keeps the landing arrangement`;
    case 'drop': return `${active} drops at (${inches(a.at[0])}, ${inches(a.at[1])})`;
    case 'elusive': return a.moves.length ? `${name(v, v.elusive?.target ?? null)} eludes the fire: falls back 4"` : `${name(v, v.elusive?.target ?? null)} stands and takes the fire`;
    case 'retarget': return a.target ? `${name(v, v.elusive?.shooter ?? null)} shoots at ${name(v, a.target)} instead` : `${name(v, v.elusive?.shooter ?? null)} holds fire`;
    case 'control': return a.moves.length ? `move the non-combatants ${name(v, v.controlGroup)}` : `leave the non-combatants ${name(v, v.controlGroup)} in place`;
    case 'drive': {
      const fire = a.fire.map((f) => `weapon ${f.weapon} at ${name(v, f.target)}`).join(', ');
      const move = a.path.length ? `moves at ${a.speed === 'cautious' ? 'Cautious' : 'Standard'} speed to (${inches(a.path[a.path.length - 1][0])}, ${inches(a.path[a.path.length - 1][1])})` : 'stays';
      // Vehicle properties (§2.5): smoke, CIDS, call fire, jump, Medevac.
      const prop = [a.smoke ? 'lays smoke' : '', a.cids ? 'fires its Close-In Defence System' : '', a.callFire ? `calls ${a.callFire.asset} at (${inches(a.callFire.at[0])}, ${inches(a.callFire.at[1])})` : '', a.medevac ? `recovers wounded of ${name(v, a.medevac.unit)}` : ''].filter(Boolean).join(', ');
      return `${active} ${a.jump ? move.replace('moves at', 'jumps at') : move}, heading ${(a.heading / 100).toFixed(0)}°${fire ? `; fires ${fire}${a.path.length ? ` ${a.fireFirst ? 'before' : 'after'} moving` : ''}` : ''}${prop ? `; ${prop}` : ''}`;
    }
  }
}

export function describe(v: View, ev: { type: string; data: unknown }): string {
  const d = (ev.data ?? {}) as Record<string, any>;
  switch (ev.type) {
    case 'dice_rolled': return `${d.purpose}: ${(d.faces ?? []).join(' ')}`;
    case 'initiative': return `side ${d.winner} won the initiative; side ${d.first} activates first`;
    case 'activated': return `${name(v, d.unit)} activates`;
    case 'morale_failed': return `${name(v, d.unit)} fails its morale test (${d.successes} successes)`;
    case 'lucky_window': {
      const test = ({ morale: 'morale test', hesitant: 'Hesitant test', cautious: 'Cautious test', hide: 'hide roll', commandResponse: 'Command Response test' } as Record<string, string>)[d.test as string];
      if (test) return `${name(v, d.unit)} failed its ${test} (${(d.faces as number[]).join(', ')} against ${d.target}+): its lucky trooper may re-roll a die`;
      // A roll inside an order (§2.7): what it gives as it stands.
      const roll = ({ fire: 'fire roll', damage: 'damage die', assault: 'close-assault roll', move: 'variable move roll', task: 'task roll', penetration: 'penetration die', strike: 'Strike Effect', kill: 'kill dice', overrun: 'overrun revenge dice', save: 'save die', defence: 'defence die', intrude: 'Intruder test', demolition: 'demolition roll', crossfire: 'crossfire test', futureShock: 'future shock test', timing: 'strike timing test', accuracy: 'strike accuracy test', penetrationResult: 'penetration results roll' } as Record<string, string>)[d.test as string] ?? 'roll';
      const now = d.test === 'fire' ? `${d.hits} hit${d.hits === 1 ? '' : 's'}` : d.test === 'damage' ? `${d.attack} against ${d.defence}` : d.test === 'assault' ? `${d.score} against ${d.opponent}`
        : d.test === 'penetration' ? `${d.total} against armour ${d.armour}` : d.test === 'strike' ? `${d.strike} on ${name(v, d.struck)}, ${d.hits} hit${d.hits === 1 ? '' : 's'}`
        : d.test === 'kill' || d.test === 'overrun' ? `${d.kills} kill${d.kills === 1 ? '' : 's'} against ${d.target}+`
        : d.test === 'intrude' || d.test === 'crossfire' || d.test === 'futureShock' ? `failed against ${d.target}+` : d.test === 'save' ? `failed against ${d.target}+, a hit on ${d.figure}` : d.test === 'defence' ? `${d.defence} against ${d.attack}, ${d.figure ? `a hit on ${d.figure}` : `${d.unsaved} of ${d.hits} hits unsaved`}`
        : d.test === 'penetrationResult' ? (d.result === 'systemKill' ? 'System Kill' : 'Non-Damaging')
        : d.test === 'accuracy' ? `${d.failed} failed against ${d.target}+`
        : d.test === 'move' ? `${d.allowance / 100}" of ${d.needed / 100}"` : `${d.successes} successes against ${d.target}+`;
      const whose = d.hero ? `${name(v, d.unit)}'s Hero ${name(v, d.hero)}'s` : `${name(v, d.unit)}'s`;
      return `${whose} ${roll} (${(d.faces as number[]).join(', ')}: ${now}): its lucky trooper may re-roll a die`;
    }
    case 'lucky_reroll': return `${name(v, d.unit)}'s lucky trooper re-rolls a ${d.was}: ${d.now}`;
    case 'lucky_kept': return `${name(v, d.unit)} keeps its luck for later`;
    case 'motivator_reroll': return `${name(v, d.unit)}'s motivator re-rolls the morale test: ${d.successes} successes`;
    case 'psionic_power': return `${d.figure} invokes ${d.power} at ${name(v, d.target)}: ${d.successes} successes, ${d.works ? 'it works' : 'it fails'} (Strength ${d.strength})`;
    case 'psionic_harm': return `${d.figure} is harmed${d.killed ? ' and killed' : d.wounded ? ' and wounded' : ' but survives'}`;
    case 'emboldened': return `${name(v, d.unit)} is emboldened and skips its morale test`;
    case 'terror_test': return `${name(v, d.unit)} is terrified and tests morale`;
    case 'drop': return `${name(v, d.unit)} drops: ${d.successes} successes${d.scatter ? `, scatters ${d.scatter}"` : ', on the point'}`;
    case 'aa_fire': return `anti-aircraft fire at ${name(v, d.unit)}: ${d.killed.length} killed`;
    case 'drop_casualties': return `${name(v, d.unit)} loses ${d.killed.length} landing in woods or on buildings`;
    // A collapse's rolls name the room ([P] §3.2 item 3: units inside are identified by room, or by building).
    case 'passenger_survival': return `${d.figure}${d.building ? ` in ${placeLabel(d as { building: string; room?: string })}` : ''} rolls ${d.roll}: ${d.killed ? 'killed' : d.wounded ? 'wounded' : 'unhurt'}`;
    case 'landed': return `${name(v, d.unit)} lands${d.pinned ? ', Pinned' : ''}, Under Fire`;
    case 'drop_no_room': return `${name(v, d.unit)} finds no room to land and stays in reserve`;
    case 'jump': return `${name(v, d.unit)} ${d.jump === 'leap' ? 'leaps' : 'bounds'} on its jump packs`;
    case 'elusive': return `${name(v, d.unit)} eludes ${name(v, d.shooter)}'s fire, falling back`;
    case 'elusive_declined': return `${name(v, d.unit)} does not elude ${name(v, d.shooter)}'s fire`;
    case 'retarget': return d.target ? `${name(v, d.unit)} picks ${name(v, d.target)} instead` : `${name(v, d.unit)} holds its fire`;
    case 'opportunity_fire': return `${name(v, d.unit)} takes opportunity fire at ${name(v, d.target)}`;
    case 'shot': if (d.scattered) return `${name(v, d.unit)} fires scattered at ${name(v, d.target)} (${inches(d.distance)}): ${d.hits} hit${d.hits === 1 ? '' : 's'}`;
      return `${name(v, d.unit)} fires at ${name(v, d.target)} (${d.band} range ${inches(d.distance)}, ${d.cover} cover): FE ${d.fe}, ${d.hits} hit${d.hits === 1 ? '' : 's'}`;
    case 'damage': return `${d.figure}: ${d.attack} against ${d.defence}${d.killed ? ', killed' : d.wounded ? ', wounded' : ', no effect'}`;
    case 'wounded': return `${d.figure} of ${name(v, d.unit)} is wounded`;
    case 'wounded_killed': return `the wounded ${d.figure} of ${name(v, d.unit)} is killed`;
    case 'recovery': return `${d.figure} of ${name(v, d.unit)}: recovery ${d.total}, ${d.result === 'recovered' ? 'recovered and fights again' : d.result === 'stabilized' ? 'stabilized' : 'dies of the wounds'}`;
    case 'wounded_left': return `${name(v, d.unit)} leaves ${d.figures.join(', ')} behind${d.roll === null ? '' : `: ${d.roll}${d.resolveLower ? ', Resolve one level lower for the game' : ', no penalty'}`}`;
    case 'medic_stays': return `${d.medic} of ${name(v, d.unit)} stays behind with ${d.wounded.join(', ')}`;
    case 'medic_released': return `${d.medic} of ${name(v, d.unit)} leaves the wounded and rejoins the squad`;
    case 'wounded_to_rear': return `the stabilized ${d.figure} of ${name(v, d.unit)} is taken to the rear`;
    case 'lull': return 'a lull in the fight';
    case 'hero_aim': return `${name(v, d.unit)} picks ${d.figure} of ${name(v, d.target)} to hit`;
    case 'sentry_shot': return `${name(v, d.unit)} fires at the sentry gun ${d.sentry}: FE ${d.fe}, ${d.hits} hit${d.hits === 1 ? '' : 's'}`;
    case 'sentry_destroyed': return `sentry gun ${d.sentry} is destroyed`;
    case 'sentry_gun': return `sentry gun ${d.gun} (${d.level}) ${d.target ? `fires at ${name(v, d.target)}` : 'has no target in range'}`;
    case 'pds_fire': return `point defence ${d.pds} fires at the incoming round: ${d.roll}, ${d.destroyed ? 'destroyed' : 'missed'}`;
    case 'weapon_recovered': return `${name(v, d.unit)} recovers its ${d.weapon}: ${d.figure} carries it`;
    case 'asset_recovered': return `artillery section ${d.asset} is back`;
    case 'arranged': return `${name(v, d.unit)} arranges its landed figures`;
    case 'psionic_heal': return `${d.figure} of ${name(v, d.unit)} is ${d.recovered ? 'healed and fights again' : 'not healed'}`;
    case 'moved': return `${name(v, d.unit)} moves`;
    case 'assault_result': return `assault ${name(v, d.unit)} ${d.attacker.score} against ${name(v, d.target)} ${d.defender.score}: ${d.outcome === 'draw' ? 'a draw' : `the ${d.outcome} wins`}`;
    case 'routed': return `${name(v, d.unit)} routs`;
    case 'broken': return `${name(v, d.unit)} is broken`;
    case 'morale_result': return `${name(v, d.unit)} morale: ${d.successes} successes, ${d.result}`;
    case 'unit_eliminated': return `${name(v, d.unit)} is eliminated`;
    case 'character_attached': return `${name(v, d.character)} attaches to ${name(v, d.unit)}`;
    case 'character_detached': return `${name(v, d.character)} detaches from ${name(v, d.unit)}`;
    case 'character_killed': return `${name(v, d.character)} is killed`;
    case 'command_disruption': return `${name(v, d.unit)} lost its leader: Pinned (Command Disruption)`;
    case 'aimed_shot': return `${name(v, d.unit)} takes an aimed shot at ${d.figure}: ${d.hit ? '1 hit' : 'missed; it cannot fire again this turn'}`;
    case 'smoke_laid': return `${name(v, d.unit)} lays smoke`;
    case 'smoke_cleared': return `${name(v, d.unit)}'s smoke screen clears`;
    case 'last_stand': return `${name(v, d.unit)} makes a Last Stand`;
    case 'fire_called': return `${d.caller} calls fire from ${d.asset}`;
    case 'mortar_fire': return `${name(v, d.unit)} fires its mortar`;
    case 'artillery_timing': return d.result === 'garbled' ? 'the strike call is garbled: no strike' : d.asset ? `the strike call fails: ${d.asset} is lost` : 'the mortar fire fails';
    case 'artillery_strike': return `the strike lands ${d.scatter ? `${inches(d.scatter)} off target` : 'on target'}`;
    case 'asset_lost': return `artillery section ${d.asset} is lost`;
    case 'infiltrated': return `${name(v, d.unit)} infiltrates`;
    case 'infiltration_passed': return `side ${d.side} makes no more infiltration moves`;
    case 'deployed': return `side ${d.side}'s deployment is revealed (${d.placed} figures placed${d.markers?.length ? `, ${d.markers.length} hidden markers` : ''})`;
    case 'order_recall': return `${name(v, d.unit)} rolled a 1 beyond its Order Distance: ${d.back ? 'it must move back towards its commander' : 'it can only improve its defensive position'}`;
    case 'kills_deflected': return `${name(v, d.unit)}'s powered armour deflects ${d.deflected} of ${d.kills} kills`;
    case 'hide': return `${name(v, d.unit)} ${d.hidden ? 'goes into hiding' : 'fails to hide'}`;
    case 'markers_moved': return `${name(v, d.unit)}'s hidden markers move`;
    case 'revealed': return `${name(v, d.unit)} is revealed at marker ${d.id ?? d.marker}`;
    case 'marker_removed': return d.unit ? `${name(v, d.unit)}'s marker ${d.id ?? d.marker} was a dummy` : `marker ${d.marker} is removed as a dummy`;
    case 'night_spotting': return `${name(v, d.unit)} tests to reveal marker ${d.marker}: ${d.success ? 'success' : 'failure'}`;
    case 'minefield_placed': return `side ${d.side} places minefield ${d.id}${d.real ? ` (marker ${d.real} real, ${d.mine === 'ap' ? 'anti-personnel' : 'anti-vehicle'})` : ''}`;
    case 'mine_passed': return `${name(v, d.unit)} passes minefield ${d.minefield} safely`;
    case 'mine_dummy': return `minefield ${d.minefield} marker ${d.marker} is a dummy and is removed`;
    case 'mine_real': return `minefield ${d.minefield} is real (${d.mine === 'ap' ? 'anti-personnel' : 'anti-vehicle'}): ${name(v, d.unit)} is attacked`;
    case 'intrusion': return `${d.figure} intrudes${d.die === undefined ? '' : ` (${d.die} against ${d.target}+)`}: ${d.success ? 'success' : 'failure'}${d.counterHacked ? ', counter-hacked for the rest of the battle' : ''}`;
    case 'unit_jammed': return `${name(v, d.unit)}'s communications are jammed by ${name(v, d.by)}`;
    case 'communications_jammed': return `side ${d.side === 0 ? 'A' : 'B'} fights without communications`;
    case 'jamming_ended': return `${name(v, d.unit)}'s communications are back`;
    case 'task': return `${d.figure} attempts task ${d.task}: ${d.successes} successes, ${d.result === 'accomplished' ? 'accomplished' : d.result === 'failed' ? 'failed, it may try again' : `failed badly (${d.consequence})`}`;
    case 'card_drawn': return d.card === 'cooler' ? 'the Plasma Cooler card is drawn: the turn ends' : `card drawn: ${String(d.card).startsWith('commander:') ? `Commander ${name(v, String(d.card).slice(10))}` : name(v, String(d.card).slice(5))}`;
    case 'cooler_fire': return `${name(v, d.unit)} fires at ${name(v, d.target)} after the Plasma Cooler`;
    case 'crossfire': return `${name(v, d.unit)} is caught in a crossfire: ${d.passed ? 'it holds' : 'Pinned'}`;
    case 'penetration': return `${d.weapon} hits ${name(v, d.unit)}'s ${d.facing} armour: ${d.total} against ${d.armour}, ${d.penetrated ? 'penetrates' : 'no penetration'}`;
    case 'vehicle_kill': return `${name(v, d.unit)} is knocked out`;
    case 'system_kill': return `${name(v, d.unit)} suffers a System Kill: out of action`;
    case 'non_damaging_penetration': return `${name(v, d.unit)}: a non-damaging penetration`;
    case 'immobilized': return `${name(v, d.unit)} is immobilized`;
    case 'abandoned': return `${name(v, d.unit)}'s crew bails out: abandoned`;
    case 'crew_morale': return `${name(v, d.unit)}'s crew tests morale: ${d.successes} successes`;
    case 'system_kill_recovery': return `${name(v, d.unit)}'s crew ${d.restored ? 'restores the vehicle' : 'fails to restore the vehicle'} (${d.successes} successes)`;
    case 'bogging_test': return `${name(v, d.unit)} bogging test: ${d.passed ? 'passed' : 'bogged down'}`;
    case 'bogging_release': return `${name(v, d.unit)} ${d.passed ? 'frees itself' : 'stays bogged'}`;
    case 'command_reroll': return `${name(v, d.vehicle)} lets ${name(v, d.unit)} re-roll its Command Response test`;
    case 'system_hit': return `${name(v, d.unit)} takes a system hit (${d.hits} of 3)`;
    case 'systems_shut_down': return `${name(v, d.unit)}'s systems shut down`;
    case 'mine_cleared': return `${name(v, d.unit)} clears minefield ${d.minefield} marker ${d.marker}${d.real ? ': the field is cleared' : ''}`;
    case 'cids_fired': return `${name(v, d.unit)} fires its Close-In Defence System`;
    case 'medevac': return `${name(v, d.unit)} treats the wounded of ${name(v, d.squad)}`;
    case 'air_mobile': return `${name(v, d.unit)} drops from the airborne ${name(v, d.transport)}`;
    case 'nerve_test': return `${name(v, d.unit)} ${d.passed ? 'nerves itself to assault' : 'hesitates before'} ${name(v, d.target)}`;
    case 'trait_bestowed': return `${name(v, d.character)} bestows ${d.trait} on ${name(v, d.unit)}`;
    case 'trait_withdrawn': return `${name(v, d.unit)} loses ${d.trait} as ${name(v, d.character)} leaves`;
    case 'combat_drugs': return `${name(v, d.unit)} takes its Combat Drugs${d.gained.length ? `: ${d.gained.join(', ')} for this activation` : ''}`;
    case 'combat_drugs_wounds': return `${name(v, d.unit)}'s drugs wear off${d.figures.length ? `: ${d.figures.join(', ')} wounded` : ''}`;
    case 'detection': return `${name(v, d.unit)} sweeps for hidden markers within 12"`;
    case 'hivemind': return `${name(v, d.unit)} ${d.linked ? `is linked to its mind controller ${d.controller}: Fanatic and Relentless` : 'has no mind controller within 12"'}`;
    case 'cautious_test': return `${name(v, d.unit)} Cautious test ${d.die}: ${d.passed ? 'it may leave cover' : 'it stays in cover'}`;
    case 'turn_ended': return `end of turn ${d.turn}`;
    case 'game_over': return `game over: ${d.reason}`;
    default: return ev.type.replace(/_/g, ' ');
  }
}
