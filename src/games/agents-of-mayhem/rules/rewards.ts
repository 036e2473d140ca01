// Campaign rewards (spec 10.2, L1418-1430; checklist #84, #85): what a finished mission awards
// each Side (Participation and Victory: a new Gadget or a Dark Matter Crystal, the Side's choice;
// the Gadget OM's controller 1 Gadget; the Crystal OM's controller 1 Crystal), handed to the next
// mission in `carry` with the campaign's story flags, and resolved there before its first Turn,
// one gain at a time: a new Gadget is drawn at random from the Side's Undiscovered deck (a
// `mech/deck` multiset: no order exists before the draw, so nobody can see one) and shown before
// the next choice; Crystals go to the Side's purchase (#86) and expire if unspent.
// Its own TypeBox schema and loader for data/rewards.json (which OM is a mission's Gadget OM and
// which its Crystal OM: provisional, the Mission Books are not in the source).
import { Type as T, type Static } from '@sinclair/typebox';
import rewardsJson from '../data/rewards.json' with { type: 'json' };
import { deckSize, drawOne, newDeck } from '../../../engine/mech/deck.js';
import { violation, type Rng, type Violation } from '../../../engine/types.js';
import { CONTENT, checkDataFile } from '../content.js';
import { GADGETS, seatsOf, type Action, type Frame, type S, type Side } from '../state.js';
import { say, type Ev } from './board.js';

const OmId = T.String({ pattern: '^[1-9]$' });
const RewardOms = T.Object({
  gadget: T.Optional(OmId), crystal: T.Optional(OmId),
}, { additionalProperties: false, description: 'the numbered OM that is the Gadget OM / the Crystal OM (spec 10.2 items 3-4)' });
export type RewardOms = Static<typeof RewardOms>;
const RewardsFile = T.Object({ provisional: T.Boolean(), note: T.String(), oms: T.Record(T.String(), RewardOms) }, { additionalProperties: false });

/** Checks data/rewards.json: a known mission, OMs it places, two different markers. */
export function loadRewards(raw: unknown): Record<string, RewardOms> {
  checkDataFile('rewards', RewardsFile, raw);
  const f = raw as Static<typeof RewardsFile>;
  for (const [mid, r] of Object.entries(f.oms)) {
    const m = CONTENT.missions[mid];
    if (!m) throw new Error(`rewards: no mission ${mid}`);
    for (const id of [r.gadget, r.crystal]) if (id && !m.oms.some((o) => o.id === id)) throw new Error(`rewards: mission ${mid} places no OM ${id}`);
    if (r.gadget && r.gadget === r.crystal) throw new Error(`rewards: mission ${mid}: the Gadget OM and the Crystal OM are two markers`);
  }
  return f.oms;
}

export const REWARD_OMS = loadRewards(rewardsJson);

/** A Side's gains from a finished mission: `choices` Gadget-or-Crystal gains (Participation, Victory), then `gadgets` and `crystals` (the OMs). */
export interface Award { choices: number; gadgets: number; crystals: number }

/** The Gadget and Crystal OMs of the mission played: a generated mission's own, else the data's. */
export function rewardOms(s: S): RewardOms {
  return s.generated?.oms ?? REWARD_OMS[s.mission] ?? {};
}

function winnerOf(s: S): Side | null {
  if (!s.result || s.result.draw || !s.result.winners.length) return null;
  return s.seats[s.result.winners[0]] ?? null;
}

/**
 * What a finished mission awards (spec 10.2): nothing before the end, and nothing for a tutorial
 * (L1432: the tutorials' rewards are spent after the Advanced Rules, i.e. from Mission 1 on).
 * Boost is for expansion characters only: none is in the data.
 */
export function awards(s: S): Record<Side, Award> | undefined {
  if (!s.result || CONTENT.missions[s.mission]?.kind !== 'mission') return undefined;
  const winner = winnerOf(s);
  const oms = rewardOms(s);
  const ctl = (id?: string) => (id ? s.oms.find((o) => o.id === id)?.control ?? null : null);
  const one = (side: Side): Award => ({ choices: 1 + (winner === side ? 1 : 0), gadgets: ctl(oms.gadget) === side ? 1 : 0, crystals: ctl(oms.crystal) === side ? 1 : 0 });
  return { MAYHEM: one('MAYHEM'), LEGION: one('LEGION') };
}

/**
 * The campaign's story flags (spec 5.2 "history of mission results and objective outcomes"):
 * those carried in, plus, once this mission has ended, `<label>:winner` (a Side or `tie`) and the
 * controllers of its Gadget and Crystal OMs. The label is the mission id, or `G<n>` for the n-th
 * generated mission. Public facts only.
 */
export function storyFlags(s: S): Record<string, string> {
  const out = { ...(s.flags ?? {}) };
  if (!s.result) return out;
  const label = s.generated ? `G${s.generated.n}` : s.mission;
  out[`${label}:winner`] = winnerOf(s) ?? 'tie';
  const oms = rewardOms(s);
  for (const k of ['gadget', 'crystal'] as const) {
    const c = oms[k] ? s.oms.find((o) => o.id === oms[k])?.control : undefined;
    if (c) out[`${label}:${k}OM`] = c;
  }
  return out;
}

/** A Side's Undiscovered deck (L1378): every gadget of its Side's characters not Discovered. */
export function undiscoveredPool(s: S, side: Side): string[] {
  const d = s.gadgets?.discovered[side] ?? [];
  return Object.values(GADGETS).filter((g) => CONTENT.elites[g.character]?.side === side && !d.includes(g.id)).map((g) => g.id).sort();
}

type Rewards = Extract<Frame, { t: 'rewards' }>;
type RewardAction = Extract<Action, { type: 'reward' }>;

/** At the start of a chained mission: a rewards frame per Side the last mission awarded (MAYHEM's on top), and the Undiscovered decks. */
export function rewardFrames(s: S, c: { rewards?: Partial<Record<Side, Award>>; participants?: Record<Side, string[]> }): Frame[] {
  if (!c.rewards) return [];
  const frames = (['LEGION', 'MAYHEM'] as Side[]).flatMap((side) => {
    const a = c.rewards![side];
    if (!a || !seatsOf(s, side).length || a.choices + a.gadgets + a.crystals <= 0) return [];
    return [{ t: 'rewards' as const, seat: seatsOf(s, side)[0], side, choices: a.choices, gadgets: a.gadgets, crystals: a.crystals, gained: [], crystalsGained: 0, boards: (c.participants?.[side] ?? []).slice().sort() }];
  });
  if (frames.length) s.undiscovered = { MAYHEM: newDeck(undiscoveredPool(s, 'MAYHEM')), LEGION: newDeck(undiscoveredPool(s, 'LEGION')) };
  return frames;
}

/** A Gadget-or-Crystal choice: a Gadget needs a card left in the Side's Undiscovered deck. */
export function rewardProblem(s: S, f: Rewards, a: RewardAction): Violation | null {
  if (a.take !== 'gadget' && a.take !== 'crystal') return violation('bad_reward', 'take a gadget or a crystal (spec 10.2)');
  if (f.choices <= 0) return violation('no_choice_left', 'no Gadget-or-Crystal gain is left');
  if (a.take === 'gadget' && !deckSize(s.undiscovered?.[f.side] ?? newDeck([]))) return violation('no_undiscovered', `${f.side}'s Undiscovered gadget deck is empty: take a Crystal`);
  return null;
}

export function rewardCandidates(s: S, f: Rewards): RewardAction[] {
  return (['gadget', 'crystal'] as const).map((take) => ({ type: 'reward' as const, take })).filter((a) => !rewardProblem(s, f, a));
}

/** Draws one new gadget at random from the Side's Undiscovered deck into its Discovered ones (L1384); public once drawn. */
function drawGadget(s: S, f: Rewards, rng: Rng, ev: Ev): void {
  const r = drawOne(s.undiscovered![f.side], rng);
  s.undiscovered![f.side] = r.deck;
  if (r.card === null) { say(ev, 'no_gadget_left', { side: f.side }); return; }
  const g = r.card;
  s.gadgets ??= { discovered: { MAYHEM: [], LEGION: [] }, temporary: [] };
  s.gadgets.discovered[f.side] = [...s.gadgets.discovered[f.side], g].sort();
  // A gadget slotted for this mission only and now drawn is owned: it no longer goes back.
  s.gadgets.temporary = s.gadgets.temporary.filter((x) => x !== g);
  f.gained.push(g);
  say(ev, 'gadget_discovered', { side: f.side, gadget: g, character: GADGETS[g].character });
}

/** One gain chosen; after the last choice the OM gains follow, then the Crystals go to the Side's purchase (spec 10.2-10.3). */
export function applyReward(s: S, f: Rewards, a: RewardAction, rng: Rng, ev: Ev): void {
  if (a.take === 'gadget') drawGadget(s, f, rng, ev);
  else { f.crystalsGained++; say(ev, 'crystal_gained', { side: f.side }); }
  f.choices--;
  if (f.choices > 0) return;
  for (let i = 0; i < f.gadgets; i++) drawGadget(s, f, rng, ev);
  f.crystalsGained += f.crystals;
  s.stack.pop();
  say(ev, 'rewards_gained', { side: f.side, gadgets: f.gained, crystals: f.crystalsGained });
  if (f.crystalsGained > 0) addCrystals(s, f, f.crystalsGained);
  if (!s.stack.some((x) => x.t === 'rewards')) delete s.undiscovered;
}

/** Crystals to spend now (spec 10.2): onto the Side's purchase frame, made if there is none (below the resets, LEGION's under MAYHEM's). */
function addCrystals(s: S, f: Rewards, n: number): void {
  const buy = s.stack.find((x): x is Extract<Frame, { t: 'buyUpgrades' }> => x.t === 'buyUpgrades' && x.side === f.side);
  if (buy) { buy.crystals += n; return; }
  let i = s.stack.findIndex((x) => x.t === 'buyUpgrades' || x.t === 'resetBoards' || x.t === 'rewards');
  if (i < 0) i = s.stack.length;
  const legion = s.stack.findIndex((x) => x.t === 'buyUpgrades' && x.side === 'LEGION');
  if (f.side === 'MAYHEM' && legion >= 0) i = legion + 1;
  s.stack.splice(i, 0, { t: 'buyUpgrades', seat: f.seat, side: f.side, crystals: n, boards: f.boards.slice(), bought: [] });
}
