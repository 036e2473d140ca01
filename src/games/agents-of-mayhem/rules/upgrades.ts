// Upgrades (spec 10.3, setup step A4; checklist #83 and the data of #86-#87): its own TypeBox
// schema and loader for data/upgrades.json (provisional tiles: per Elite 2 Skill, 3 Dark Matter, 3
// LEGION Tech; per Minion type 1 Dark Matter, 1 LEGION Tech; Crystal costs; abilities added to one
// of the unit's attacks), setup step A4 (the mission's upgrades go into empty matching spaces on
// top of those owned; one not owned is for that mission only, L2221), and the owned upgrades
// handed to the next mission (carry). Buying upgrades (#86) needs the campaign's Crystals (#84)
// and is not here.
import { Type as T, type Static } from '@sinclair/typebox';
import upgradesJson from '../data/upgrades.json' with { type: 'json' };
import { isAdvanced } from '../abilities.js';
import { compileAbilities, CONTENT, checkDataFile } from '../content.js';
import { violation, type Violation } from '../../../engine/types.js';
import { GADGETS, SIDES, UPGRADES, seatsOf, type Action, type Frame, type S, type Side, type Unit, type Upgrade } from '../state.js';
import { say, type Ev } from './board.js';

type Kind = Upgrade['type'];
const KINDS: Kind[] = ['skill', 'darkMatter', 'legionTech'];
/** Upgrade Spaces: an Elite board's 2 Skill, 3 Dark Matter, 3 LEGION Tech (L1388-1392); a Minion's 1 Dark Matter, 1 LEGION Tech (L1414). */
export const SPACES = { elite: { skill: 2, darkMatter: 3, legionTech: 3 }, minion: { skill: 0, darkMatter: 1, legionTech: 1 } } as const;

const UpgradeTile = T.Object({
  id: T.String({ pattern: '^upgrade-[a-z0-9-]+$' }), name: T.String(),
  unit: T.String({ description: 'the Elite board or Minion type it belongs to (L1398)' }),
  type: T.Union([T.Literal('skill'), T.Literal('darkMatter'), T.Literal('legionTech')]),
  crystals: T.Integer({ minimum: 1, description: 'its price in Dark Matter Crystals (L1410)' }),
  action: T.String({ description: 'the attack of its unit it improves' }),
  abilities: T.Array(T.String(), { minItems: 1 }),
}, { additionalProperties: false });
const UpgradesFile = T.Object({
  provisional: T.Boolean(), note: T.String(), upgrades: T.Array(UpgradeTile),
  /** Setup step A4 per mission: Elite board or Minion type → upgrades inserted (L2216). */
  missions: T.Record(T.String(), T.Record(T.String(), T.Array(T.String(), { maxItems: 8 }))),
}, { additionalProperties: false });

const spacesOf = (unit: string) => (CONTENT.elites[unit] ? SPACES.elite : SPACES.minion);

/** Checks and compiles data/upgrades.json (pure: the registry is filled once below). */
export function loadUpgrades(raw: unknown): { upgrades: Record<string, Upgrade>; missions: Record<string, Record<string, string[]>> } {
  checkDataFile('upgrades', UpgradesFile, raw);
  const f = raw as Static<typeof UpgradesFile>;
  const all: Record<string, Upgrade> = {};
  const per: Record<string, Record<Kind, number>> = {};
  for (const x of f.upgrades) {
    const where = `upgrade ${x.id}`;
    if (all[x.id]) throw new Error(`${where}: duplicate id`);
    const actions = CONTENT.elites[x.unit]?.actions ?? CONTENT.minions[x.unit]?.actions;
    if (!actions) throw new Error(`${where}: ${x.unit} is neither an Elite board nor a Minion type (L1398)`);
    if (!actions.some((a) => a.id === x.action && a.kind === 'attack')) throw new Error(`${where}: ${x.unit} has no attack ${x.action}`);
    all[x.id] = { id: x.id, name: x.name, unit: x.unit, type: x.type, crystals: x.crystals, action: x.action, parsed: compileAbilities(where, x.abilities) };
    (per[x.unit] ??= { skill: 0, darkMatter: 0, legionTech: 0 })[x.type]++;
  }
  // The Upgrades list of each character and Minion type fills its spaces (spec 4.4 item 4, L1388-1414).
  for (const unit of [...Object.keys(CONTENT.elites), ...Object.keys(CONTENT.minions)]) {
    const want = spacesOf(unit);
    for (const k of KINDS) if ((per[unit]?.[k] ?? 0) !== want[k]) throw new Error(`upgrades: ${unit} has ${per[unit]?.[k] ?? 0} ${k} upgrades, not ${want[k]} (L1388-1414)`);
  }
  for (const [mid, units] of Object.entries(f.missions)) {
    const m = CONTENT.missions[mid];
    if (!m) throw new Error(`upgrades: no mission ${mid}`);
    for (const [unit, list] of Object.entries(units)) {
      const where = `upgrades: mission ${mid} ${unit}`;
      const inPlay = SIDES.some((side) => m.sides[side].boards.some((b) => b.board === unit || (b.minions ?? []).includes(unit)));
      if (!inPlay || (!CONTENT.elites[unit] && !CONTENT.minions[unit])) throw new Error(`${where}: upgrades go to an Elite board or a Minion type in play (L2216)`);
      const used: Record<Kind, number> = { skill: 0, darkMatter: 0, legionTech: 0 };
      for (const id of list) {
        const x = all[id];
        if (!x) throw new Error(`${where}: unknown upgrade ${id}`);
        if (x.unit !== unit) throw new Error(`${where}: ${id} is ${x.unit}'s (L1398)`);
        if (++used[x.type] > spacesOf(unit)[x.type]) throw new Error(`${where}: more ${x.type} upgrades than spaces (L1388-1414)`);
        if (m.rules === 'basic' && x.parsed.some(isAdvanced)) throw new Error(`${where}: ${id} prints Advanced abilities`);
      }
      if (new Set(list).size !== list.length) throw new Error(`${where}: an upgrade listed twice`);
    }
  }
  return { upgrades: all, missions: f.missions };
}

export const UPGRADE_SETUP = loadUpgrades(upgradesJson);
Object.assign(UPGRADES, UPGRADE_SETUP.upgrades);

/** The upgrades a mission inserts for an Elite board or Minion type (setup step A4). */
export function missionUpgrades(missionId: string, unit: string): string[] {
  return (UPGRADE_SETUP.missions[missionId]?.[unit] ?? []).slice();
}

/**
 * Setup step A4: each Elite figure and each Minion figure carries its owner's upgrades (owned:
 * carried from the previous mission) plus the mission's, each into an empty space of its type
 * (L2216: "in addition to the Upgrades the Unit already has"); one without an empty space is not
 * inserted. A listed upgrade not owned is for this mission only (L2221). Public (spec 8.1).
 */
export function setupUpgrades(missionId: string, units: Record<string, Unit>, owned: Record<string, string[]> | undefined, ev: Ev): S['upgrades'] | undefined {
  const listed = UPGRADE_SETUP.missions[missionId] ?? {};
  if (!Object.keys(listed).length && !owned) return undefined;
  const have: Record<string, string[]> = {};
  for (const [unit, list] of Object.entries(owned ?? {})) {
    const ok = list.filter((x) => UPGRADES[x]?.unit === unit);
    if (ok.length) have[unit] = [...new Set(ok)].sort();
  }
  const temporary: string[] = [];
  const inPlay: Record<string, string[]> = {};
  for (const unit of new Set([...Object.keys(have), ...Object.keys(listed)])) {
    const slots = [...(have[unit] ?? [])];
    for (const x of listed[unit] ?? []) {
      if (slots.includes(x)) continue;
      const full = slots.filter((y) => UPGRADES[y].type === UPGRADES[x].type).length >= spacesOf(unit)[UPGRADES[x].type];
      if (full) { say(ev, 'upgrade_not_inserted', { unit, upgrade: x, reason: 'no empty space of its type' }); continue; }
      slots.push(x); temporary.push(x);
    }
    inPlay[unit] = slots;
  }
  for (const u of Object.values(units)) {
    const key = u.minion ?? (u.ally || u.id !== u.board ? null : u.board);
    if (key && inPlay[key]?.length) u.upgrades = inPlay[key].slice();
  }
  for (const [unit, list] of Object.entries(inPlay).sort()) if (list.length) say(ev, 'upgrades_inserted', { unit, upgrades: list, temporary: list.filter((x) => temporary.includes(x)) });
  return { owned: have, temporary: temporary.sort() };
}

/** What the next mission gets (spec 10.3): the upgrades owned; those inserted for this mission only went back to the tray (L2221). */
export function carryUpgrades(s: S): Record<string, string[]> {
  return Object.fromEntries(Object.entries(s.upgrades?.owned ?? {}).map(([k, v]) => [k, v.slice()]));
}

// ---------------------------------------------------------------- buying (#86)

type Buy = Extract<Frame, { t: 'buyUpgrades' }>;
type BuyAction = Extract<Action, { type: 'buyUpgrade' }>;

/** A purchase frame per Side with Crystals to spend (MAYHEM's on top). `carry` names the boards that took part and the Crystals. */
export function purchaseFrames(s: S, c: { participants?: Record<Side, string[]>; crystals?: Partial<Record<Side, number>> }): Frame[] {
  return (['LEGION', 'MAYHEM'] as Side[]).flatMap((side) => ((c.crystals?.[side] ?? 0) > 0 && seatsOf(s, side).length
    ? [{ t: 'buyUpgrades' as const, seat: seatsOf(s, side)[0], side, crystals: c.crystals![side]!, boards: (c.participants?.[side] ?? []).slice().sort(), bought: [] }] : []));
}

/** The units (Elite board, or Minion types on a Squad in this mission) a participating board buys for. */
function buyersUnits(s: S, board: string): string[] {
  if (CONTENT.elites[board]) return [board];
  return SIDES.flatMap((side) => CONTENT.missions[s.mission].sides[side].boards.filter((b) => b.board === board).flatMap((b) => b.minions ?? []));
}

/** One upgrade per participating Elite or Squad (L1410), paid in Crystals, into an empty space of its type or replacing one owned (L1412). */
export function buyProblem(s: S, f: Buy, a: BuyAction): Violation | null {
  if (a.board === null) return a.upgrade === undefined && a.replace === undefined ? null : violation('unknown_field', 'board null ends the buying');
  if (!f.boards.includes(a.board)) return violation('not_participant', `${a.board} did not take part in the last mission (L1410)`);
  if (f.bought.includes(a.board)) return violation('already_bought', `${a.board} has bought its one upgrade (L1410)`);
  const x = a.upgrade ? UPGRADES[a.upgrade] : undefined;
  if (!x || !buyersUnits(s, a.board).includes(x.unit)) return violation('not_its_upgrade', `${a.upgrade} is not an upgrade of ${a.board} or its Minion types`);
  const owned = s.upgrades?.owned[x.unit] ?? [];
  if (owned.includes(x.id)) return violation('owned', `${x.name} is already owned`);
  if (x.crystals > f.crystals) return violation('cannot_pay', `${x.name} costs ${x.crystals} Crystals, ${f.crystals} left`);
  const full = owned.filter((y) => UPGRADES[y].type === x.type).length >= spacesOf(x.unit)[x.type];
  if (full && !(a.replace && owned.includes(a.replace) && UPGRADES[a.replace].type === x.type)) return violation('no_space', `no empty ${x.type} space: name an owned ${x.type} upgrade to replace (L1412)`);
  if (!full && a.replace !== undefined) return violation('space_free', `an empty ${x.type} space is free: nothing to replace`);
  return null;
}

export function buyCandidates(s: S, f: Buy): BuyAction[] {
  const out: BuyAction[] = [{ type: 'buyUpgrade', board: null }];
  for (const board of f.boards) for (const unit of buyersUnits(s, board)) for (const x of Object.values(UPGRADES).filter((y) => y.unit === unit)) {
    for (const replace of [undefined, ...(s.upgrades?.owned[unit] ?? [])]) {
      const a: BuyAction = replace ? { type: 'buyUpgrade', board, upgrade: x.id, replace } : { type: 'buyUpgrade', board, upgrade: x.id };
      if (!buyProblem(s, f, a)) out.push(a);
    }
  }
  return out;
}

/** Applies a purchase: the tile is owned (a replaced one back to the tray), in play at once; `board: null` ends it, unspent Crystals expire (spec 10.2). */
export function applyBuy(s: S, f: Buy, a: BuyAction, ev: Ev): void {
  if (a.board === null || !a.upgrade) {
    s.stack.pop();
    say(ev, 'upgrades_bought', { side: f.side, expired: f.crystals });
    return;
  }
  const x = UPGRADES[a.upgrade];
  s.upgrades ??= { owned: {}, temporary: [] };
  const owned = (s.upgrades.owned[x.unit] ?? []).filter((y) => y !== a.replace);
  s.upgrades.owned[x.unit] = [...owned, x.id].sort();
  f.crystals -= x.crystals;
  f.bought.push(a.board);
  // In play now: owned tiles, then this mission's temporary ones while spaces of their type are left.
  const inPlay = s.upgrades.owned[x.unit].slice();
  const temps = (s.upgrades.temporary ?? []).filter((y) => UPGRADES[y].unit === x.unit && !inPlay.includes(y));
  const kept = temps.filter((y) => { const ok = inPlay.filter((z) => UPGRADES[z].type === UPGRADES[y].type).length < spacesOf(x.unit)[UPGRADES[y].type]; if (ok) inPlay.push(y); return ok; });
  s.upgrades.temporary = s.upgrades.temporary.filter((y) => UPGRADES[y].unit !== x.unit || kept.includes(y));
  for (const u of Object.values(s.units)) if ((u.minion ?? (u.id === u.board && !u.ally ? u.board : null)) === x.unit) u.upgrades = inPlay.slice();
  say(ev, 'upgrade_bought', { side: f.side, board: a.board, upgrade: x.id, crystals: x.crystals, replaced: a.replace ?? null, left: f.crystals });
}

// ---------------------------------------------------------------- board reset (#88)

type Reset = Extract<Frame, { t: 'resetBoards' }>;
type ResetAction = Extract<Action, { type: 'resetBoard' }>;

/** The Side's Elite boards in this mission with something to reset: owned upgrades, or more than 2 Discovered gadgets. */
export function resettable(s: S, side: Side): string[] {
  return CONTENT.missions[s.mission].sides[side].boards.map((b) => b.board).filter((b) => CONTENT.elites[b]
    && ((s.upgrades?.owned[b] ?? []).length > 0 || (s.gadgets?.discovered[side] ?? []).filter((g) => GADGETS[g]?.character === b).length > 2)).sort();
}

/** Reset frames at the start of a chained mission (before buying), per Side with something to reset, MAYHEM's on top. */
export function resetFrames(s: S): Frame[] {
  return (['LEGION', 'MAYHEM'] as Side[]).flatMap((side) => (resettable(s, side).length && seatsOf(s, side).length ? [{ t: 'resetBoards' as const, seat: seatsOf(s, side)[0], side, done: [] }] : []));
}

/** Reset a board (L1434): `keep` names the 2 of its character's Discovered gadgets that stay (all of them if 2 or fewer). */
export function resetProblem(s: S, f: Reset, a: ResetAction): Violation | null {
  if (a.board === null) return a.keep === undefined ? null : violation('unknown_field', 'board null ends the resets');
  if (!resettable(s, f.side).includes(a.board) || f.done.includes(a.board)) return violation('not_resettable', `${a.board} is no ${f.side} Elite board with upgrades or more than 2 gadgets to reset`);
  const mine = (s.gadgets?.discovered[f.side] ?? []).filter((g) => GADGETS[g]?.character === a.board);
  const keep = a.keep ?? [];
  const want = Math.min(2, mine.length);
  if (new Set(keep).size !== keep.length || keep.length !== want || keep.some((g) => !mine.includes(g))) return violation('bad_keep', `keep exactly ${want} of ${a.board}'s Discovered gadgets (L1434)`);
  return null;
}

export function resetCandidates(s: S, f: Reset): ResetAction[] {
  const out: ResetAction[] = [{ type: 'resetBoard', board: null }];
  for (const board of resettable(s, f.side)) {
    if (f.done.includes(board)) continue;
    const mine = (s.gadgets?.discovered[f.side] ?? []).filter((g) => GADGETS[g]?.character === board).sort();
    const pairs = mine.length <= 2 ? [mine] : mine.flatMap((g, i) => mine.slice(i + 1).map((h) => [g, h]));
    for (const keep of pairs) out.push({ type: 'resetBoard', board, keep });
  }
  return out;
}

/**
 * Applies a reset: the board's upgrades go back to the tray, its character's other Discovered
 * gadgets back to the Undiscovered deck. This mission's listing still applies: a slotted gadget no
 * longer discovered, or a listed upgrade, is now for this mission only (L2221).
 */
export function applyReset(s: S, f: Reset, a: ResetAction, ev: Ev): void {
  if (a.board === null) { s.stack.pop(); return; }
  const board = a.board;
  f.done.push(board);
  const removed = s.upgrades?.owned[board] ?? [];
  if (s.upgrades) delete s.upgrades.owned[board];
  const listed = missionUpgrades(s.mission, board);
  const u = s.units[board];
  if (s.upgrades) s.upgrades.temporary = [...new Set([...s.upgrades.temporary, ...listed])].sort();
  if (u) { if (listed.length) u.upgrades = listed; else delete u.upgrades; }
  const d = s.gadgets!.discovered[f.side];
  const back = d.filter((g) => GADGETS[g]?.character === board && !(a.keep ?? []).includes(g));
  s.gadgets!.discovered[f.side] = d.filter((g) => !back.includes(g));
  for (const g of u?.gadgets ?? []) if (back.includes(g) && !s.gadgets!.temporary.includes(g)) s.gadgets!.temporary = [...s.gadgets!.temporary, g].sort();
  say(ev, 'board_reset', { side: f.side, board, upgrades: removed, gadgetsReturned: back });
}
