// One "…Problem" function per rule (STYLE §3): candidates filter with them and validate returns
// the first, so a client's preview and the server's refusal cannot disagree.
import { violation, type Violation } from '../../engine/types.js';
import { CONTENT, scenarioDef } from './content.js';
import { DEPRESSIONS, beamLos, bombLos, hexDistance, neighboursOf, spotOf } from './geometry.js';
import { beamTargetOk, shotWeapon, weaponOf } from './rules/combat.js';
import { rocketHexProblem, vortexLaunchProblem } from './rules/chrome.js';
import { displacementFeasible, displacementNeed } from './rules/movement.js';
import { objectHex } from './rules/effects.js';
import { BEAMS, BOMBS, type Action, type BasicKind, type Frame, type S, type Unit, type UnitTurn, type Weapon, isBeam, live, vortexAt } from './state.js';

type Act = Extract<Frame, { f: 'act' }>;
const P = (code: string, message: string): Violation => violation(code, message);

export function unitTurn(f: Act, id: string): UnitTurn {
  return f.turns[id] ?? { weapon: 'none', first: null, firstWas: null, physical: false };
}

/** A crawler's medium or a walker's light weapon: the two-weapon allowances of §6.2. */
export function small(u: Unit, w: Weapon): boolean {
  return (u.type === 'crawler' && w.size === 'medium') || (u.type === 'walker' && w.size === 'light');
}

/** Capture the Flag safety zone (§4.5, A31): own flag's hex and its neighbours. */
export function safetyZone(s: S, u: Unit): string[] {
  if (s.scenario !== 'capture-the-flag' || u.side === 'neutral') return [];
  const h = objectHex(s, `${u.side}Flag`);
  return h ? [h, ...neighboursOf(h)] : [];
}

/** Is the unit one of this activation's, in the game and able to act at all? */
export function actorProblem(s: S, f: Act, id: string): Violation | null {
  const u = s.units[id];
  if (!u || !f.units.includes(id)) return P('not_activated', `${id} is not activated by this card`);
  if (u.gone) return P('not_in_game', `${id} has left the game`);
  if (u.frozen) return P('frozen', `${id} is frozen and takes no actions (§2.4)`);
  if (u.status === 'offline') return P('offline', `${id} is ${u.type === 'squad' ? 'scattered' : 'offline'} and cannot act`);
  if (unitTurn(f, id).physical) return P('actions_used', `${id} has taken its physical action (§6.1)`);
  return null;
}

/** §6.1/§6.2: the weapon action comes first, once (with the two-weapon allowances). */
/** `shot`: the weapon as fired (a multi-gun as its chosen type); the allowances count `w` at its slot size (A33). */
export function weaponActionProblem(s: S, f: Act, u: Unit, w: Weapon, kind: 'fire' | 'reload', shot: Weapon = w): Violation | null {
  if (u.at === null) return P('off_map', 'an off-map unit can only enter the map (§6.4.5)');
  if (safetyZone(s, u).includes(u.at)) return P('safety_zone', 'a unit in its own flag zone must move out first (§4.5)');
  const t = unitTurn(f, u.id);
  if (t.weapon === 'done') return P('weapon_action_used', `${u.id} has taken its weapon action`);
  if (t.weapon === 'partial') {
    if (!small(u, w) || w.id === t.first) return P('weapon_action_used', `${u.id} may only add a different ${u.type === 'crawler' ? 'medium' : 'light'} weapon (§6.2)`);
    if (t.firstWas === 'reload' && kind === 'fire') return P('weapon_action_used', 'after a reload only a second reload may follow (§6.2)');
  }
  if (kind === 'fire') {
    if (u.status !== 'ready') return P('not_ready', 'only a ready unit may fire (§6.1; jump jets too, A36)');
    if (w.kind === 'conversion' || w.kind === 'meleeWeapon') return P('not_a_weapon', `the ${w.kind === 'conversion' ? 'conversion mechanism' : 'melee weapon'} is not fired (§9.5)`);
    if (!w.loaded && !(s.options.overheatedBeams && (w.kind === 'force' || w.kind === 'stasis'))) return P('unloaded', `${w.id} is not loaded`);
    if (shot.kind === 'laser') return P('laser_defensive', "lasers fire only during an opponent's activation, at bombs (§7.9.3)");
  } else if (w.loaded) return P('loaded', `${w.id} is already loaded`);
  return null;
}

/** Target rules of a shot (§7.2, §7.5, §7.6, §7.9, §4.5 no-nuke zones). */
export function targetProblem(s: S, u: Unit, w: Weapon, target: string, mode?: 'reverse'): Violation | null {
  if (w.kind === 'multigun') return P('choose_type', 'a multi-gun fires as one of the six basic types: give "as" (§9.1.1)');
  if (w.kind === 'jets') return P('wrong_action', 'jump jets are fired with a jets action (§9.5)');
  if (w.kind === 'rocket' || w.kind === 'vortex') {
    if (mode) return P('bad_target', 'only a stasis ray has a reverse mode');
    const p = w.kind === 'rocket' ? rocketHexProblem(s, u, target) : vortexLaunchProblem(s, u, target);
    return p ? P(w.kind === 'rocket' ? 'bad_rocket_hex' : 'bad_vortex_hex', p) : null;
  }
  if (isBeam(w.kind)) {
    if (/^\d{4}$/.test(target)) {
      if (w.kind !== 'force' || mode) return P('bad_target', 'only a force beam targets terrain (§7.9.2)');
      if (!(target in s.map) || !['industry', 'hill', 'woods'].includes(s.map[target].terrain)) return P('bad_target', 'the force beam converts industry, hill or woods (§7.9.2)');
      const los = beamLos(s, spotOf(u), { hex: target, hover: false });
      return los.ok ? null : P('no_los', `no line of sight (beam step ${los.step}: ${los.reason})`);
    }
    const o = s.objects[target];
    if (o) {
      // §13 A18: an uncarried object is a light target for force beams and stasis rays.
      if (o.gone || o.carriedBy || o.at === null) return P('bad_target', `${target} is not on the map by itself (a carried object moves with its walker)`);
      if (o.frozen) return P('frozen_target', 'a frozen object cannot be affected');
      if (mode) return P('bad_target', 'reverse stasis targets units');
      const los = beamLos(s, spotOf(u), { hex: o.at, hover: false });
      return los.ok ? null : P('no_los', `no line of sight (beam step ${los.step}: ${los.reason})`);
    }
    const t = s.units[target];
    if (!t || t.gone || t.at === null) return P('bad_target', `${target} is not a unit on the map`);
    if (t.id === u.id) return P('bad_target', 'a unit cannot target itself');
    if (t.frozen) return P('frozen_target', 'a frozen unit cannot be affected (§7.2)');
    if (mode === 'reverse' && (w.kind !== 'stasis' || t.stasis === 0)) return P('bad_target', 'reverse stasis removes a marker from a unit that has one (§7.9.6)');
    const los = beamLos(s, spotOf(u), spotOf(t), t.type === 'squad' && t.status === 'offline');
    return los.ok ? null : P('no_los', `no line of sight (beam step ${los.step}: ${los.reason})`);
  }
  if (mode) return P('bad_target', 'only a stasis ray has a reverse mode');
  if (!(target in s.map)) return P('bad_target', 'a bomb targets a hex of the map');
  if (vortexAt(s, target)) return P('vortex_hex', 'no weapon may target a vortex or its hex (§9.1.3)');
  if (s.scenario === 'capture-the-flag' && (w.kind === 'nuke' || w.kind === 'crust')) {
    for (const fl of ['blueFlag', 'yellowFlag']) {
      const h = objectHex(s, fl);
      if (h && (h === target || neighboursOf(h).includes(target))) return P('no_nuke_zone', 'no nuke or crust buster into or next to a flag (§4.5)');
    }
  }
  if (u.at === target) return null;
  const ok = live(s).some((x) => x.side === u.side && x.at !== null && x.status === 'ready' && !x.frozen && bombLos(s, u.at!, spotOf(x), target).ok);
  return ok ? null : P('no_sighter', 'no ready friendly unit has line of sight to that hex (§7.6)');
}

export function physicalProblem(s: S, f: Act, u: Unit): Violation | null {
  if (u.at === null) return P('off_map', 'an off-map unit can only enter the map (§6.4.5)');
  if (safetyZone(s, u).includes(u.at)) return P('safety_zone', 'a unit in its own flag zone must move out first (§4.5)');
  void f;
  return null;
}

/** §6.4 movement, §6.5 stacking, §6.6 displacement, §4.5 safety zone. */
export function moveProblem(s: S, u: Unit, path: string[]): Violation | null {
  if (!Array.isArray(path) || path.length < 1 || path.length > 2) return P('bad_path', 'a move is 1 hex (a hovering squad: 1 or 2)');
  if (u.type === 'walker' && u.config === 'down') return P('walker_down', 'a Down walker cannot move (§6.4)');
  const two = (u.type === 'squad' && u.config === 'hover') || !!u.jets || !!u.converted;
  if (path.length === 2 && !two) return P('bad_path', 'only a hovering squad or walker, or a converted walker, moves 2 hexes (§6.4, §9.5)');
  let at = u.at;
  for (const [i, h] of path.entries()) {
    if (h === 'off') {
      if (at === null || !CONTENT.edge.has(at)) return P('not_edge', 'a unit leaves the map from an edge hex (§6.4.5)');
      if (i !== path.length - 1) return P('bad_path', 'leaving the map ends the move');
      return null;
    }
    if (!(h in s.map)) return P('bad_path', `${h} is not a hex of the map`);
    if (at === null) {
      const edge = u.edge === 'north' ? CONTENT.northEdge : CONTENT.southEdge;
      if (!edge.includes(h)) return P('not_entry_edge', `enter by a hex of the ${u.edge} edge (§6.4.5)`);
    } else if (hexDistance(at, h) !== 1) return P('not_adjacent', `${h} is not adjacent to ${at}`);
    if (s.map[h].terrain === 'volcano') return P('volcano', 'no unit may enter a volcano voluntarily (§6.4)');
    if (vortexAt(s, h)) return P('vortex', 'no unit may enter a vortex hex voluntarily (A35)');
    if (u.converted && at !== null && (DEPRESSIONS.has(s.map[at].terrain) || DEPRESSIONS.has(s.map[h].terrain))) return P('depression', 'a converted walker may not move into or out of a depression (§9.5)');
    // A45: a converted walker's first step is an ordinary entry; displacement only where it stops (resolution)
    if (u.converted && i === 0 && path.length === 2 && path[1] !== 'off' && displacementNeed(s, u, h)?.need !== 0) return P('overstack', `${h} would need displacement: a converted walker displaces only where it stops`);
    if (safetyZone(s, u).includes(h)) return P('safety_zone', 'a unit may not enter its own flag zone (§4.5)');
    at = h;
  }
  const last = path[path.length - 1];
  const d = displacementNeed(s, u, last);
  if (!d) return P('overstack', `${last} would be over-stacked and ${u.id} cannot displace its units (§6.5, §6.6)`);
  if (!displacementFeasible(s, last, d.pool, d.need)) return P('no_displacement_room', 'the displaced units would have nowhere to go (A16)');
  return null;
}

export function actProblem(s: S, f: Act, a: Action): Violation | null {
  if (a.type === 'end') return null;
  if (!('unit' in a) || typeof a.unit !== 'string') return P('wrong_action', 'an activation action names a unit');
  const e = actorProblem(s, f, a.unit);
  if (e) return e;
  const u = s.units[a.unit];
  switch (a.type) {
    case 'fire': case 'reload': {
      const w = weaponOf(u, a.weapon);
      if (!w) return P('no_weapon', `${u.id} has no weapon ${a.weapon}`);
      if (a.type === 'fire' && a.as !== undefined) {
        if (w.kind !== 'multigun') return P('bad_field', '"as" is for a multi-gun only');
        if (![...BEAMS, ...BOMBS].includes(a.as as never)) return P('bad_field', 'as: a basic weapon type');
      }
      const sw = a.type === 'fire' ? shotWeapon(w, a.as) : w;
      if (a.type === 'reload' && (w.kind === 'conversion' || w.kind === 'meleeWeapon')) return P('not_a_weapon', 'walker equipment has no load state');
      const p = weaponActionProblem(s, f, u, w, a.type, sw);
      if (p) return p;
      return a.type === 'fire' ? targetProblem(s, u, sw, a.target, a.mode) : null;
    }
    case 'jets': {
      const w = weaponOf(u, a.weapon);
      if (!w || w.kind !== 'jets') return P('no_weapon', `${u.id} has no jump jets ${a.weapon}`);
      if (u.config !== 'up' || u.converted) return P('not_upright_walker', 'an upright, unconverted walker fires its jump jets');
      return weaponActionProblem(s, f, u, w, 'fire');
    }
    case 'convert': {
      const p = physicalProblem(s, f, u);
      if (p) return p;
      if (!u.weapons.some((w) => w.kind === 'conversion')) return P('no_conversion_mechanism', `${u.id} has no conversion mechanism (§9.5)`);
      if (u.config !== 'up' || u.jets) return P('not_upright_walker', 'only an upright walker converts (A37)');
      return null;
    }
    case 'configure': {
      const p = physicalProblem(s, f, u);
      if (p) return p;
      if (u.type === 'crawler') return P('no_configuration', 'a crawler has no configurations (§2.4)');
      if (u.converted) return P('converted', 'no configuration change while converted (A37)');
      if (u.jets) return P('hovering', 'a walker hovering on its jump jets is upright until it lands (A36)');
      if (u.type === 'squad' && u.status === 'offline') return P('scattered', 'a scattered squad stays grounded');
      return null;
    }
    case 'clearStasis': return physicalProblem(s, f, u) ?? (u.stasis > 0 ? null : P('no_stasis', `${u.id} has no stasis markers`));
    case 'grab': {
      const p = physicalProblem(s, f, u);
      if (p) return p;
      if (u.type !== 'walker' || u.config !== 'up') return P('not_upright_walker', 'only an upright walker grabs (§6.3)');
      if (u.converted) return P('converted', 'a converted walker may not grab (§9.5)');
      if (u.carrying) return P('carrying', 'a walker carries one object');
      const o = s.objects[a.object];
      if (!o || o.gone || o.carriedBy || o.at !== u.at) return P('no_object', 'no such object in the walker\'s hex');
      if (o.frozen) return P('frozen_object', 'a frozen object cannot be grabbed (A18)');
      if (s.scenario === 'capture-the-flag' && o.id === `${u.side}Flag`) return P('own_flag', 'in Capture the Flag a unit may not handle its own flag (A31)');
      return null;
    }
    case 'drop': {
      const p = physicalProblem(s, f, u);
      if (p) return p;
      if (u.converted) return P('converted', 'a converted walker may not drop (§9.5)');
      return u.carrying ? null : P('not_carrying', `${u.id} carries nothing`);
    }
    case 'melee': {
      const p = physicalProblem(s, f, u);
      if (p) return p;
      const t = s.units[a.target];
      if (!t || t.gone || t.at !== u.at) return P('bad_target', 'melee attacks a unit in the attacker\'s hex (§7.8)');
      if (t.side === u.side) return P('not_enemy', 'melee attacks an opposing unit');
      if (u.converted) return P('converted', 'a converted walker cannot make a melee attack (§9.5)');
      if (s.options.meleeRequiresReady && u.status !== 'ready') return P('not_ready', 'melee needs a ready unit (option meleeRequiresReady, A8)');
      if (t.frozen) return P('frozen_target', 'a frozen unit cannot be affected');
      if (t.type === 'crawler' || (t.type === 'walker' && (t.config === 'down' || t.converted))) return P('no_effect', 'melee has no effect on a crawler, a Down walker or a converted walker (§7.8, §9.5)');
      return beamTargetOk(s, u, t, 'melee') ? null : P('no_los', 'melee needs line of sight (A9)');
    }
    case 'move': {
      if (u.at !== null && safetyZone(s, u).includes(u.at)) {
        // the only action allowed: move out (§4.5)
      }
      return moveProblem(s, u, a.path);
    }
  }
  return P('wrong_action', `${(a as { type: string }).type} is not an activation action`);
}

/** Every legal activation action (complete). */
export function actCandidates(s: S, f: Act): Action[] {
  const out: Action[] = [{ type: 'end' }];
  for (const id of f.units) {
    if (actorProblem(s, f, id)) continue;
    const u = s.units[id];
    for (const a of unitActions(s, u)) if (!actProblem(s, f, a)) out.push(a);
  }
  return out;
}

function unitActions(s: S, u: Unit): Action[] {
  const out: Action[] = [];
  const id = u.id;
  if (u.at !== null) {
    for (const w of u.weapons) {
      if (w.kind === 'conversion' || w.kind === 'meleeWeapon') continue;
      if (!w.loaded) out.push({ type: 'reload', unit: id, weapon: w.id });
      if (!w.loaded) { if (!(s.options.overheatedBeams && (w.kind === 'force' || w.kind === 'stasis'))) continue; }
      if (w.kind === 'jets') { out.push({ type: 'jets', unit: id, weapon: w.id }); continue; }
      if (w.kind === 'rocket') { for (const h of CONTENT.hexIds) out.push({ type: 'fire', unit: id, weapon: w.id, target: h }); continue; }
      if (w.kind === 'vortex') { for (const h of neighboursOf(u.at)) out.push({ type: 'fire', unit: id, weapon: w.id, target: h }); continue; }
      if (w.kind === 'multigun') {
        for (const as of [...BEAMS, ...BOMBS] as BasicKind[]) {
          if (as === 'laser') continue;
          for (const a of shots(s, u, { ...w, kind: as })) out.push({ ...a, as });
        }
        continue;
      }
      out.push(...shots(s, u, w));
    }
    if (u.type === 'walker' && u.weapons.some((w) => w.kind === 'conversion')) out.push({ type: 'convert', unit: id });
    if (u.type !== 'crawler') out.push({ type: 'configure', unit: id });
    if (u.stasis > 0) out.push({ type: 'clearStasis', unit: id });
    for (const o of Object.values(s.objects)) if (!o.gone && o.at === u.at && !o.carriedBy) out.push({ type: 'grab', unit: id, object: o.id });
    if (u.carrying) out.push({ type: 'drop', unit: id });
    for (const t of live(s)) if (t.at === u.at && t.id !== id) out.push({ type: 'melee', unit: id, target: t.id });
  }
  out.push(...movePaths(s, u).map((path) => ({ type: 'move' as const, unit: id, path })));
  return out;
}

/** Fire actions of one basic-type weapon at every possible target. */
function shots(s: S, u: Unit, w: Weapon): Extract<Action, { type: 'fire' }>[] {
  const out: Extract<Action, { type: 'fire' }>[] = [];
  const id = u.id;
  const targets = live(s).filter((t) => t.at !== null && t.id !== id).map((t) => t.id);
  if (!isBeam(w.kind)) {
    for (const h of CONTENT.hexIds) out.push({ type: 'fire', unit: id, weapon: w.id, target: h });
    return out;
  }
  for (const t of targets) out.push({ type: 'fire', unit: id, weapon: w.id, target: t });
  if (w.kind === 'stasis') for (const t of targets) if (s.units[t].stasis > 0) out.push({ type: 'fire', unit: id, weapon: w.id, target: t, mode: 'reverse' });
  for (const o of Object.values(s.objects)) if (!o.gone && !o.carriedBy) out.push({ type: 'fire', unit: id, weapon: w.id, target: o.id });
  if (w.kind === 'force') for (const h of CONTENT.hexIds) if (['industry', 'hill', 'woods'].includes(s.map[h].terrain)) out.push({ type: 'fire', unit: id, weapon: w.id, target: h });
  return out;
}

function movePaths(s: S, u: Unit): string[][] {
  const first = u.at === null ? (u.edge === 'north' ? CONTENT.northEdge : CONTENT.southEdge) : neighboursOf(u.at);
  const out: string[][] = [];
  if (u.at !== null && CONTENT.edge.has(u.at)) out.push(['off']);
  for (const h of first) {
    out.push([h]);
    if ((u.type === 'squad' && u.config === 'hover') || u.jets || u.converted) {
      if (CONTENT.edge.has(h)) out.push([h, 'off']);
      for (const h2 of neighboursOf(h)) if (h2 !== u.at) out.push([h, h2]);
    }
  }
  return out;
}

/** Cheap: does any unit of the activation have any legal action? */
export function anyActivationAction(s: S, f: Act): boolean {
  return actCandidates(s, f).length > 1;
}

export { scenarioDef };

// ---------------------------------------------------------------- opportunity cards (§9.2)

type Opp = Extract<Frame, { f: 'opp' }>;
const CLEAR_T = new Set(['clear', 'road']);
export const LIGHT_FIRE_KINDS = ['crust', 'force', 'neutron', 'nuke', 'stasis'] as const;

/** The weapon a Crawler Light Fire shot uses: a light basic weapon the crawler need not own (A41). */
export function lightWeapon(id: string): Weapon | null {
  const m = /^light:(crust|force|neutron|nuke|stasis)$/.exec(id);
  return m ? { id, kind: m[1] as Weapon['kind'], size: 'light', loaded: true } : null;
}

export function oppProblem(s: S, f: Opp, a: Action): Violation | null {
  if (a.type === 'end') return null;
  if (!('unit' in a) || !f.units.includes(a.unit) || f.done.includes(a.unit)) return P('not_eligible', 'each eligible unit acts once on this card');
  const u = s.units[a.unit];
  if (u.gone || u.at === null || u.frozen) return P('not_eligible', `${a.unit} cannot act`);
  if (f.effect === 'lightFire') {
    if (a.type !== 'fire') return P('wrong_action', 'Crawler Light Fire: fire one light weapon of a basic type');
    if (u.status !== 'ready') return P('not_ready', 'the crawler must be ready (A41)');
    const w = lightWeapon(a.weapon);
    if (!w) return P('no_weapon', 'weapon "light:<crust|force|neutron|nuke|stasis>"');
    return targetProblem(s, u, w, a.target, a.mode);
  }
  if (a.type !== 'move') return P('wrong_action', 'Clear Move: move one hex');
  if (u.status === 'offline') return P('offline', 'buttoned or ready units only');
  if (a.path.length !== 1 || a.path[0] === 'off') return P('bad_path', 'Clear Move is exactly one hex (A43)');
  const to = a.path[0];
  if (!(to in s.map) || !CLEAR_T.has(s.map[u.at].terrain) || !CLEAR_T.has(s.map[to].terrain)) return P('not_clear', 'from a clear hex into an adjacent clear hex (§9.2)');
  for (const h of [u.at, to]) {
    if (s.map[h].cloud) return P('cloud', 'neither hex may hold a mushroom cloud');
    if (live(s).some((x) => x.at === h && x.side !== u.side)) return P('enemy_in_hex', 'neither hex may hold an opposing unit');
  }
  return moveProblem(s, u, a.path);
}

export function oppCandidates(s: S, f: Opp): Action[] {
  const out: Action[] = [{ type: 'end' }];
  for (const id of f.units) {
    const u = s.units[id];
    if (f.done.includes(id) || u.gone || u.at === null) continue;
    const cands: Action[] = [];
    if (f.effect === 'clearMove') for (const h of neighboursOf(u.at)) cands.push({ type: 'move', unit: id, path: [h] });
    else {
      const units = live(s).filter((t) => t.at !== null && t.id !== id).map((t) => t.id);
      for (const k of LIGHT_FIRE_KINDS) {
        const weapon = `light:${k}`;
        if (k === 'force' || k === 'stasis') for (const t of units) cands.push({ type: 'fire', unit: id, weapon, target: t });
        else for (const h of CONTENT.hexIds) cands.push({ type: 'fire', unit: id, weapon, target: h });
      }
    }
    for (const a of cands) if (!oppProblem(s, f, a)) out.push(a);
  }
  return out;
}
