// The Abaddon ruleset: decisions, legal actions, validation, apply, views, bot hooks.
import { actionSchema } from './action-schema.js';
import { makeRender } from './render.js';
import type { Choice, Ctx, Decision, Entry, OpenDecision, PublicDecision, StandingOrder, Result, Rng, Ruleset, Seat, Step, Violation } from '../../engine/types.js';
import { violation } from '../../engine/types.js';
import { hiddenSlot } from '../../engine/hidden-slot.js';
import { rollEvent } from '../../engine/mech/dice.js';
import * as G from '../../engine/mech/grid-square.js';
import { DATA, type Faction, type GameData, type UnitType, type XY } from './data.js';
import { addUnits, initialState, other, Rules, type Ev } from './rules.js';
import { cloneState, FACES, UNIT, type AbState, type Action, type Attack, type Unit } from './state.js';
import { makeView, determinizeView, type AbView } from './view.js';
import { abaddonPosition } from './position.js';
import { abaddonScenarioData } from './scenario-data.js';
import { makeDescribe } from './describe.js';

export type { AbState, Action } from './state.js';
export type { AbView } from './view.js';

const TYPES: UnitType[] = ['H', 'M', 'R', 'I'];

const ACTION_TYPES: Record<string, string[]> = {
  divide: ['divide'], deploy: ['deploy'], displace: ['displace'], lockon: ['lockOn'], commandDraw: ['commandDraw'],
  orders: ['assign', 'bolt', 'removeMarker', 'confirmOrders'], boltWindow: ['amm', 'pass'], move: ['move', 'endMovement'],
  declare: ['attack', 'endDeclarations'], respond: ['respond', 'pass'], resolve: ['resolve', 'closeCombat', 'endTurn'],
  ammWindow: ['amm', 'pass'],
};

interface OddsArgs { unit: string; target: string; card?: string; response?: string; close?: boolean }

/** The fields of each action, in the order `choices` discloses them; they make an action what it is. */
const FIELDS: Record<string, string[]> = {
  divide: ['companyA', 'cardsA'], deploy: ['unit', 'at'], displace: ['at'], lockOn: ['at'], commandDraw: ['n'],
  assign: ['die', 'unit'], bolt: ['die', 'target'], removeMarker: ['die', 'unit', 'marker'], pass: ['unit'],
  move: ['unit', 'to'], attack: ['unit', 'target', 'card'], respond: ['unit', 'attack', 'card'], resolve: ['attack'],
  closeCombat: ['unit', 'target'], confirmOrders: [], amm: [], endMovement: [], endDeclarations: [], endTurn: [],
};

/** Field values as JSON would compare them (missing = null; cells and arrays element by element). */
function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (Array.isArray(x)) return Array.isArray(y) && x.length === y.length && x.every((v, i) => sameValue(v ?? null, y[i] ?? null));
  return false;
}

/**
 * Whether a submitted action is the legal action `legalA`: same type and same known fields.
 * Compared field by field (not by canonical strings: that stringified every legal action of
 * every state, the largest cost of a move's validation). A division compares its unit counts.
 */
function sameAction(legalA: Action, a: Action): boolean {
  if (legalA.type !== a.type) return false;
  const x = legalA as Record<string, unknown>, y = a as Record<string, unknown>;
  if (a.type === 'divide') {
    const ca = (legalA as { companyA: Record<string, unknown> }).companyA;
    const cb = (y.companyA ?? {}) as Record<string, unknown>;
    return TYPES.every((t) => sameValue(ca[t] ?? null, cb[t] ?? null)) && sameValue(x.cardsA ?? null, y.cardsA ?? null);
  }
  return (FIELDS[a.type] ?? []).every((f) => sameValue(x[f] ?? null, y[f] ?? null));
}

/**
 * One sub-stream per purpose and entry: a fork is keyed by its label, so forking 'dice' twice in
 * one entry would replay the same numbers. Every fork of a label is made once and shared.
 */
export function memoForks(rng: Rng): Rng {
  return new MemoForks(rng);
}

// A class, not an object of closures: tsx (esbuild keepNames) follows every closure made
// during a call with a `__name` call; this memo and the helpers below had 1-2% of a move.
class MemoForks implements Rng {
  private readonly cache = new Map<string, Rng>();
  constructor(private readonly rng: Rng) {}
  int(n: number): number {
    return this.rng.int(n);
  }
  shuffle<T>(xs: readonly T[]): T[] {
    return this.rng.shuffle(xs);
  }
  fork(label: string): Rng {
    let f = this.cache.get(label);
    if (!f) this.cache.set(label, (f = this.rng.fork(label)));
    return f;
  }
  get draws(): number {
    return this.rng.draws;
  }
}

const isXY = (v: unknown): v is XY => Array.isArray(v) && v.length === 2 && v.every((n) => Number.isInteger(n));
const distinct = (xs: string[]) => [...new Set(xs)].sort();

export function makeAbaddon(data: GameData = DATA): Ruleset<AbState, Action, AbView> & { rules: Rules } {
  const R = new Rules(data);

  // ------------------------------------------------------------------ decisions

  // Outside `pending` (not a closure over s): see MemoForks on per-call closures.
  function turnDecision(s: AbState, kind: string, seat: Seat, extra: Partial<OpenDecision> = {}): OpenDecision {
    return {
      key: `t${s.turn}:${kind}:${s.step}`, seat, kind, blocking: true, timing: 'turn',
      context: [`turn:${s.turn}`, `round:${s.round}`], exposes: { phase: s.phase }, ...extra,
    };
  }

  function pending(s: AbState): OpenDecision[] {
    if (s.result) return [];
    switch (s.phase) {
      case 'divide': {
        const f = s.divideQueue[0];
        return [{ key: `divide:${f}`, seat: R.teamSeats(s, f)[0], kind: 'divide', blocking: true, timing: 'setup', context: ['setup'], exposes: { faction: f } }];
      }
      case 'deploy': {
        const q = s.deployQueue[0];
        const left = s.units.filter((u) => u.seat === q.seat && u.status === 'reserve').length;
        return [{ key: `deploy:${q.seat}:${left}`, seat: q.seat, kind: 'deploy', blocking: true, timing: 'setup', context: ['setup'], exposes: { unitsLeft: left } }];
      }
      case 'displace': {
        const u = R.unit(s, s.jump.unit!)!;
        return [{ key: `displace:${u.id}`, seat: u.seat, kind: 'displace', blocking: true, timing: 'setup', context: ['setup'], exposes: { unit: u.id, landed: s.jump.at } }];
      }
      case 'lockon': case 'commandDraw': case 'orders': case 'move': case 'declare': case 'resolve':
        return [turnDecision(s, s.phase, s.active)];
      case 'boltWindow': {
        const w = s.window as Extract<AbState['window'], { kind: 'bolt' }>;
        return [turnDecision(s, 'boltWindow', w.seat, { timing: 'reaction', exposes: { target: w.target, firer: w.firer } })];
      }
      case 'ammWindow': {
        const w = s.window as Extract<AbState['window'], { kind: 'amm' }>;
        const atk = s.attacks.find((a) => a.id === w.attack)!;
        return [{
          key: `t${s.turn}:amm:${w.attack}`, seat: w.seat, kind: 'ammWindow', blocking: true, timing: 'reaction',
          context: [`turn:${s.turn}`, `attack:${s.turn}.${w.attack}`], exposes: { attack: w.attack, kind: atk.kind, target: atk.target, unit: atk.unit },
        }];
      }
      case 'respond':
        return s.respond.filter((r) => !r.done).map((r) => ({
          key: `t${s.turn}:respond:${r.unit}`, seat: r.seat, kind: 'respond', blocking: true, timing: 'reaction' as const,
          group: { id: `t${s.turn}:respond`, mode: 'parallel' as const },
          context: [`turn:${s.turn}`, `respond:${s.turn}`],
          exposes: { unit: r.unit, attacks: s.attacks.filter((a) => a.target === r.unit && a.kind === 'los').map((a) => a.id) },
        }));
      default:
        return [];
    }
  }

  // ------------------------------------------------------------------ legal actions

  // States are immutable (apply copies), so the legal set of (state, decision) is memoised:
  // candidates, the kernel's validate and apply's own validate share one computation. Kept on
  // the state in a hidden slot, not a WeakMap, whose entries young collections keep alive.
  const memo = hiddenSlot<Map<string, Action[]>>('abaddon.legal');

  function legalSet(s: AbState, dec: OpenDecision): Action[] {
    let m = memo.get(s);
    if (!m) memo.set(s, (m = new Map()));
    const key = `${dec.key}|${dec.seat}`;
    let hit = m.get(key);
    if (!hit) {
      hit = legal(s, dec);
      m.set(key, hit);
    }
    return hit;
  }

  function legal(s: AbState, dec: OpenDecision): Action[] {
    const seat = dec.seat;
    const out: Action[] = [];
    const hand = s.hands[seat];
    switch (dec.kind) {
      case 'divide': {
        const f = (dec.exposes as { faction: Faction }).faction;
        const forces = R.mission(s).forces![f];
        const have = Object.fromEntries(TYPES.map((t) => [t, forces.units.filter((u) => u === t).length])) as Record<UnitType, number>;
        const total = forces.units.length;
        for (let h = 0; h <= have.H; h++) for (let m = 0; m <= have.M; m++) for (let r = 0; r <= have.R; r++) for (let i = 0; i <= have.I; i++) {
          const n = h + m + r + i;
          if (n < 1 || n > total - 1) continue;
          for (let c = 0; c <= forces.cards; c++) out.push({ type: 'divide', companyA: { H: h, M: m, R: r, I: i }, cardsA: c });
        }
        return out;
      }
      case 'deploy': {
        const cells = zoneCells(s, seat);
        for (const u of s.units) if (u.seat === seat && u.status === 'reserve') for (const c of cells) out.push({ type: 'deploy', unit: u.id, at: c });
        return out;
      }
      case 'displace':
        return s.jump.options.map((at) => ({ type: 'displace', at }));
      case 'lockon': {
        out.push({ type: 'lockOn', at: null });
        for (const u of R.onBoard(s)) if (u.faction !== R.factionOf(s, seat)) out.push({ type: 'lockOn', at: [u.at![0], u.at![1]] });
        return out;
      }
      case 'commandDraw': {
        const c = s.dice.filter((d) => d.face === 'C').length;
        for (let n = 0; n <= c; n++) out.push({ type: 'commandDraw', n });
        return out;
      }
      case 'orders': {
        const mine = R.onBoard(s).filter((u) => u.seat === seat);
        const enemies = R.onBoard(s).filter((u) => u.faction !== R.factionOf(s, seat));
        const hasDB = hand.some((c) => R.kind(c) === 'db');
        const dbCard = hand.find((c) => R.kind(c) === 'db');
        s.dice.forEach((d, i) => {
          if (d.use !== null) return;
          for (const u of mine) if ((d.face === 'C' || d.face === u.type) && !R.hasMarker(u, 'cannotBeOrdered')) out.push({ type: 'assign', die: i, unit: u.id });
          if (d.face === 'C') {
            if (hasDB && dbCard) for (const e of enemies) out.push({ type: 'bolt', die: i, target: e.id });
            for (const u of R.onBoard(s)) for (const m of u.markers) out.push({ type: 'removeMarker', die: i, unit: u.id, marker: m });
          }
        });
        out.push({ type: 'confirmOrders' });
        return out;
      }
      case 'boltWindow': case 'ammWindow':
        out.push({ type: 'pass' });
        if (hand.some((c) => R.kind(c) === 'amm')) out.push({ type: 'amm' });
        return out;
      case 'move': {
        for (const u of R.onBoard(s)) {
          if (u.seat !== seat) continue;
          const m = R.moves(s, u);
          for (const to of m.to) out.push({ type: 'move', unit: u.id, to });
          if (m.exit) out.push({ type: 'move', unit: u.id, to: 'exit' });
        }
        out.push({ type: 'endMovement' });
        return out;
      }
      case 'declare': {
        const cards = distinct(hand);
        const blocked = R.blocker(s);
        for (const u of R.onBoard(s)) {
          if (declareUnitProblem(s, u)) continue;
          for (const t of R.onBoard(s)) {
            if (t.faction === u.faction) continue;
            for (const c of cards) {
              const k = R.kind(c);
              if (k !== 'target' && k !== 'sb' && k !== 'lrb') continue;
              if (R.rangedProblem(s, u, t, k === 'target' ? 'los' : k, blocked)) continue;
              out.push({ type: 'attack', unit: u.id, target: t.id, card: c });
            }
          }
        }
        out.push({ type: 'endDeclarations' });
        return out;
      }
      case 'respond': {
        const unit = (dec.exposes as { unit: string }).unit;
        const u = R.unit(s, unit)!;
        out.push({ type: 'pass', unit });
        for (const a of s.attacks) {
          if (a.target !== unit || a.kind !== 'los' || a.done) continue;
          for (const c of distinct(hand)) {
            const k = R.kind(c);
            if (k === 'amm' || (k === 'target' && !R.hasMarker(u, 'cannotRanged'))) out.push({ type: 'respond', unit, attack: a.id, card: c });
          }
        }
        return out;
      }
      case 'resolve': {
        for (const a of s.attacks) if (!a.done) out.push({ type: 'resolve', attack: a.id });
        for (const u of R.onBoard(s)) for (const t of R.closeTargets(s, u)) out.push({ type: 'closeCombat', unit: u.id, target: t.id });
        if (!s.attacks.some((a) => !a.done)) out.push({ type: 'endTurn' });
        return out;
      }
    }
    return out;
  }

  function zoneCells(s: AbState, seat: Seat): XY[] {
    const spec = R.mission(s).seats[seat];
    const blocked = R.blocker(s);
    const out: XY[] = [];
    for (let y = 0; y < s.height; y++) for (let x = 0; x < s.width; x++) {
      if (R.inRects(spec.zone, [x, y]) && !blocked([x, y])) out.push([x, y]);
    }
    return out;
  }

  function declareUnitProblem(s: AbState, u: Unit): string | null {
    if (u.status !== 'board') return 'unit_not_on_board';
    if (u.seat !== s.active) return 'not_your_unit';
    if (!R.ordered(s, u.id)) return 'not_ordered';
    if (s.battled.includes(u.id) || s.attacks.some((a) => a.unit === u.id)) return 'already_battled';
    if (R.hasMarker(u, 'cannotRanged')) return 'unit_cannot_fire';
    if (R.enemiesAdjacent(s, u)) return 'adjacent_to_enemy';
    return null;
  }

  // ------------------------------------------------------------------ validation

  function unitOf(s: AbState, id: unknown) {
    return typeof id === 'string' ? R.unit(s, id) : undefined;
  }

  function specific(s: AbState, seat: Seat, dec: OpenDecision, a: Action): Violation | null {
    const hand = s.hands[seat];
    const V = violation;
    switch (a.type) {
      case 'divide': {
        if (typeof a.companyA !== 'object' || a.companyA === null || !Number.isInteger(a.cardsA)) return V('malformed_action', 'divide needs companyA {H,M,R,I} and cardsA');
        return null;
      }
      case 'deploy': {
        const u = unitOf(s, a.unit);
        if (!u) return V('unknown_unit', `no unit ${a.unit}`);
        if (u.seat !== seat) return V('not_your_unit', `${u.id} is not yours`);
        if (u.status !== 'reserve') return V('already_deployed', `${u.id} is already deployed`);
        if (!isXY(a.at) || !G.inBounds(s, a.at)) return V('off_board', 'the sector is off the board');
        if (!R.inRects(R.mission(s).seats[seat].zone, a.at)) return V('outside_zone', 'not in your deployment zone');
        if (R.blocker(s)(a.at)) return V('occupied', 'the sector holds a unit or terrain');
        return null;
      }
      case 'displace':
        if (!isXY(a.at) || !s.jump.options.some((o) => G.sameCell(o, a.at))) return V('not_an_option', 'choose an adjacent empty sector (or the nearest empty one)');
        return null;
      case 'lockOn': {
        if (a.at === null) return null;
        if (!isXY(a.at) || !G.inBounds(s, a.at)) return V('off_board', 'the sector is off the board');
        const u = R.unitAt(s, a.at);
        if (!u || u.faction === R.factionOf(s, seat)) return V('no_enemy_there', 'a relay is placed on a sector with an enemy unit');
        return null;
      }
      case 'commandDraw': {
        const c = s.dice.filter((d) => d.face === 'C').length;
        if (!Number.isInteger(a.n) || a.n < 0 || a.n > c) return V('bad_count', `declare 0..${c} Command dice for drawing`);
        return null;
      }
      case 'assign': case 'bolt': case 'removeMarker': {
        const d = Number.isInteger(a.die) ? s.dice[a.die] : undefined;
        if (!d) return V('bad_die', 'no such activation die');
        if (d.use !== null) return V('die_used', 'that die has already been used');
        if (a.type === 'assign') {
          const u = unitOf(s, a.unit);
          if (!u || u.status !== 'board') return V('unknown_unit', `no unit ${a.unit} on the board`);
          if (u.seat !== seat) return V('not_your_unit', 'you may only order units you control');
          if (d.face !== 'C' && d.face !== u.type) return V('wrong_unit_type', `a ${d.face} die orders a ${d.face} unit only`);
          if (R.hasMarker(u, 'cannotBeOrdered')) return V('unit_cannot_be_ordered', 'a Wild Fire marker prevents orders');
          return null;
        }
        if (d.face !== 'C') return V('not_command_die', 'this needs an unused Command die');
        if (a.type === 'bolt') {
          if (!hand.some((c) => R.kind(c) === 'db')) return V('no_doomsday_bolt', 'you hold no Doomsday Bolt card');
          const t = unitOf(s, a.target);
          if (!t || t.status !== 'board') return V('unknown_unit', 'no such unit on the board');
          if (t.faction === R.factionOf(s, seat)) return V('not_enemy', 'target an enemy unit');
          return null;
        }
        const u = unitOf(s, a.unit);
        if (!u || u.status !== 'board' || !u.markers.includes(a.marker)) return V('no_such_marker', 'that unit carries no such Wild Fire marker');
        return null;
      }
      case 'amm':
        if (!hand.some((c) => R.kind(c) === 'amm')) return V('no_amm_in_hand', 'you hold no Anti-Missile Missile card');
        return null;
      case 'move': {
        const u = unitOf(s, a.unit);
        if (!u || u.status !== 'board') return V('unknown_unit', `no unit ${a.unit} on the board`);
        if (u.seat !== seat) return V('not_your_unit', 'you may only move your units');
        if (!R.ordered(s, u.id)) return V('not_ordered', 'only ordered units move');
        if (s.moved.includes(u.id)) return V('already_moved', 'a unit completes its movement before another starts');
        if (R.hasMarker(u, 'cannotMove')) return V('unit_cannot_move', 'a Wild Fire marker prevents movement');
        const m = R.moves(s, u);
        if (a.to === 'exit') return m.exit ? null : V('no_exit', 'the unit cannot leave the board from here');
        if (!isXY(a.to) || !G.inBounds(s, a.to)) return V('off_board', 'the destination is off the board');
        if (R.blocker(s, u.id)(a.to)) return V('occupied', 'the destination holds a unit or terrain');
        if (!m.to.some((c) => G.sameCell(c, a.to as XY))) return V('out_of_reach', `not reachable within ${R.moveAllowance(s, u)} sectors (blocked, squeezed or too far)`);
        return null;
      }
      case 'attack': {
        const u = unitOf(s, a.unit);
        if (!u) return V('unknown_unit', `no unit ${a.unit}`);
        const p = declareUnitProblem(s, u);
        if (p) return V(p, `${u.id} may not make a ranged attack (${p})`);
        if (!hand.includes(a.card)) return V('card_not_in_hand', 'you do not hold that card');
        const k = R.kind(a.card);
        if (k !== 'target' && k !== 'sb' && k !== 'lrb') return V('wrong_card_kind', 'ranged attacks use a Target, Smart Bomb or Long Range Bombardment card');
        const t = unitOf(s, a.target);
        if (!t || t.status !== 'board') return V('target_not_on_board', 'no such target on the board');
        if (t.faction === u.faction) return V('not_enemy', 'target an enemy unit');
        const rp = R.rangedProblem(s, u, t, k === 'target' ? 'los' : k);
        if (rp) return V(rp, `cannot fire ${a.card} at ${t.id}: ${rp}`);
        return null;
      }
      case 'respond': {
        const unit = (dec.exposes as { unit: string }).unit;
        if (a.unit !== unit) return V('wrong_unit', `this decision is for ${unit}`);
        const atk = s.attacks.find((x) => x.id === a.attack);
        if (!atk || atk.target !== unit || atk.kind !== 'los') return V('not_attacking_unit', 'respond to a line-of-sight attack on this unit');
        if (!hand.includes(a.card)) return V('card_not_in_hand', 'you do not hold that card');
        const k = R.kind(a.card);
        if (k !== 'target' && k !== 'amm') return V('wrong_card_kind', 'respond with a Target or Anti-Missile Missile card');
        if (k === 'target' && R.hasMarker(R.unit(s, unit)!, 'cannotRanged')) return V('unit_cannot_fire', 'a Wild Fire marker prevents counter-fire');
        return null;
      }
      case 'pass':
        if (dec.kind === 'respond' && a.unit !== (dec.exposes as { unit: string }).unit) return V('wrong_unit', 'pass names the responding unit');
        if (dec.kind !== 'respond' && a.unit !== undefined) return V('unexpected_unit', 'a window pass names no unit');
        return null;
      case 'resolve': {
        const atk = s.attacks.find((x) => x.id === a.attack);
        if (!atk) return V('unknown_attack', 'no such declared attack');
        if (atk.done) return V('already_resolved', 'that attack has been resolved');
        return null;
      }
      case 'closeCombat': {
        const u = unitOf(s, a.unit);
        const t = unitOf(s, a.target);
        if (!u || u.status !== 'board' || !t || t.status !== 'board') return V('unknown_unit', 'both units must be on the board');
        if (u.seat !== seat) return V('not_your_unit', 'attack with your own unit');
        if (t.faction === u.faction) return V('not_enemy', 'attack an enemy unit');
        if (!R.ordered(s, u.id)) return V('not_ordered', 'only ordered units battle');
        if (s.battled.includes(u.id) || s.attacks.some((x) => x.unit === u.id)) return V('already_battled', 'a unit battles once per turn');
        if (!G.adjacent(u.at!, t.at!)) return V('not_adjacent', 'Close Combat needs an adjacent enemy');
        return null;
      }
      case 'endTurn':
        if (s.attacks.some((x) => !x.done)) return V('attacks_pending', 'declared attacks must be resolved');
        return null;
      default:
        return null;
    }
  }

  function validate(s: AbState, seat: Seat, dec: OpenDecision, a: Action): Violation | null {
    if (s.result) return violation('game_over', 'the game has ended');
    if (dec.seat !== seat) return violation('not_your_decision', `this decision belongs to seat ${dec.seat}`);
    if (!pending(s).some((d) => d.key === dec.key)) return violation('decision_not_open', 'that decision is not open');
    if (typeof a !== 'object' || a === null || typeof a.type !== 'string') return violation('malformed_action', 'an action is an object with a string type');
    const allowed = ACTION_TYPES[dec.kind] ?? [];
    if (!allowed.includes(a.type)) return violation('wrong_action_type', `${dec.kind} takes ${allowed.join(', ')}`);
    const v = specific(s, seat, dec, a);
    if (v) return v;
    if (!legalSet(s, dec).some((x) => sameAction(x, a))) return violation('illegal_action', 'not a legal action here', { action: a });
    return null;
  }

  // ------------------------------------------------------------------ apply

  function decisionOf(s: AbState, seat: Seat | null, a: Action): OpenDecision | undefined {
    const open = pending(s).filter((d) => seat === null || d.seat === seat);
    if (s.phase === 'respond') return open.find((d) => (d.exposes as { unit: string }).unit === (a as { unit?: string }).unit);
    return open[0];
  }

  function apply(s0: AbState, e: Entry<Action>, ctx: Ctx): Step<AbState> | Violation {
    if (e.kind === 'sealed') return violation('no_sealed_groups', 'Abaddon has no sealed groups');
    if (e.kind === 'resign') return resign(s0, e.seat, ctx);
    const a = e.action;
    const dec = decisionOf(s0, e.kind === 'answer' ? e.seat : null, a);
    if (!dec) return violation('decision_not_open', 'no open decision for this action');
    const v = validate(s0, dec.seat, dec, a);
    if (v) return v;
    const s: AbState = cloneState(s0);
    const ev: Ev = [];
    const rng = memoForks(ctx.rng);
    run(s, dec, a, rng, ev);
    R.instant(s, ev);
    return { state: s, events: ev };
  }

  function take(s: AbState, seat: Seat, card: string): void {
    const i = s.hands[seat].indexOf(card);
    s.hands[seat] = s.hands[seat].filter((_, k) => k !== i);
  }

  function afterResolve(s: AbState, rng: Rng, ev: Ev): void {
    if (s.result) return;
    R.toResolve(s, rng, ev);
  }

  function run(s: AbState, dec: OpenDecision, a: Action, rng: Rng, ev: Ev): void {
    const seat = dec.seat;
    if (dec.timing === 'turn' || dec.kind === 'boltWindow') s.step += 1;
    switch (a.type) {
      case 'divide': {
        const f = s.divideQueue.shift()!;
        const forces = R.mission(s).forces![f];
        const [sa, sb] = R.teamSeats(s, f);
        const aTypes: UnitType[] = [];
        const bTypes: UnitType[] = [];
        for (const t of TYPES) {
          const n = forces.units.filter((u) => u === t).length;
          for (let i = 0; i < n; i++) (i < a.companyA[t] ? aTypes : bTypes).push(t);
        }
        addUnits(s, sa, aTypes);
        addUnits(s, sb, bTypes);
        s.seats[sa].cards = a.cardsA;
        s.seats[sb].cards = forces.cards - a.cardsA;
        ev.push({ type: 'forces_divided', to: 'all', data: { faction: f, A: { units: aTypes, cards: a.cardsA }, B: { units: bTypes, cards: forces.cards - a.cardsA } } });
        if (!s.divideQueue.length) buildDeployQueue(s);
        R.continueSetup(s, rng, ev);
        return;
      }
      case 'deploy': {
        const u = R.unit(s, a.unit)!;
        u.at = [a.at[0], a.at[1]];
        u.status = 'board';
        ev.push({ type: 'unit_deployed', to: 'all', data: { unit: u.id, at: u.at } });
        R.continueSetup(s, rng, ev);
        return;
      }
      case 'displace': {
        const u = R.unit(s, s.jump.unit!)!;
        u.at = [a.at[0], a.at[1]];
        u.status = 'board';
        ev.push({ type: 'unit_displaced', to: 'all', data: { unit: u.id, from: s.jump.at, at: u.at } });
        s.jump.unit = null;
        s.jump.at = null;
        s.jump.options = [];
        R.continueSetup(s, rng, ev);
        return;
      }
      case 'lockOn':
        if (a.at) {
          s.lockons.push({ seat, at: [a.at[0], a.at[1]] });
          ev.push({ type: 'lock_on', to: 'all', data: { seat, at: a.at, relay: s.relays[seat] } });
        } else ev.push({ type: 'lock_on_skipped', to: 'all', data: { seat } });
        R.rollActivation(s, rng, ev);
        return;
      case 'commandDraw':
        ev.push({ type: 'command_draw_declared', to: 'all', data: { seat, n: a.n } });
        R.doDraws(s, a.n, rng, ev);
        return;
      case 'assign':
        s.dice[a.die].use = 'order';
        s.dice[a.die].unit = a.unit;
        ev.push({ type: 'unit_ordered', to: 'all', data: { die: a.die, face: s.dice[a.die].face, unit: a.unit } });
        R.toOrders(s, rng, ev);
        return;
      case 'removeMarker':
        s.dice[a.die].use = 'marker';
        R.discardRetainedFor(s, a.unit, a.marker);
        ev.push({ type: 'marker_removed', to: 'all', data: { die: a.die, unit: a.unit, marker: a.marker } });
        R.toOrders(s, rng, ev);
        return;
      case 'bolt': {
        const card = s.hands[seat].find((c) => R.kind(c) === 'db')!;
        take(s, seat, card);
        s.dice[a.die].use = 'bolt';
        const t = R.unit(s, a.target)!;
        s.window = { kind: 'bolt', die: a.die, target: t.id, seat: t.seat, firer: seat, card };
        ev.push({ type: 'doomsday_bolt', to: 'all', data: { seat, die: a.die, target: t.id, card } });
        if (s.hands[t.seat].length > 0) {
          s.phase = 'boltWindow';
          return;
        }
        R.resolveBolt(s, rng, ev);
        if (!s.result) R.toOrders(s, rng, ev);
        return;
      }
      case 'confirmOrders':
        ev.push({ type: 'orders_confirmed', to: 'all', data: { seat, lost: s.dice.map((d, i) => (d.use === null ? i : -1)).filter((i) => i >= 0) } });
        R.toMovement(s, rng, ev);
        return;
      case 'amm': {
        const card = s.hands[seat].find((c) => R.kind(c) === 'amm')!;
        take(s, seat, card);
        if (dec.kind === 'boltWindow') {
          const w = s.window as Extract<AbState['window'], { kind: 'bolt' }>;
          s.ws.discard.push(w.card, card);
          s.window = null;
          ev.push({ type: 'anti_missile', to: 'all', data: { seat, card, against: 'doomsday_bolt', target: w.target } });
          R.toOrders(s, rng, ev);
          return;
        }
        const w = s.window as Extract<AbState['window'], { kind: 'amm' }>;
        const atk = s.attacks.find((x) => x.id === w.attack)!;
        s.window = null;
        atk.done = true;
        s.ws.discard.push(atk.card, card);
        if (!s.battled.includes(atk.unit)) s.battled.push(atk.unit);
        s.responded.push(atk.target);
        ev.push({ type: 'anti_missile', to: 'all', data: { seat, card, against: atk.kind, attack: atk.id } });
        afterResolve(s, rng, ev);
        return;
      }
      case 'pass': {
        if (dec.kind === 'respond') {
          const r = s.respond.find((x) => x.unit === a.unit)!;
          r.done = true;
          ev.push({ type: 'response_passed', to: 'all', data: { unit: a.unit } });
          if (s.respond.every((x) => x.done)) R.toResolve(s, rng, ev);
          return;
        }
        if (dec.kind === 'boltWindow') {
          ev.push({ type: 'window_passed', to: 'all', data: { seat, window: 'doomsday_bolt' } });
          R.resolveBolt(s, rng, ev);
          if (!s.result) R.toOrders(s, rng, ev);
          return;
        }
        const w = s.window as Extract<AbState['window'], { kind: 'amm' }>;
        const atk = s.attacks.find((x) => x.id === w.attack)!;
        s.window = null;
        ev.push({ type: 'window_passed', to: 'all', data: { seat, window: 'anti_missile', attack: atk.id } });
        R.resolveAttack(s, atk, rng, ev);
        afterResolve(s, rng, ev);
        return;
      }
      case 'move': {
        const u = R.unit(s, a.unit)!;
        const from = u.at!;
        s.moved.push(u.id);
        if (a.to === 'exit') {
          const blocked = R.blocker(s, u.id);
          const zone = R.exitZone(s, u)!;
          const dist = G.reach(s, from, R.moveAllowance(s, u), blocked);
          let best: XY | null = null;
          let bd = Infinity;
          for (const [k, d] of dist) {
            const c = G.unkey(k);
            if (R.inRects(zone, c) && R.onEdge(s, c) && d < bd) {
              best = c;
              bd = d;
            }
          }
          const path = G.shortestPath(s, from, best!, R.moveAllowance(s, u), blocked) ?? [from];
          u.status = 'exited';
          u.at = null;
          ev.push({ type: 'unit_exited', to: 'all', data: { unit: u.id, path, crystals: u.crystals } });
        } else {
          const path = G.shortestPath(s, from, a.to, R.moveAllowance(s, u), R.blocker(s, u.id));
          u.at = [a.to[0], a.to[1]];
          ev.push({ type: 'unit_moved', to: 'all', data: { unit: u.id, from, to: u.at, path } });
        }
        if (R.instant(s, ev)) return;
        R.afterMove(s, rng, ev);
        return;
      }
      case 'endMovement':
        ev.push({ type: 'movement_ended', to: 'all', data: { seat } });
        R.toDeclare(s, rng, ev);
        return;
      case 'attack': {
        take(s, seat, a.card);
        const kind = R.kind(a.card) === 'target' ? 'los' : (R.kind(a.card) as 'sb' | 'lrb');
        const atk: Attack = { id: s.nextAttack++, unit: a.unit, target: a.target, card: a.card, kind, response: null, done: false };
        s.attacks.push(atk);
        const pub = { attack: atk.id, unit: a.unit, target: a.target, kind };
        if (kind === 'los') {
          ev.push({ type: 'attack_declared', to: { seats: R.teamSeats(s, R.factionOf(s, seat)) }, data: { ...pub, card: a.card }, others: { ...pub, card: { hidden: 'wsCard', oneOf: ['target'] } } });
        } else ev.push({ type: 'attack_declared', to: 'all', data: { ...pub, card: a.card } });
        if (!R.canDeclareAny(s)) R.toResponses(s, rng, ev);
        return;
      }
      case 'endDeclarations':
        ev.push({ type: 'declarations_ended', to: 'all', data: { seat } });
        R.toResponses(s, rng, ev);
        return;
      case 'respond': {
        take(s, seat, a.card);
        const atk = s.attacks.find((x) => x.id === a.attack)!;
        atk.response = a.card;
        s.respond.find((x) => x.unit === a.unit)!.done = true;
        s.responded.push(a.unit);
        const pub = { unit: a.unit, attack: a.attack };
        ev.push({ type: 'response_placed', to: { seats: R.teamSeats(s, R.factionOf(s, seat)) }, data: { ...pub, card: a.card }, others: { ...pub, card: { hidden: 'wsCard', oneOf: ['target', 'amm'] } } });
        if (s.respond.every((x) => x.done)) R.toResolve(s, rng, ev);
        return;
      }
      case 'resolve': {
        const atk = s.attacks.find((x) => x.id === a.attack)!;
        const t = R.unit(s, atk.target)!;
        const u = R.unit(s, atk.unit)!;
        if (atk.kind !== 'los' && t.status === 'board' && u.status === 'board' && !R.enemiesAdjacent(s, t) && !s.responded.includes(t.id) && s.hands[t.seat].length > 0) {
          s.window = { kind: 'amm', attack: atk.id, seat: t.seat };
          s.phase = 'ammWindow';
          ev.push({ type: 'anti_missile_window', to: 'all', data: { attack: atk.id, seat: t.seat } });
          return;
        }
        R.resolveAttack(s, atk, rng, ev);
        afterResolve(s, rng, ev);
        return;
      }
      case 'closeCombat': {
        const u = R.unit(s, a.unit)!;
        const t = R.unit(s, a.target)!;
        s.battled.push(u.id);
        ev.push({ type: 'close_combat', to: 'all', data: { unit: u.id, target: t.id } });
        R.combat(s, rng, ev, { a: u, d: t, close: true, aCard: null, dCard: null, dAttacks: true, kind: 'close' });
        if (R.instant(s, ev)) return;
        afterResolve(s, rng, ev);
        return;
      }
      case 'endTurn':
        R.endTurn(s, rng, ev);
        return;
    }
  }

  function buildDeployQueue(s: AbState): void {
    const m = R.mission(s);
    s.deployQueue = [];
    for (const f of m.deployOrder) {
      for (const seat of R.teamSeats(s, f)) {
        const reserve = s.units.filter((u) => u.seat === seat && u.status === 'reserve');
        if (!reserve.length) continue;
        if (m.rules.jumpOn && !m.seats[seat].zone) {
          s.deployQueue.push({ seat, mode: 'jump' });
          s.jump.queue.push(...reserve.map((u) => u.id));
        } else s.deployQueue.push({ seat, mode: 'zone' });
      }
    }
  }

  // ------------------------------------------------------------------ setup, defaults, result

  function setup(p: { scenario: string; seats: { index: number; name: string }[]; options: unknown }, ctx: Ctx): Step<AbState> | Violation {
    const m = R.missions.get(p.scenario);
    if (!m) return violation('unknown_scenario', `no mission ${p.scenario}`, { missions: [...R.missions.keys()] });
    if (p.seats.length !== m.players) return violation('wrong_player_count', `${m.title} is a ${m.players}-player mission`);
    const o = (p.options ?? {}) as { maxRounds?: unknown; lockOnUntil?: unknown };
    if (o.maxRounds !== undefined && (!Number.isInteger(o.maxRounds) || (o.maxRounds as number) < 0)) return violation('bad_option', 'maxRounds is a non-negative integer');
    if (o.lockOnUntil !== undefined && o.lockOnUntil !== 'round' && o.lockOnUntil !== 'turn') return violation('bad_option', "lockOnUntil is 'round' or 'turn'");
    const s = initialState(R, m, p.seats.map((x) => x.name), (o.maxRounds as number | undefined) ?? 30);
    const ev: Ev = [];
    const rng = memoForks(ctx.rng);
    if (o.lockOnUntil === 'turn') s.lockOnUntil = 'turn';
    ev.push({ type: 'mission', to: 'all', data: { mission: m.id, title: m.title, provisional: m.provisional } });
    // Decks are multisets drawn at draw time ("draw late"): the shuffle is each later draw.
    ev.push({ type: 'decks_shuffled', to: 'all', data: { ws: s.ws.pool.length, wf: s.wf.pool.length } });
    if (m.firstPlayer === 'rolloff') {
      // M3 (L900-L901): each faction rolls five activation dice; more Commands goes first; re-roll ties.
      for (let i = 0; i < 100 && !s.firstFaction; i++) {
        const dr = rng.fork('dice');
        const a = Array.from({ length: 5 }, () => FACES[dr.int(6)]);
        const b = Array.from({ length: 5 }, () => FACES[dr.int(6)]);
        ev.push(rollEvent('first_player', a, { faction: 'SCS' }));
        ev.push(rollEvent('first_player', b, { faction: 'CA' }));
        const ca = a.filter((x) => x === 'C').length;
        const cb = b.filter((x) => x === 'C').length;
        if (ca !== cb) s.firstFaction = ca > cb ? 'SCS' : 'CA';
      }
      s.firstFaction ??= 'SCS';
      ev.push({ type: 'first_player', to: 'all', data: { faction: s.firstFaction } });
    }
    if (m.rules.divide) s.divideQueue = ['SCS', 'CA'];
    else buildDeployQueue(s);
    R.continueSetup(s, rng, ev);
    return { state: s, events: ev };
  }

  function defaultAction(s: AbState, dec: OpenDecision): Action {
    switch (dec.kind) {
      case 'divide': {
        const f = (dec.exposes as { faction: Faction }).faction;
        const forces = R.mission(s).forces![f];
        const n = (t: UnitType) => forces.units.filter((u) => u === t).length;
        return { type: 'divide', companyA: { H: Math.ceil(n('H') / 2), M: Math.ceil(n('M') / 2), R: Math.floor(n('R') / 2), I: Math.floor(n('I') / 2) }, cardsA: Math.ceil(forces.cards / 2) };
      }
      case 'lockon': return { type: 'lockOn', at: null };
      case 'commandDraw': return { type: 'commandDraw', n: 0 };
      case 'orders': return { type: 'confirmOrders' };
      case 'boltWindow': case 'ammWindow': return { type: 'pass' };
      case 'move': return { type: 'endMovement' };
      case 'declare': return { type: 'endDeclarations' };
      case 'respond': return { type: 'pass', unit: (dec.exposes as { unit: string }).unit };
      case 'resolve': {
        const a = s.attacks.find((x) => !x.done);
        return a ? { type: 'resolve', attack: a.id } : { type: 'endTurn' };
      }
      default:
        return legal(s, dec)[0];
    }
  }

  function resign(s0: AbState, seat: Seat, _ctx: Ctx): Step<AbState> {
    // Team-aware: a player's resignation concedes for the whole faction (companies win or lose together).
    const s: AbState = cloneState(s0);
    const ev: Ev = [{ type: 'resigned', to: 'all', data: { seat } }];
    if (!s.result) R.finishWith(s, other(R.factionOf(s, seat)), 'resignation', ev);
    return { state: s, events: ev };
  }

  function evaluate(s: AbState, seat: Seat): number {
    const f = R.factionOf(s, seat);
    const o = other(f);
    if (s.result) return s.result.winners.includes(seat) ? 1e6 : s.result.draw ? 0 : -1e6;
    return side(s, f) - side(s, o);
  }

  /** A faction's heuristic worth: score, material, cards, committed attacks, position. */
  function side(s: AbState, f: Faction): number {
    const mine = s.units.filter((u) => u.faction === f);
    const board = mine.filter((u) => u.status === 'board');
    const enemies = R.onBoard(s).filter((u) => u.faction !== f);
    let v = 3 * R.vp(s, f) + mine.reduce((a, u) => a + (u.status === 'destroyed' ? 0 : u.crystals), 0);
    v += 0.25 * R.teamSeats(s, f).reduce((a, i) => a + s.hands[i].length, 0);
    if (R.met(s, f)) v += 50;
    // cards committed to attacks not yet resolved: worth more than in hand
    for (const a of s.attacks) {
      if (a.done) continue;
      const att = R.unit(s, a.unit);
      if (att?.faction === f) v += 0.8 + 0.1 * (R.ws.get(a.card)?.value ?? 2);
      else if (a.response && R.unit(s, a.target)?.faction === f) v += 0.6;
    }
    // orders and lock-ons on the active side's turn
    if (R.factionOf(s, s.active) === f) {
      v += 0.2 * s.dice.filter((d) => d.use === 'order').length;
      v += 0.3 * s.lockons.filter((l) => R.factionOf(s, l.seat) === f).length;
    }
    // close in on the enemy (or on the exit zone for units that may leave the board)
    for (const u of board) {
      const zone = R.exitZone(s, u);
      if (zone) {
        const dy = Math.min(...zone.map((r) => Math.max(0, r.y0 - u.at![1], u.at![1] - r.y1)));
        v -= 0.3 * dy;
      } else if (enemies.length) {
        const d = Math.min(...enemies.map((e) => G.chebyshev(e.at!, u.at!)));
        v -= 0.1 * Math.min(d, 10);
      }
    }
    v += mine.filter((u) => u.status === 'exited').reduce((a, u) => a + 1 + u.crystals, 0);
    return v;
  }

  function query(v: AbView, name: string, args: unknown): unknown {
    const s = v as unknown as AbState;
    const q = (args ?? {}) as { from?: XY; to?: XY; unit?: string };
    if (name === 'los' && isXY(q.from) && isXY(q.to)) {
      return { ...G.lineOfSight(q.from, q.to, R.blocker(s)), range: G.chebyshev(q.from, q.to) };
    }
    if (name === 'reach' && typeof q.unit === 'string') {
      const u = R.unit(s, q.unit);
      return u ? R.moves(s, u) : null;
    }
    if (name === 'odds') return odds(s, args as OddsArgs);
    return null;
  }

  /**
   * Exact outcome probabilities of one combat by enumerating the battle dice:
   * `{unit, target, card?, response?, close?}` (cards by id; no card: Close Combat or shielding).
   */
  function odds(s: AbState, q: OddsArgs): unknown {
    const a = q && R.unit(s, q.unit);
    const d = q && R.unit(s, q.target);
    if (!a || !d || a.status !== 'board' || d.status !== 'board') return null;
    const close = !!q.close;
    const aDef = q.card ? R.ws.get(q.card) : undefined;
    const dDef = q.response ? R.ws.get(q.response) : undefined;
    if (dDef?.kind === 'amm') return { cancelled: 1 };
    const dAttacks = close || dDef?.kind === 'target';
    const faces = (u: Unit): number[] => {
      const n = UNIT[u.type].die;
      if (u.type === 'I' && close) {
        const out: number[] = [];
        for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) out.push(Math.max(x, y));
        return out;
      }
      return Array.from({ length: n }, (_, i) => i + 1);
    };
    const fa = faces(a);
    const fd = faces(d);
    const modA = (aDef?.kind === 'target' ? aDef.value ?? 0 : 0) + (aDef?.kind === 'lrb' && a.type === 'H' ? aDef.heavyBonus ?? 1 : 0) + R.lock(s, a.seat, d);
    const modD = dAttacks ? (dDef?.kind === 'target' ? dDef.value ?? 0 : 0) + R.lock(s, d.seat, a) : 0;
    const superShield = R.mission(s).rules.superShield;
    const dmg = (w: number, l: number) => (superShield ? (w >= 3 * l ? 2 : w >= 2 * l ? 1 : 0) : w >= 2 * l ? 2 : 1);
    let crit = 0, tie = 0, aWin = 0, dWin = 0, toD = 0, toA = 0;
    for (const ra of fa) for (const rd of fd) {
      if (ra === 1 || (dAttacks && rd === 1)) { crit++; continue; }
      const ta = ra + modA;
      const td = rd + modD;
      if (ta === td) tie++;
      else if (ta > td) { aWin++; toD += dmg(ta, td); }
      else { dWin++; if (dAttacks) toA += dmg(td, ta); }
    }
    const n = fa.length * fd.length;
    return { critical: crit / n, tie: tie / n, attackerWins: aWin / n, defenderWins: dWin / n, expectedDamageToTarget: toD / n, expectedDamageToAttacker: toA / n };
  }

  /** Field-by-field disclosure of the legal set (clients, Discord buttons). */
  function choices(s: AbState, _seat: Seat, dec: OpenDecision, partial: unknown): Choice {
    const p = (partial ?? {}) as Record<string, unknown>;
    const acts = legalSet(s, dec) as unknown as Record<string, unknown>[];
    const label = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
    if (typeof p.type !== 'string') {
      return { field: 'type', oneOf: [...new Set(acts.map((a) => a.type as string))].map((v) => ({ value: v, label: v })) };
    }
    const fields = FIELDS[p.type] ?? [];
    let match = acts.filter((a) => a.type === p.type);
    for (const f of fields) {
      if (match.every((a) => a[f] === undefined) && !(f in p)) continue;
      if (!(f in p)) {
        const seen = new Map<string, unknown>();
        for (const a of match) seen.set(JSON.stringify(a[f] ?? null), a[f] ?? null);
        return { field: f, oneOf: [...seen.values()].map((v) => ({ value: v, label: label(v) })) };
      }
      match = match.filter((a) => JSON.stringify(a[f] ?? null) === JSON.stringify(p[f]));
    }
    return match.length ? { done: true } : { field: fields[fields.length - 1] ?? 'type', oneOf: [] };
  }

  // Standing orders (DESIGN "Standing orders"): reflexes for reaction windows. `covers` reads
  // only the public view (it never depends on the seat's hand); `answer` may use the hand.
  const ordersSchema = {
    type: 'object',
    properties: {
      match: { type: 'object', properties: { kind: { enum: ['respond', 'ammWindow', 'boltWindow'] }, context: { type: 'string' } } },
      rule: {
        type: 'object',
        properties: {
          respond: { enum: ['counterFireElseAmm', 'counterFire', 'amm', 'pass'], description: 'best Target card, else AMM, else shield' },
          amm: { enum: ['always', 'never'] },
        },
        additionalProperties: false,
      },
    },
  };

  function covers(_pub: AbView, d: PublicDecision, o: StandingOrder): boolean {
    const rule = (o.rule ?? {}) as { respond?: string; amm?: string };
    if (o.match.kind && o.match.kind !== d.kind) return false;
    if (o.match.context && !d.context.includes(o.match.context)) return false;
    if (d.kind === 'respond') return typeof rule.respond === 'string';
    if (d.kind === 'ammWindow' || d.kind === 'boltWindow') return typeof rule.amm === 'string';
    return false;
  }

  function answer(own: AbView, d: Decision, o: StandingOrder): Action {
    const rule = (o.rule ?? {}) as { respond?: string; amm?: string };
    const hand = own.hands[d.seat] ?? [];
    if (d.kind === 'respond') {
      const { unit, attacks } = d.exposes as { unit: string; attacks: number[] };
      const u = own.units.find((x) => x.id === unit);
      const open = attacks.filter((id) => own.attacks.some((a) => a.id === id && !a.done));
      const targets = hand.filter((c) => R.kind(c) === 'target').sort((a, b) => (R.ws.get(b)!.value ?? 0) - (R.ws.get(a)!.value ?? 0));
      const amm = hand.find((c) => R.kind(c) === 'amm');
      const canFire = u ? !R.hasMarker(u as Unit, 'cannotRanged') : false;
      if (open.length && (rule.respond === 'counterFire' || rule.respond === 'counterFireElseAmm') && canFire && targets.length) {
        return { type: 'respond', unit, attack: open[0], card: targets[0] };
      }
      if (open.length && (rule.respond === 'amm' || rule.respond === 'counterFireElseAmm') && amm) return { type: 'respond', unit, attack: open[0], card: amm };
      return { type: 'pass', unit };
    }
    if ((d.kind === 'ammWindow' || d.kind === 'boltWindow') && rule.amm === 'always' && hand.some((c) => R.kind(c) === 'amm')) return { type: 'amm' };
    return { type: 'pass' };
  }

  const scenarios = data.missions.map((m) => ({
    id: m.id,
    title: `Mission #${m.number} - ${m.title}`,
    players: m.players,
    notes: {
      number: m.number,
      firstPlayer: m.firstPlayer === 'relays' ? 'Lock-On Relay draw each round' : m.firstPlayer === 'rolloff' ? 'roll-off (most Commands on 5 activation dice)' : m.firstPlayer,
      seats: m.seats.map((x, i) => ({ seat: i, faction: x.faction, company: x.company, dice: x.dice })),
      objectives: m.objectives,
      rules: m.rules,
      provisional: m.provisional,
      source: m.source,
    },
  }));

  return {
    id: 'abaddon',
    version: '1.1.0',
    title: 'Abaddon',
    actionSchema,
    players: { min: 2, max: 4 },
    scenarios,
    optionsSchema: {
      type: 'object',
      properties: {
        maxRounds: { type: 'integer', minimum: 0, default: 30, description: '[proposed] round limit; 0 = none' },
        lockOnUntil: { enum: ['round', 'turn'], default: 'round', description: "AMB-07: relays stay until the round ends, or ('turn') are removed at the end of their owner's turn" },
      },
      additionalProperties: false,
    },
    rules: R,
    setup,
    pending,
    candidates: (s, _seat, dec) => ({ actions: legalSet(s, dec).slice(), all: true }),
    validate,
    apply,
    defaultAction,
    view: (s, seat) => makeView(R, s, seat),
    render: makeRender(data),
    result: (s): Result | null => s.result,
    determinize: (v, seat, rng) => determinizeView(R, v, seat, rng),
    position: abaddonPosition(R),
    choices,
    ordersSchema,
    covers,
    answer,
    evaluate,
    resign,
    query,
    scenarioData: (id) => abaddonScenarioData(data, id),
    ...makeDescribe(data),
  };
}

export const abaddon = makeAbaddon();
