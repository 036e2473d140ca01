// One "…Problem" function per rule (STYLE §3): candidates filter with them and validate returns
// the first, so a client's preview and the server's refusal cannot disagree.
import { violation, type Violation } from '../../engine/types.js';
import { CONTENT, scenarioDef } from './content.js';
import { beamLos, bombLos, hexDistance, neighboursOf, spotOf } from './geometry.js';
import { beamTargetOk, weaponOf } from './rules/combat.js';
import { displacementFeasible, displacementNeed } from './rules/movement.js';
import { objectHex } from './rules/effects.js';
import { type Action, type Frame, type S, type Unit, type UnitTurn, type Weapon, isBeam, live } from './state.js';

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
export function weaponActionProblem(s: S, f: Act, u: Unit, w: Weapon, kind: 'fire' | 'reload'): Violation | null {
  if (u.at === null) return P('off_map', 'an off-map unit can only enter the map (§6.4.5)');
  if (safetyZone(s, u).includes(u.at)) return P('safety_zone', 'a unit in its own flag zone must move out first (§4.5)');
  const t = unitTurn(f, u.id);
  if (t.weapon === 'done') return P('weapon_action_used', `${u.id} has taken its weapon action`);
  if (t.weapon === 'partial') {
    if (!small(u, w) || w.id === t.first) return P('weapon_action_used', `${u.id} may only add a different ${u.type === 'crawler' ? 'medium' : 'light'} weapon (§6.2)`);
    if (t.firstWas === 'reload' && kind === 'fire') return P('weapon_action_used', 'after a reload only a second reload may follow (§6.2)');
  }
  if (kind === 'fire') {
    if (u.status !== 'ready') return P('not_ready', 'only a ready unit may fire (§6.1)');
    if (!w.loaded && !(s.options.overheatedBeams && (w.kind === 'force' || w.kind === 'stasis'))) return P('unloaded', `${w.id} is not loaded`);
    if (w.kind === 'laser') return P('laser_defensive', "lasers fire only during an opponent's activation, at bombs (§7.9.3)");
  } else if (w.loaded) return P('loaded', `${w.id} is already loaded`);
  return null;
}

/** Target rules of a shot (§7.2, §7.5, §7.6, §7.9, §4.5 no-nuke zones). */
export function targetProblem(s: S, u: Unit, w: Weapon, target: string, mode?: 'reverse'): Violation | null {
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
  if (path.length === 2 && !(u.type === 'squad' && u.config === 'hover')) return P('bad_path', 'only a hovering squad moves 2 hexes (§6.4)');
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
      const p = weaponActionProblem(s, f, u, w, a.type);
      if (p) return p;
      return a.type === 'fire' ? targetProblem(s, u, w, a.target, a.mode) : null;
    }
    case 'configure': {
      const p = physicalProblem(s, f, u);
      if (p) return p;
      if (u.type === 'crawler') return P('no_configuration', 'a crawler has no configurations (§2.4)');
      if (u.type === 'squad' && u.status === 'offline') return P('scattered', 'a scattered squad stays grounded');
      return null;
    }
    case 'clearStasis': return physicalProblem(s, f, u) ?? (u.stasis > 0 ? null : P('no_stasis', `${u.id} has no stasis markers`));
    case 'grab': {
      const p = physicalProblem(s, f, u);
      if (p) return p;
      if (u.type !== 'walker' || u.config !== 'up') return P('not_upright_walker', 'only an upright walker grabs (§6.3)');
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
      return u.carrying ? null : P('not_carrying', `${u.id} carries nothing`);
    }
    case 'melee': {
      const p = physicalProblem(s, f, u);
      if (p) return p;
      const t = s.units[a.target];
      if (!t || t.gone || t.at !== u.at) return P('bad_target', 'melee attacks a unit in the attacker\'s hex (§7.8)');
      if (t.side === u.side) return P('not_enemy', 'melee attacks an opposing unit');
      if (s.options.meleeRequiresReady && u.status !== 'ready') return P('not_ready', 'melee needs a ready unit (option meleeRequiresReady, A8)');
      if (t.frozen) return P('frozen_target', 'a frozen unit cannot be affected');
      if (t.type === 'crawler' || (t.type === 'walker' && t.config === 'down')) return P('no_effect', 'melee has no effect on a crawler or a Down walker (§7.8)');
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
    const targets = live(s).filter((t) => t.at !== null && t.id !== id).map((t) => t.id);
    for (const w of u.weapons) {
      if (!w.loaded) out.push({ type: 'reload', unit: id, weapon: w.id });
      if (w.loaded || (s.options.overheatedBeams && (w.kind === 'force' || w.kind === 'stasis'))) {
        if (isBeam(w.kind)) {
          for (const t of targets) out.push({ type: 'fire', unit: id, weapon: w.id, target: t });
          if (w.kind === 'stasis') for (const t of targets) if (s.units[t].stasis > 0) out.push({ type: 'fire', unit: id, weapon: w.id, target: t, mode: 'reverse' });
          for (const o of Object.values(s.objects)) if (!o.gone && !o.carriedBy) out.push({ type: 'fire', unit: id, weapon: w.id, target: o.id });
          if (w.kind === 'force') for (const h of CONTENT.hexIds) if (['industry', 'hill', 'woods'].includes(s.map[h].terrain)) out.push({ type: 'fire', unit: id, weapon: w.id, target: h });
        } else for (const h of CONTENT.hexIds) out.push({ type: 'fire', unit: id, weapon: w.id, target: h });
      }
    }
    if (u.type !== 'crawler') out.push({ type: 'configure', unit: id });
    if (u.stasis > 0) out.push({ type: 'clearStasis', unit: id });
    for (const o of Object.values(s.objects)) if (!o.gone && o.at === u.at && !o.carriedBy) out.push({ type: 'grab', unit: id, object: o.id });
    if (u.carrying) out.push({ type: 'drop', unit: id });
    for (const t of live(s)) if (t.at === u.at && t.id !== id) out.push({ type: 'melee', unit: id, target: t.id });
  }
  out.push(...movePaths(s, u).map((path) => ({ type: 'move' as const, unit: id, path })));
  return out;
}

function movePaths(s: S, u: Unit): string[][] {
  const first = u.at === null ? (u.edge === 'north' ? CONTENT.northEdge : CONTENT.southEdge) : neighboursOf(u.at);
  const out: string[][] = [];
  if (u.at !== null && CONTENT.edge.has(u.at)) out.push(['off']);
  for (const h of first) {
    out.push([h]);
    if (u.type === 'squad' && u.config === 'hover') {
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
