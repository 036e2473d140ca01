// Card sequences (§5.1, checklist #99-#102), instead of initiative and alternation: a deck of unit
// cards (1 per unit; 2 with the extended sequence) drawn one at a time, the drawn unit's side
// activating it. Option Plasma Cooler adds a card that ends the turn at once, after which units
// that have not activated may fire at targets within short range, the sides alternating. The
// expanded sequence adds Commander cards (the character's side activates any of its units).
// The deck is the kernel's draw-late deck (engine/mech/deck.ts): the state holds the remaining
// cards as an unordered multiset and each draw is made from the seeded rng when it happens, so no
// view, determinize or export ever holds the next card.
import { newDeck, type Deck } from '../../../engine/mech/deck.js';
import { firePlan, moveProblem } from '../legal.js';
import { positionCover } from '../geometry.js';
import { edgeDistance, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { inPlay, living, other, troops, type Path, type S, type Side, type Unit } from '../state.js';
import { shoot } from './combat.js';
import { pausedAt } from './lucky.js';
import type { Run } from './run.js';
import { recoveryRoll, untreated, woundRules } from './wounds.js';
import { sideJammed } from './command-response.js';
import { isVehicle, reactionDriveProblem } from './vehicles.js';

export type CardSequence = 'simple' | 'extended' | 'expanded';
export interface Cards {
  deck: Deck<string>;
  /** The drawn card awaiting its activation: a unit card's unit, or a Commander card's side. */
  drawn: { unit: string } | { commander: string; side: Side } | null;
  /** The side of the last activated unit (Plasma Cooler's first shooter, §5.1 [P]). */
  last: Side | null;
  /** Plasma Cooler fire after the card (§5.1): the side to shoot, sides that passed, units that fired. */
  cooler: { toAct: Side; passed: Side[]; fired: string[] } | null;
  /** A Reaction card was set aside: the next unit card opens a reaction for the other side (§5.1). */
  reaction?: boolean;
  /** The open reaction: the side that may react, to the drawn unit. */
  react?: { side: Side; to: string } | null;
  /** A drawn Inspiration card: the side whose good squad leader it is (§5.1). */
  inspire?: Side | null;
}

export const cardOptionSchema = {
  cardSequence: { enum: ['standard', 'simple', 'extended', 'expanded'], default: 'standard', description: 'turn sequence (§5.1): standard (initiative and alternation), simple card sequence (1 card per unit, the drawn unit activates; the turn ends with the deck, checklist #99), extended (2 cards per unit, #100), expanded (unit cards plus 1 Commander card per character: its side activates any one of its units, again if it already has, #102)' },
  reactionCards: { type: 'integer', minimum: 0, maximum: 4, description: 'expanded card sequence: Reaction cards in the deck (default: the average of the sides\' commanders, rounded up); drawn, it is set aside and the next unit card lets one opposing unit with LOS fire at that unit first (§5.1, checklist #102)' },
  plasmaCooler: { type: 'boolean', default: false, description: 'card sequences: add the Plasma Cooler card (§5.1, checklist #101): drawn, the turn ends at once; units that have not activated may fire at a target within short range (the close band), one at a time, the sides alternating from the side of the last activated unit' },
};

/** Units that take cards: fighting units of a side, in play, not attached to a squad. */
const dealt = (s: S) => s.units.filter((u) => u.side !== null && troops(u) && !u.attachedTo && inPlay(u));

export function cardMode(s: S): CardSequence | null {
  const c = s.options.cardSequence;
  return c === 'simple' || c === 'extended' || c === 'expanded' ? c : null;
}

/** A new turn's deck (§5.1). */
export function dealCards(s: S, run: Run): void {
  const mode = cardMode(s)!;
  const cards: string[] = [];
  for (const u of dealt(s)) cards.push(...(mode === 'extended' ? [`unit:${u.id}`, `unit:${u.id}`] : [`unit:${u.id}`]));
  if (mode === 'expanded') {
    const commanders = [0, 1].map((side) => s.units.filter((u) => u.kind === 'character' && u.side === side && inPlay(u)).length);
    for (const u of s.units) if (u.kind === 'character' && u.side !== null && inPlay(u)) cards.push(`commander:${u.id}`);
    // Reaction cards: 1 per commander, the average when the forces differ (§5.1), rounded up [P]; option reactionCards sets the number.
    const n = s.options.reactionCards ?? Math.ceil((commanders[0] + commanders[1]) / 2);
    for (let i = 0; i < n; i++) cards.push('reaction');
    // Inspiration: 1 per squad leader rated good (a veteran, generation option Squad Leaders, §2.10 [P]).
    for (const u of dealt(s)) if (u.leaderRating === 'veteran') cards.push(`inspiration:${u.id}`);
  }
  if (s.options.plasmaCooler || mode === 'expanded') cards.push('cooler');
  s.cards = { deck: newDeck(cards), drawn: null, last: null, cooler: null };
  run.emit('cards_dealt', { turn: s.turn, cards: cards.length });
}

/**
 * Draws until a card gives an activation ('activate': the drawn unit's side decides), the Plasma
 * Cooler opens its fire ('cooler'), or the deck runs out ('end': the turn ends).
 */
export function drawCard(s: S, run: Run): 'activate' | 'cooler' | 'end' {
  const c = s.cards!;
  for (let guard = 0; guard < 200; guard++) {
    const r = run.draw(c.deck);
    c.deck = r.deck;
    if (r.card === null) return 'end';
    run.emit('card_drawn', { card: r.card });
    if (r.card === 'cooler') return openCooler(s, run) ? 'cooler' : 'end';
    if (r.card === 'reaction') { c.reaction = true; continue; }
    if (r.card.startsWith('inspiration:')) {
      const side = s.units.find((x) => x.id === r.card!.slice(12))?.side;
      if (side === undefined || side === null || !inspired(s, side).length) continue;
      c.inspire = side;
      s.toAct = side;
      s.phase = 'inspire';
      s.step++;
      return 'activate';
    }
    const reaction = !!c.reaction;
    c.reaction = false;
    const [kind, id] = r.card.split(':');
    const u = s.units.find((x) => x.id === id);
    if (!u || !inPlay(u) || u.side === null || (kind === 'unit' && u.attachedTo)) continue;
    // A squad aboard a transport gets out in its transport's order, not on its own card (§4.2 [P]);
    // a Commander card with only embarked units to activate passes the same way.
    if (kind === 'unit' ? u.embarked : !commandable(s, u.id, u.side).some((x) => !x.embarked)) {
      run.emit('card_passed', { card: r.card, embarked: true });
      continue;
    }
    if (kind === 'unit') {
      // A unit that gave up its activation (opportunity fire) lets its simple card pass.
      if (cardMode(s) !== 'extended' && u.activated) { run.emit('card_passed', { card: r.card }); continue; }
      c.drawn = { unit: u.id };
    } else c.drawn = { commander: u.id, side: u.side };
    s.toAct = u.side;
    s.phase = 'activate';
    s.step++;
    // After a Reaction card, a unit card lets one opposing unit with LOS react first (§5.1).
    if (reaction && kind === 'unit' && reactors(s, u).length) {
      c.react = { side: other(u.side), to: u.id };
      s.toAct = other(u.side);
      s.phase = 'react';
    }
    return 'activate';
  }
  return 'end';
}

/** The units a side may activate on the drawn card: the unit itself, or any of the Commander's side. */
export function cardActivatable(s: S, side: Side): Unit[] {
  const d = s.cards?.drawn;
  if (!d) return [];
  if ('unit' in d) return s.units.filter((u) => u.id === d.unit && u.side === side);
  return d.side === side ? commandable(s, d.commander, side) : [];
}

/** The units a Commander card of `commander` lets its side activate. */
function commandable(s: S, commander: string, side: Side): Unit[] {
  // Without communications (§7.4) the commander activates only himself, or the squad he is with [P];
  // a unit jammed on its own (Intruder, §2.7) is reached only that way too [P].
  const c = s.units.find((u) => u.id === commander)!;
  if (sideJammed(s, side)) return dealt(s).filter((u) => u.id === (c.attachedTo ?? c.id));
  return dealt(s).filter((u) => u.side === side && (!u.jammed || u.id === (c.attachedTo ?? c.id)));
}

// ---------------------------------------------------------------- Inspiration (§5.1)

/** Inspiration's Move: 3". */
export const INSPIRED_MOVE = 300;

/** Squads of a side led by a living good (veteran) squad leader (§5.1). */
export function inspired(s: S, side: Side): Unit[] {
  return dealt(s).filter((u) => u.side === side && u.leaderRating === 'veteran' && u.figures.some((f) => f.leader && f.alive) && !u.hidden && !u.reserve);
}

/** Why an Inspiration answer is not allowed, or null. */
export function inspireProblem(s: S, side: Side, a: { unit: string | null; effect?: string; moves: Path[]; wounded?: string }): Violation | null {
  if (a.unit === null) return null;
  const u = inspired(s, side).find((x) => x.id === a.unit);
  if (!u) return violation('not_inspired', `${a.unit} is not a squad of yours led by a good squad leader (§5.1)`);
  if (a.effect === 'removeUnderFire') return u.underFire ? null : violation('not_under_fire', `${u.id} is not Under Fire`);
  if (a.effect === 'passMorale') return null;
  if (a.effect === 'recoverWounded') {
    // "Roll to recover 1 wounded trooper" (§5.1): the Recover Wounded roll (§7.23) of one untreated
    // wounded figure of the squad, no aid team needed [P].
    if (!woundRules(s)) return violation('no_wound_rules', 'there are no wounded without the Recover Wounded module (option recoverWounded, §7.23)');
    const w = untreated(u);
    if (!w.length) return violation('no_wounded', `${u.id} has no untreated wounded trooper to recover (§5.1, §7.23)`);
    if (a.wounded !== undefined && !w.some((f) => f.id === a.wounded)) return violation('not_wounded', `${a.wounded} is not an untreated wounded figure of ${u.id}: ${w.map((f) => f.id).join(', ')} (§7.23)`);
    return null;
  }
  if (a.effect !== 'move') return violation('malformed_action', 'effect is move, removeUnderFire, passMorale or recoverWounded (§5.1)');
  if (!a.moves.length) return violation('no_move', 'an Inspiration Move moves at least one figure');
  const r = moveProblem(s, u, a.moves, { mode: 'move', allowance: INSPIRED_MOVE });
  return 'end' in r ? null : r;
}

/** The Inspiration, validated: Move 3", remove Under Fire, pass the next morale test (as Embolden), or one wounded's recovery roll. */
export function applyInspiration(s: S, run: Run, a: { unit: string | null; effect?: string; moves: Path[]; wounded?: string }): { unit: Unit; moves: Path[] } | null {
  s.cards!.inspire = null;
  if (a.unit === null) { run.emit('inspiration_unused', {}); return null; }
  const u = s.units.find((x) => x.id === a.unit)!;
  run.emit('inspiration', { unit: u.id, effect: a.effect });
  if (a.effect === 'removeUnderFire') u.underFire = false;
  if (a.effect === 'passMorale') u.emboldened = true;
  if (a.effect === 'recoverWounded') recoveryRoll(s, run, u, untreated(u).find((f) => a.wounded === undefined || f.id === a.wounded)!);
  return a.effect === 'move' ? { unit: u, moves: a.moves } : null;
}

// ---------------------------------------------------------------- Reaction (§5.1)

/** Opposing units that may react to the drawn unit: in play, able to fire, with LOS and range to it (fire priority does not apply [P]). */
export function reactors(s: S, u: Unit): Unit[] {
  return dealt(s).filter((r) => r.side !== u.side && !r.hidden && !r.reserve && !r.fallingBack && (!r.pinned || !!r.lastStand) && r.kind !== 'nonCombatant' && !!firePlan(s, r, u));
}

const COVER_RANK = { none: 0, soft: 1, hard: 2 } as const;
const nearest = (p: Pt, r: number, t: Unit) => Math.min(...living(t).map((g) => edgeDistance(p, r, g.at, g.r)));

/**
 * A reaction move (§5.1): a normal Move, directly towards the drawn unit (every moving figure ends
 * nearer its nearest figure), towards cover (every moving figure ends in better position cover) or
 * directly away (every moving figure ends farther) [P]. A vehicle's: rules/vehicles.ts, reactionDriveProblem.
 */
export function reactMoveProblem(s: S, r: Unit, to: Unit, moves: Path[], heading?: number): Violation | null {
  // A vehicle reacts too ("any opposing unit", §5.1): its normal move is a Cautious drive [P].
  if (isVehicle(r)) return reactionDriveProblem(s, r, to, moves, heading, (at) => COVER_RANK[positionCover(s, { ...r.figures[0], at })]);
  const m = moveProblem(s, r, moves, { mode: 'move' });
  if (!('end' in m)) return m;
  const moved = living(r).filter((f) => { const p = m.end.get(f.id); return p && (p[0] !== f.at[0] || p[1] !== f.at[1]); });
  if (!moved.length) return violation('no_move', 'a reaction move moves at least one figure');
  const towards = moved.every((f) => nearest(m.end.get(f.id)!, f.r, to) < nearest(f.at, f.r, to));
  const away = moved.every((f) => nearest(m.end.get(f.id)!, f.r, to) > nearest(f.at, f.r, to));
  const cover = moved.every((f) => COVER_RANK[positionCover(s, { ...f, at: m.end.get(f.id)! })] > COVER_RANK[positionCover(s, f)]);
  return towards || away || cover ? null : violation('reaction_move', `a reaction move goes directly towards ${to.id}, towards cover, or directly away from it (§5.1)`);
}

/**
 * The reaction: the chosen unit fires at the drawn unit, or moves (it keeps its own activation), or
 * none; then the drawn unit activates. Personality Lucky (§2.7): the reacting unit's shot (its fire
 * and damage dice, the drawn unit's save and defence dice and tests) may open a window; the card
 * sequence then waits ('paused') and goes on after the answer (turn.ts, `reactionDone`).
 */
export function applyReaction(s: S, run: Run, unit: string | null, moves: Path[] = []): Unit | null | 'paused' {
  const c = s.cards!;
  const to = s.units.find((x) => x.id === c.react!.to)!;
  c.react = null;
  if (unit && moves.length) {
    run.emit('reaction', { unit, target: to.id, move: true });
    return s.units.find((x) => x.id === unit)!;
  }
  if (unit) {
    const r = s.units.find((x) => x.id === unit)!;
    run.emit('reaction', { unit: r.id, target: to.id });
    shoot(s, run, r, to, { lucky: true });
    if (pausedAt(s, { at: 'react', unit: r.id, target: to.id })) return 'paused';
  } else run.emit('reaction_declined', { target: to.id });
  reactionDone(s, to);
  return null;
}

/** After the reaction's fire: the drawn unit activates (a drawn unit destroyed or routed by it loses its card). */
export function reactionDone(s: S, to: Unit): void {
  const c = s.cards!;
  s.toAct = to.side as Side;
  s.phase = 'activate';
  s.step++;
  if (!inPlay(to) && c.drawn && 'unit' in c.drawn) c.drawn = null;
}

// ---------------------------------------------------------------- Plasma Cooler (§5.1)

/** Enemy units a unit may fire at after the Plasma Cooler: any, within short range (the close band) [P]. */
export function coolerTargets(s: S, u: Unit): Unit[] {
  if (u.pinned && !u.lastStand) return [];
  return s.units.filter((t) => t.side !== null && t.side !== u.side && inPlay(t) && !t.hidden && !t.reserve && living(t).length > 0)
    .filter((t) => { const p = firePlan(s, u, t); return !!p && (p.band === 'base' || p.band === 'close'); });
}

/** Units of a side that have not activated and have a target within short range. */
export function coolerFirers(s: S, side: Side): Unit[] {
  const c = s.cards?.cooler;
  return dealt(s).filter((u) => u.side === side && !u.activated && !u.hidden && !u.reserve && !c?.fired.includes(u.id) && u.kind !== 'nonCombatant' && coolerTargets(s, u).length > 0);
}

/** The side that shoots next, or null when no side may (or wants to) any more. */
function coolerNext(s: S, prefer: Side): Side | null {
  const c = s.cards!.cooler!;
  for (const side of [prefer, other(prefer)]) if (!c.passed.includes(side) && coolerFirers(s, side).length) return side;
  return null;
}

function openCooler(s: S, run: Run): boolean {
  const c = s.cards!;
  run.emit('plasma_cooler', { turn: s.turn });
  c.cooler = { toAct: c.last ?? 0, passed: [], fired: [] };
  const side = coolerNext(s, c.last ?? 0);
  if (side === null) { c.cooler = null; return false; }
  c.cooler.toAct = side;
  s.toAct = side;
  s.phase = 'cooler';
  s.step++;
  return true;
}

/**
 * One Plasma Cooler shot (or the side passes for the rest of the turn); false when the fire is over.
 * Personality Lucky (§2.7): the shot may open a window ('paused'); the fire goes on after the answer (`coolerDone`).
 */
export function applyCooler(s: S, run: Run, unit: string | null, target: string | null): boolean | 'paused' {
  const c = s.cards!.cooler!;
  const side = c.toAct;
  if (unit === null || target === null) {
    c.passed.push(side);
    run.emit('cooler_pass', { side });
    return coolerNextShot(s, side);
  }
  const u = s.units.find((x) => x.id === unit)!;
  const t = s.units.find((x) => x.id === target)!;
  run.emit('cooler_fire', { unit: u.id, target: t.id });
  shoot(s, run, u, t, { lucky: true });
  if (pausedAt(s, { at: 'cooler', unit: u.id, target: t.id })) return 'paused';
  return coolerDone(s, u);
}

/** After a Plasma Cooler shot: the unit has fired and activated; the other side shoots next if it may. */
export function coolerDone(s: S, u: Unit): boolean {
  const c = s.cards!.cooler!;
  const side = c.toAct;
  c.fired.push(u.id);
  u.activated = true;
  return coolerNextShot(s, side);
}

function coolerNextShot(s: S, side: Side): boolean {
  const c = s.cards!.cooler!;
  if (s.result) return false;
  const next = coolerNext(s, other(side));
  if (next === null) { s.cards!.cooler = null; return false; }
  c.toAct = next;
  s.toAct = next;
  s.step++;
  return true;
}
