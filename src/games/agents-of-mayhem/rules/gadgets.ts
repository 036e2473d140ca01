// Gadgets (spec 2.2.1 D, 10.3; checklist #39, #83): its own TypeBox schema and loader for
// data/gadgets.json (provisional cards: per Elite character an Action, a Weapon and a Passive
// gadget, Scrap costs, Starting or Undiscovered), setup step A2 (the gadgets a mission slots, one
// per slot type), gadgets granted for one mission only (L2221) and the Discovered gadgets handed
// to the next mission (carry). How a slotted gadget is used lives where Actions are resolved:
// an Action gadget is one more Action of the figure (state.ts actionsOf), a Weapon gadget is an
// opt-in add-on to a Weapon Action (`act {…, gadget: true}`), a Passive gadget's abilities are
// added to every attack of the figure (always in effect, L1059).
import { Type as T, type Static } from '@sinclair/typebox';
import gadgetsJson from '../data/gadgets.json' with { type: 'json' };
import { isAdvanced } from '../abilities.js';
import { ActionDef, checkActions, compileAbilities, CONTENT, checkDataFile, instantShapeProblem } from '../content.js';
import { violation, type Violation } from '../../../engine/types.js';
import { GADGETS, SIDES, seatsOf, type Frame, type Gadget, type S, type Side, type Unit } from '../state.js';
import { say, type Ev } from './board.js';

const Scrap = T.String({ pattern: '^[GYB]+$', description: 'Scrap cubes (green, yellow, blue) paid for it in Advanced Setup (L1057)' });
const GadgetCard = T.Object({
  id: T.String({ pattern: '^gadget-[a-z0-9-]+$' }), name: T.String(),
  character: T.String({ description: 'the Elite board pictured on its back (L1052)' }),
  type: T.Union([T.Literal('action'), T.Literal('weapon'), T.Literal('passive')]),
  starting: T.Boolean({ description: 'a Starting gadget (Basic Rules deck, L1382); else it starts Undiscovered' }),
  scrap: Scrap,
  /** An Action gadget's Action (L1054, L1064: the rules of Basic Actions); its id is the gadget's. */
  action: T.Optional(ActionDef),
  /** A Weapon gadget's add-on to the character's Weapon Action (L1055): its cost, paid with the weapon's, and its abilities. */
  weapon: T.Optional(T.Object({ cost: T.String({ pattern: '^(FREE|[GYBP]+)$' }), abilities: T.Array(T.String(), { minItems: 1 }) }, { additionalProperties: false })),
  /** A Passive gadget's abilities (L1056, L1059): free and always in effect on the figure's attacks. */
  passive: T.Optional(T.Array(T.String(), { minItems: 1 })),
}, { additionalProperties: false });
const GadgetsFile = T.Object({
  provisional: T.Boolean(), note: T.String(), gadgets: T.Array(GadgetCard),
  /** Setup step A2 per mission: Elite board → the gadgets slotted (L2214). */
  missions: T.Record(T.String(), T.Record(T.String(), T.Array(T.String(), { maxItems: 3 }))),
  /** Advanced Setup step 2 (L2268): each Side's Scrap budget per mission that offers it. */
  budgets: T.Optional(T.Record(T.String(), T.Object({ MAYHEM: Scrap, LEGION: Scrap }, { additionalProperties: false }))),
}, { additionalProperties: false });

/** Checks and compiles data/gadgets.json (pure: the registry is filled once below). */
export function loadGadgets(raw: unknown): { gadgets: Record<string, Gadget>; missions: Record<string, Record<string, string[]>>; budgets: Record<string, Record<Side, string>> } {
  checkDataFile('gadgets', GadgetsFile, raw);
  const f = raw as Static<typeof GadgetsFile>;
  const starting: Record<string, number> = {};
  const all: Record<string, Gadget> = {};
  for (const g of f.gadgets) {
    const where = `gadget ${g.id}`;
    if (all[g.id]) throw new Error(`${where}: duplicate id`);
    if (!CONTENT.elites[g.character]) throw new Error(`${where}: ${g.character} is not an Elite board (gadgets belong to Elite characters, L1048)`);
    // The card's body matches its type: an Action gadget has an Action, a Weapon gadget an add-on, a Passive gadget abilities.
    if (!!g.action !== (g.type === 'action') || !!g.weapon !== (g.type === 'weapon') || !!g.passive !== (g.type === 'passive')) throw new Error(`${where}: a ${g.type} gadget carries only its ${g.type} part`);
    const out: Gadget = { id: g.id, name: g.name, character: g.character, type: g.type, starting: g.starting, scrap: g.scrap };
    if (g.action) {
      if (g.action.id !== g.id) throw new Error(`${where}: its Action's id is the gadget's`);
      const a = { ...g.action, parsed: compileAbilities(where, g.action.abilities) };
      checkActions(where, [a]);
      // An Instant gadget Action is taken in its own Turn or in the other Side's windows (rules/instants.ts): a self Action (an optional Until-Removed timer allowed),
      // a move (a Jump allowed, L527-537), a Jump (L585) or an attack (a mandatory timer allowed, L1669); no group (extra figures of a Minion type, L996: a gadget is an Elite's),
      // no timer on a move or Jump (a delayed move is no mechanism of these rules) and no Weapon (not modelled for Instants).
      const why = instantShapeProblem(a, false);
      if (why) throw new Error(`${where}: ${why}`);
      out.action = a;
    }
    if (g.weapon) out.weapon = { cost: g.weapon.cost, parsed: compileAbilities(where, g.weapon.abilities) };
    if (g.passive) {
      const parsed = compileAbilities(where, g.passive);
      // Passive abilities ride on the figure's attacks: the conditions an attack evaluates only.
      if (parsed.some((ab) => ab.conds.some((c) => ['refresh', 'whenRemoved', 'untilRemoved', 'after', 'before'].includes(c.k)))) throw new Error(`${where}: a Passive gadget's abilities are attack abilities (no REFRESH, timer or AFTER/BEFORE conditions)`);
      out.passive = parsed;
    }
    if (g.starting) starting[g.character] = (starting[g.character] ?? 0) + 1;
    all[g.id] = out;
  }
  // Each character starts with two gadgets (L1382).
  for (const e of Object.keys(CONTENT.elites)) if ((starting[e] ?? 0) !== 2) throw new Error(`gadgets: Elite ${e} has ${starting[e] ?? 0} Starting gadgets, not 2 (L1382)`);
  for (const [mid, boards] of Object.entries(f.missions)) {
    const m = CONTENT.missions[mid];
    if (!m) throw new Error(`gadgets: no mission ${mid}`);
    for (const [board, list] of Object.entries(boards)) {
      const where = `gadgets: mission ${mid} board ${board}`;
      if (!CONTENT.elites[board] || !SIDES.some((side) => m.sides[side].boards.some((b) => b.board === board))) throw new Error(`${where}: gadgets slot into an Elite board in play (L237)`);
      const types = new Set<string>();
      for (const id of list) {
        const g = all[id];
        if (!g) throw new Error(`${where}: unknown gadget ${id}`);
        if (g.character !== board) throw new Error(`${where}: ${id} is ${g.character}'s (the portrait on its back, L1052)`);
        if (types.has(g.type)) throw new Error(`${where}: one gadget of each type, in its matching slot (L1053)`);
        types.add(g.type);
        const abilities = [...(g.action?.parsed ?? []), ...(g.weapon?.parsed ?? []), ...(g.passive ?? [])];
        if (m.rules === 'basic' && abilities.some(isAdvanced)) throw new Error(`${where}: ${id} prints Advanced abilities; slot it in Advanced missions`);
      }
    }
  }
  for (const mid of Object.keys(f.budgets ?? {})) if (!CONTENT.missions[mid]) throw new Error(`gadgets: budget for unknown mission ${mid}`);
  return { gadgets: all, missions: f.missions, budgets: f.budgets ?? {} };
}

export const GADGET_SETUP = loadGadgets(gadgetsJson);
Object.assign(GADGETS, GADGET_SETUP.gadgets);

/** The Starting gadgets of a Side's characters (L1382): a Side's Discovered gadgets before any campaign reward. */
export function startingGadgets(side: Side): string[] {
  return Object.values(GADGETS).filter((g) => g.starting && CONTENT.elites[g.character].side === side).map((g) => g.id).sort();
}

/** The gadgets a mission slots into a board (setup step A2). */
export function missionGadgets(missionId: string, board: string): string[] {
  return (GADGET_SETUP.missions[missionId]?.[board] ?? []).slice();
}

/**
 * Setup step A2: slot the mission's gadgets into each Elite figure; a gadget the Side has not
 * discovered (`discovered`: carried from the previous mission, else the Starting gadgets) is
 * granted for this mission only (L2221). Public: slotted gadgets are open components (spec 8.1).
 */
export function setupGadgets(missionId: string, units: Record<string, Unit>, discovered: Partial<Record<Side, string[]>> | undefined, ev: Ev, advanced = false): S['gadgets'] | undefined {
  // Advanced Setup: the Sides choose instead of the mission's list (spec 3.3).
  const slots = advanced ? {} : GADGET_SETUP.missions[missionId];
  if (!slots && !discovered && !advanced) return undefined;
  const owned = { MAYHEM: (discovered?.MAYHEM ?? startingGadgets('MAYHEM')).filter((g) => GADGETS[g]).sort(), LEGION: (discovered?.LEGION ?? startingGadgets('LEGION')).filter((g) => GADGETS[g]).sort() };
  const temporary: string[] = [];
  for (const [board, list] of Object.entries(slots ?? {}).sort()) {
    const u = units[board];
    if (!u) continue;
    u.gadgets = list.slice();
    for (const g of list) if (!owned[u.side].includes(g)) temporary.push(g);
    say(ev, 'gadgets_slotted', { board, gadgets: list, temporary: list.filter((g) => !owned[u.side].includes(g)) });
  }
  return { discovered: owned, temporary: temporary.sort() };
}

/** What the next mission gets (spec 10.3): each Side's Discovered gadgets; those granted for this mission only went back to the Undiscovered deck. */
export function carryGadgets(s: S): Record<Side, string[]> {
  const d = s.gadgets?.discovered ?? { MAYHEM: startingGadgets('MAYHEM'), LEGION: startingGadgets('LEGION') };
  return { MAYHEM: d.MAYHEM.slice(), LEGION: d.LEGION.slice() };
}

// ---------------------------------------------------------------- Advanced Setup, step 2

/** The mission's Scrap budget for a Side (Advanced Setup, L2268), if it offers one. */
export function scrapBudget(missionId: string, side: Side): string | undefined { return GADGET_SETUP.budgets[missionId]?.[side]; }

const tally = (xs: string[]) => { const c: Record<string, number> = { G: 0, Y: 0, B: 0 }; for (const x of xs) for (const l of x) c[l]++; return c; };
/** Within the budget colour by colour (Scrap cubes are green, yellow and blue, L2268). */
function affordable(budget: string, ids: string[]): boolean {
  const have = tally([budget]); const need = tally(ids.map((g) => GADGETS[g].scrap));
  return (['G', 'Y', 'B'] as const).every((l) => need[l] <= have[l]);
}

/** Elite boards of the Side in the mission, and the Side's Discovered gadgets that fit them. */
function choosable(s: S, side: Side): string[] {
  const boards = new Set(Object.keys(s.boards).filter((b) => s.boards[b].side === side && CONTENT.elites[b]));
  return (s.gadgets?.discovered[side] ?? []).filter((g) => GADGETS[g] && boards.has(GADGETS[g].character));
}

/** A Side's gadget choice: its Discovered gadgets for its Elite boards in play, one of each type per board, within its Scrap budget. */
export function gadgetChoiceProblem(s: S, side: Side, ids: string[]): Violation | null {
  const ok = choosable(s, side);
  for (const g of ids) if (!ok.includes(g)) return violation('not_choosable', `${g} is not a Discovered gadget of one of ${side}'s Elite boards in this mission`);
  const seen = new Set<string>();
  for (const g of ids) {
    const k = `${GADGETS[g].character}:${GADGETS[g].type}`;
    if (seen.has(k)) return violation('slot_taken', `one ${GADGETS[g].type} gadget per board (L1053)`);
    seen.add(k);
  }
  const budget = scrapBudget(s.mission, side) ?? '';
  if (!affordable(budget, ids)) return violation('over_budget', `the gadgets cost more Scrap than ${side}'s budget ${budget || 'none'} (L2268)`);
  return null;
}

/** Every legal choice (sorted lists): per board, none or one gadget of each type, the whole within the budget. */
export function gadgetChoices(s: S, side: Side): string[][] {
  const ok = choosable(s, side);
  const groups = new Map<string, string[]>();
  for (const g of ok) { const k = `${GADGETS[g].character}:${GADGETS[g].type}`; groups.set(k, [...(groups.get(k) ?? []), g]); }
  let out: string[][] = [[]];
  for (const k of [...groups.keys()].sort()) out = out.flatMap((c) => [c, ...groups.get(k)!.map((g) => [...c, g])]);
  const budget = scrapBudget(s.mission, side) ?? '';
  return out.filter((c) => affordable(budget, c)).map((c) => c.sort());
}

/** Advanced Setup: instead of the mission's list, each Side chooses; MAYHEM's frame on top, LEGION's below (spec 3.3 [P] commit-reveal). */
export function advancedSetupFrames(s: S): Frame[] {
  return (['LEGION', 'MAYHEM'] as Side[]).map((side) => ({ t: 'chooseGadgets' as const, seat: seatsOf(s, side)[0], side }));
}

/**
 * A Side commits its choice: hidden from the other Side (an event to its own seats, others learn
 * only that it chose) until both have chosen; then both are revealed and slotted at once.
 */
export function commitGadgets(s: S, f: Extract<Frame, { t: 'chooseGadgets' }>, ids: string[], ev: Ev): void {
  s.stack.pop();
  (s.gadgetChoice ??= {})[f.side] = [...ids].sort();
  ev.push({ type: 'gadgets_chosen', to: { seats: seatsOf(s, f.side) }, data: { side: f.side, gadgets: [...ids].sort() }, others: { side: f.side } });
  if (!SIDES.every((x) => s.gadgetChoice![x])) return;
  for (const side of SIDES) {
    const byBoard = new Map<string, string[]>();
    for (const g of s.gadgetChoice[side]!) byBoard.set(GADGETS[g].character, [...(byBoard.get(GADGETS[g].character) ?? []), g]);
    for (const [board, list] of [...byBoard].sort()) {
      s.units[board].gadgets = list;
      say(ev, 'gadgets_slotted', { board, gadgets: list, temporary: [] });
    }
  }
  delete s.gadgetChoice;
}

