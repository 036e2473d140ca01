// Advanced Setup steps 3 and 4 (spec 3.3, L2268-2271; checklist #81 in part; step 2, gadgets, is
// in gadgets.ts): "Do not setup Minion Units as instructed. Instead spend Scrap to gain Minion
// Units for setup. The setup cost for Minions is shown on the lower right of the Minion Card.
// Place purchased Minion Unit's Cards in a Squad Boards." and "Place your Elite and Minion Units
// on the Map as instructed by the Advanced Setup." A Side with Squad boards in the mission buys
// after both Sides have chosen their gadgets (lockstep), with the Scrap its gadgets left; then
// places each bought figure on a free space of the Tiles where the mission sets its units up.
import { drawOne, newDeck } from '../../../engine/mech/deck.js';
import { violation, type Rng, type Violation } from '../../../engine/types.js';
import { CONTENT, cellKey } from '../content.js';
import { GADGETS, footprintAt, isLarge, map, seatsOf, unitAt, type Action, type Frame, type S, type Side, type Unit } from '../state.js';
import { UPGRADES } from '../state.js';
import { scrapBudget } from './gadgets.js';
import { MAYHEM } from './mayhem.js';
import { say, type Ev } from './board.js';

type Buy = Extract<Action, { type: 'buyMinions' }>['buy'];
type BuyFrame = Extract<Frame, { t: 'buyMinions' }>;
type PlaceFrame = Extract<Frame, { t: 'placeUnit' }>;

/** Minion slots per Squad board (spec 2.2.2: 3, not all need to be filled). */
export const SQUAD_SLOTS = 3;

const tally = (xs: string[]) => { const c: Record<string, number> = { G: 0, Y: 0, B: 0 }; for (const x of xs) for (const l of x) c[l]++; return c; };

/** The Side's Squad boards in the mission. */
function squads(s: S, side: Side): string[] {
  // The Side's Squad boards in play (step 1 may have changed the mission's).
  return Object.keys(s.boards).filter((b) => s.boards[b].side === side && CONTENT.squads[b]).sort();
}

/** Step 3 frames, below the gadget choices (both Sides finish step 2 first): one per Side with a Squad board, MAYHEM's on top. */
export function minionFrames(s: S): Frame[] {
  return (['LEGION', 'MAYHEM'] as Side[]).flatMap((side) => (squads(s, side).length && seatsOf(s, side).length ? [{ t: 'buyMinions' as const, seat: seatsOf(s, side)[0], side }] : []));
}

/** The Scrap the Side has left after its gadgets (its budget less the Scrap costs of the gadgets slotted on its figures). */
export function scrapLeft(s: S, side: Side): Record<string, number> {
  const have = tally([scrapBudget(s.mission, side) ?? '']);
  const spent = tally(Object.values(s.units).filter((u) => u.side === side).flatMap((u) => (u.gadgets ?? []).map((g) => GADGETS[g]?.scrap ?? '')));
  return { G: have.G - spent.G, Y: have.Y - spent.Y, B: have.B - spent.B };
}

/** A purchase: Minion cards (each type once) into the Side's Squad boards (3 slots each), 1 to the card's figure count of each, paid colour by colour from the Scrap left (setup cost per figure). */
export function minionBuyProblem(s: S, side: Side, buy: Buy): Violation | null {
  const mine = squads(s, side);
  const seen = new Set<string>();
  const per: Record<string, number> = {};
  const costs: string[] = [];
  for (const x of buy) {
    if (!mine.includes(x.board)) return violation('not_your_squad', `${x.board} is no Squad board of ${side} in this mission`);
    const card = CONTENT.minions[x.minion];
    if (!card) return violation('unknown_minion', `no Minion card ${x.minion}`);
    if (seen.has(x.minion)) return violation('card_twice', `one ${card.name} card (it goes into one slot)`);
    seen.add(x.minion);
    if ((per[x.board] = (per[x.board] ?? 0) + 1) > SQUAD_SLOTS) return violation('slots_full', `${x.board} has ${SQUAD_SLOTS} Minion slots (spec 2.2.2)`);
    if (!Number.isInteger(x.figures) || x.figures < 1 || x.figures > card.figures) return violation('bad_figures', `${card.name}: 1 to ${card.figures} figures`);
    for (let i = 0; i < x.figures; i++) costs.push(card.setup);
  }
  const need = tally(costs);
  const left = scrapLeft(s, side);
  if ((['G', 'Y', 'B'] as const).some((l) => need[l] > left[l])) return violation('over_budget', `the Minions cost more Scrap than ${side} has left (G${left.G} Y${left.Y} B${left.B}, L2270)`);
  return null;
}

/** Every legal purchase: per Minion type, none or one card on one Squad with 1..figures figures; within slots and Scrap. */
export function minionBuyChoices(s: S, side: Side): Buy[] {
  let out: Buy[] = [[]];
  for (const mi of Object.keys(CONTENT.minions).sort()) {
    const opts: Buy = squads(s, side).flatMap((board) => Array.from({ length: CONTENT.minions[mi].figures }, (_, k) => ({ board, minion: mi, figures: k + 1 })));
    out = out.flatMap((c) => [c, ...opts.map((o) => [...c, o])]).filter((c) => !minionBuyProblem(s, side, c));
  }
  return out;
}

/** Default: the affordable purchase with the most figures (the first such). */
export function defaultMinionBuy(s: S, side: Side): Buy {
  const all = minionBuyChoices(s, side);
  const n = (b: Buy) => b.reduce((t, x) => t + x.figures, 0);
  return all.reduce((b, x) => (n(x) > n(b) ? x : b), all[0]);
}

/**
 * Applies a purchase (the only Side buying Minions with the data, so nothing is left to hide):
 * the mission's Minion figures of the Side go, the cards go into the slots, every figure of a
 * bought card is available (those not bought stay off the map, in the tray for Reinforcements),
 * and the bought ones are placed next (step 4), each a decision of the Side.
 */
export function applyMinionBuy(s: S, f: BuyFrame, buy: Buy, rng: Rng, ev: Ev): void {
  s.stack.pop();
  const m = CONTENT.missions[s.mission];
  const facing = (mi: string) => m.sides[f.side].units.find((u) => u.minion === mi)?.facing ?? m.sides[f.side].units[0]?.facing ?? 'N';
  for (const u of Object.values(s.units)) if (u.side === f.side && u.minion) delete s.units[u.id];
  for (const b of squads(s, f.side)) s.boards[b].minions = buy.filter((x) => x.board === b).map((x) => x.minion);
  const place: string[] = [];
  for (const x of buy) {
    const ups = [...(s.upgrades?.owned[x.minion] ?? []), ...(s.upgrades?.temporary ?? []).filter((y) => UPGRADES[y]?.unit === x.minion)];
    for (let k = 1; k <= CONTENT.minions[x.minion].figures; k++) {
      const u: Unit = { id: `${x.minion}-${k}`, board: x.board, minion: x.minion, side: f.side, at: null, facing: facing(x.minion), downed: false, hits: 0, statuses: [], entry: null };
      if (ups.length) u.upgrades = ups.slice();
      s.units[u.id] = u;
      if (k <= x.figures) place.push(u.id);
    }
  }
  say(ev, 'minions_bought', { side: f.side, buy });
  // Setup step D with the Minions bought: 1 Mayhem card per Minion type in use (L2240), the hand drawn again (same size, hidden).
  if (s.mayhem) {
    const owners = new Set([...Object.keys(s.boards).filter((b) => s.boards[b].side === f.side && CONTENT.elites[b]), ...buy.map((x) => x.minion)]);
    let deck = newDeck(Object.values(MAYHEM.cards).filter((c) => owners.has(c.unit)).map((c) => c.id));
    const hand: string[] = [];
    const r = rng.fork(`mayhem:${f.side}`);
    for (let i = 0; i < s.mayhem[f.side].hand.length; i++) { const d = drawOne(deck, r); deck = d.deck; if (d.card) hand.push(d.card); }
    s.mayhem[f.side] = { deck, hand };
    say(ev, 'mayhem_hand', { side: f.side, cards: hand.length });
  }
  for (const unit of place.reverse()) s.stack.push({ t: 'placeUnit', seat: f.seat, side: f.side, unit });
}

/**
 * Step 4 for the Elite figures (Standard Setup places them, Advanced Setup has the Side place
 * them): taken off their pictured spaces, each placed by its Side's first seat, MAYHEM first; an
 * Ally right after its host, within 2 spaces of it (L1971, the Redeploy placement of spec 7.13).
 * Below the Minion frames: after step 3, as the lockstep wants.
 */
export function elitePlacementFrames(s: S): Frame[] {
  const figures = Object.values(s.units).filter((x) => !x.minion && x.at && (x.ally || x.id === x.board));
  for (const u of figures) u.at = null;
  return elitePlacementOrder(s, figures);
}

/** The step-4 frames for these Elite figures and Allies (stack order: the first to place on top): MAYHEM first, by id, an Ally right after its host. */
export function elitePlacementOrder(s: S, figures: Unit[]): Frame[] {
  const order: Frame[] = [];
  const ids = new Set(figures.map((u) => u.id));
  for (const side of ['MAYHEM', 'LEGION'] as Side[]) {
    const seat = seatsOf(s, side)[0];
    if (seat === undefined) continue;
    for (const u of figures.filter((x) => x.side === side && !x.ally && x.id === x.board).sort((x, y) => (x.id < y.id ? -1 : 1))) {
      order.push({ t: 'placeUnit', seat, side, unit: u.id });
      for (const a of Object.values(s.units).filter((x) => x.ally && x.board === u.id && ids.has(x.id)).sort((x, y) => (x.id < y.id ? -1 : 1))) order.push({ t: 'placeAlly', seat, unit: a.id, host: u.id });
    }
  }
  return order.reverse();
}

/** Step 4 (provisional: the book's Advanced Setup maps are not in the source): a free space open to the sky on a Tile where the mission sets up the Side's units. */
export function placeSpaces(s: S, f: PlaceFrame): string[] {
  const mp = map(s);
  const m = CONTENT.missions[s.mission];
  const tiles = new Set(m.sides[f.side].units.map((u) => mp.cells[cellKey(u.at[0], u.at[1], u.at[2])]?.tile).filter((t) => t !== undefined));
  const occ = unitAt(s);
  const out = Object.entries(mp.cells).filter(([k, c]) => tiles.has(c.tile) && !occ.get(k) && !mp.cells[cellKey(c.x, c.y, c.z + 1)]).map(([k]) => k).sort();
  // A Large Unit's figure: its 2×2 footprint on such spaces (spec 7.2.6).
  const u = s.units[f.unit];
  if (!u || !isLarge(u)) return out;
  const ok = new Set(out);
  return out.filter((k) => footprintAt(u, k).every((c) => ok.has(c)));
}

export function applyPlace(s: S, f: PlaceFrame, to: string, ev: Ev): void {
  s.stack.pop();
  s.units[f.unit].at = to;
  say(ev, 'unit_placed', { unit: f.unit, to });
}
