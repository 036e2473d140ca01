// Labels and event descriptions in the rulebook's words, from the view only.
import type { Seat } from '../../engine/types.js';
import type { Action } from './state.js';
import type { View } from './view.js';

const KIND: Record<string, string> = {
  force: 'force beam', laser: 'laser', stasis: 'stasis ray', crust: 'crust buster', neutron: 'neutron bomb', nuke: 'nuke',
  multigun: 'multi-gun', rocket: 'rocket launcher', vortex: 'vortex generator', conversion: 'conversion mechanism', jets: 'jump jets', meleeWeapon: 'melee weapon',
};

function weaponName(v: View, unit: string, weapon: string): string {
  if (weapon.startsWith('light:')) return `light ${KIND[weapon.slice(6)]} (Crawler Light Fire)`;
  const w = v.units[unit]?.weapons.find((x) => x.id === weapon);
  return w ? `${w.size} ${KIND[w.kind]}` : weapon;
}

export function label(v: View, _seat: Seat | null, a: Action): string {
  switch (a.type) {
    case 'platoon': return `Platoon: ${a.crawler} crawler(s), ${a.walker} walker(s), ${a.squad} squad(s)`;
    case 'loadout': return `Weapons: ${[...a.beams, ...a.bombs].map((k) => KIND[k]).join(', ')}`;
    case 'place': return `Set up in ${a.hex}`;
    case 'flag': return `Place the flag in ${a.hex}`;
    case 'fire': {
      const w = weaponName(v, a.unit, a.weapon);
      const kind = v.units[a.unit]?.weapons.find((x) => x.id === a.weapon)?.kind;
      if (kind === 'rocket') return `${a.unit} fires its ${w}: first rocket into ${a.target}`;
      if (kind === 'vortex') return `${a.unit} launches a vortex from its ${w} into ${a.target}`;
      return `${a.unit} fires its ${w}${a.as ? ` as a ${KIND[a.as]}` : ''}${a.mode ? ' (reverse)' : ''} at ${a.target}`;
    }
    case 'jets': return `${a.unit} fires its ${weaponName(v, a.unit, a.weapon)} and hovers`;
    case 'convert': return v.units[a.unit]?.converted ? `${a.unit} converts back to a walker` : `${a.unit} converts to a wheeled vehicle`;
    case 'rocket': return `Next rocket into ${a.hex}`;
    case 'reload': return `${a.unit} reloads its ${weaponName(v, a.unit, a.weapon)}`;
    case 'configure': return `${a.unit} changes configuration`;
    case 'clearStasis': return `${a.unit} clears a stasis hit`;
    case 'grab': return `${a.unit} grabs the ${a.object}`;
    case 'drop': return `${a.unit} drops what it carries`;
    case 'melee': return `${a.unit} attacks ${a.target} in melee`;
    case 'move': return a.path[0] === 'off' ? `${a.unit} leaves the map` : `${a.unit} moves to ${a.path.join(' → ')}`;
    case 'end': return 'End the activation';
    case 'lasers': return a.fire.length ? `Lasers: ${a.fire.map((f) => `${f.unit} at the ${f.at} hex`).join(', ')}` : 'No lasers';
    case 'push': return a.to ? `Push to ${a.to}` : 'No push';
    case 'continue': return a.go ? 'Continuous fire: roll again' : 'Stop firing';
    case 'displace': return `Displace ${a.unit} to ${a.to}`;
    case 'status': { const c = Object.entries(a.changes); return c.length ? `Status: ${c.map(([u, s]) => `${u} → ${s}`).join(', ')}` : 'No status change'; }
    case 'grenades': { const c = Object.entries(a.changes); return c.length ? `Change grenades: ${c.map(([u, k]) => `${u} → ${KIND[k]}`).join(', ')}` : 'Keep all grenades'; }
    case 'reprogram': return a.squad ? `${a.squad} reprograms the runaway crawler` : 'Do not reprogram';
  }
}

// Objects (§13 A18: satellite, flag) take stasis hits, freeze and get pushed too: their events
// name an `object` where a unit's events name a `unit`.
export function describe(_v: View, ev: { type: string; data: unknown }): string {
  const d = (ev.data ?? {}) as Record<string, unknown>;
  switch (ev.type) {
    case 'setup_committed': return `Set-up stage ${Number(d.stage) + 1}: choices committed`;
    case 'setup_step': return `Set-up stage ${Number(d.stage) + 1}`;
    case 'setup_revealed': return `Set-up revealed: ${(d.units as unknown[] | undefined)?.length ?? 0} units`;
    case 'turn_started': return `Turn ${d.turn} (${d.deck} cards in the action deck)`;
    case 'time_stream': return `Time Stream ${d.ts} (total ${d.total})`;
    case 'status_revealed': return 'Status changes revealed';
    case 'status_changed': return `${d.unit} goes ${d.status}`;
    case 'activation': return `Activation: ${d.side} ${d.unit}s${Array.isArray(d.units) && d.units.length ? ` (${(d.units as string[]).join(', ')})` : ''}`;
    case 'activation_ended': return 'The activation ends';
    case 'configured': return `${d.unit} changes configuration to ${d.config}`;
    case 'fired': return `${d.unit} fires its ${d.size} ${KIND[String(d.kind)] ?? d.kind}${d.target ? ` at ${d.target}` : ''}`;
    case 'bomb_launched': return `${d.unit} launches a ${d.size} ${KIND[String(d.kind)] ?? d.kind} from ${d.launch} at ${d.target}`;
    case 'bomb_detonated': return `The ${d.size} ${KIND[String(d.kind)] ?? d.kind} detonates in ${d.hex}`;
    case 'bomb_destroyed': return `${d.unit}'s bomb is destroyed`;
    case 'epicenter_placed': return `A ${d.colour} epicenter in ${d.hex}`;
    case 'earthquake_card_added': return 'An Earthquake card goes into the action deck';
    case 'earthquake': return `A ${d.size} earthquake`;
    case 'cloud_placed': return `A ${d.size} mushroom cloud in ${d.hex}`;
    case 'cloud_reduced': return d.size ? `The mushroom cloud in ${d.hex} shrinks to ${d.size}` : `The mushroom cloud in ${d.hex} is gone`;
    case 'reloaded': return `${d.unit} reloads`;
    case 'scattered': return `${d.unit} scatters`;
    case 'pushed': return `${d.unit ?? d.object} is pushed ${d.from} → ${d.to}`;
    case 'stasis_changed': return `${d.unit ?? d.object}: ${d.stasis} stasis hit(s)`;
    case 'frozen': return `${d.unit ?? d.object} is frozen${d.stasis === undefined ? '' : ` (${d.stasis} stasis hits)`}`;
    case 'object_removed': return `${d.object} leaves the map (${d.reason}${d.with ? `, with ${d.with}` : ''})`;
    case 'thawed': return `${d.unit} thaws`;
    case 'grenades_changed': return `${d.unit} changes grenades to ${KIND[String(d.kind)] ?? d.kind}`;
    case 'runaway_armed': return `The runaway crawler arms: ${KIND[String(d.beam)] ?? d.beam} and ${KIND[String(d.bomb)] ?? d.bomb}`;
    case 'mutated': return `${d.unit}'s weapon mutates into a ${KIND[String(d.kind)] ?? d.kind}`;
    case 'opportunity': return `Opportunity card: ${d.card}`;
    case 'round_over': return `Round ${d.round} over: ${d.reason}`;
    case 'round_started': return `Round ${d.round} begins`;
    case 'card_drawn': return `Card drawn: ${d.card}`;
    case 'dice_rolled': return `${d.purpose}: ${(d.faces as unknown[]).join(' ')}${d.hits !== undefined ? ` (${d.hits} ☺)` : ''}`;
    case 'moved': return `${d.unit} moves ${d.from ?? 'onto the map'} → ${d.to}`;
    case 'unit_removed': return `${d.unit} leaves the game (${d.reason})`;
    case 'terrain_converted': return `${d.hex}: ${d.from} becomes ${d.to}`;
    case 'game_over': return `Game over: ${d.reason}`;
    case 'rocket': return `${d.unit} fires a rocket into ${d.hex}`;
    case 'vortex_launched': return `${d.unit} launches a ${d.size} vortex into ${d.hex}`;
    case 'vortex_moved': return `The vortex moves to ${d.to}`;
    case 'vortex_turned': return 'The unstable vortex turns';
    case 'vortex_exploded': return `The vortex explodes in ${d.hex} as a ${d.size} nuke`;
    case 'vortex_removed': return `The vortex leaves the map`;
    case 'cloud_removed': return `The vortex enters the mushroom cloud in ${d.hex}: the cloud is removed`;
    case 'jets_fired': return `${d.unit} fires its jump jets and hovers`;
    case 'landed': return `${d.unit} lands`;
    case 'converted': return d.wheeled ? `${d.unit} converts to a wheeled vehicle` : `${d.unit} converts back to a walker`;
  }
  return ev.type.replace(/_/g, ' ');
}
