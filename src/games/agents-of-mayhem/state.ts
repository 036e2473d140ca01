// State, Action and Frame types, and small lookups. Vocabulary of the rulebook: Side, board,
// wells, actionCubes, refreshCard, minion, Objective Marker (om), VP.
import type { Deck } from '../../engine/mech/deck.js';
import type { GameEvent, Result, Seat } from '../../engine/types.js';
import type { Face, Status } from './abilities.js';
import { CONTENT, destroyedMap, type Color, type CompiledAction, type Dir, type Side } from './content.js';

export type { Side, Dir };
export const SIDES: Side[] = ['MAYHEM', 'LEGION'];
export const other = (s: Side): Side => (s === 'MAYHEM' ? 'LEGION' : 'MAYHEM');
export type Well = 'speed' | 'focus' | 'tech' | 'mayhem';
export const WELLS: Well[] = ['speed', 'focus', 'tech', 'mayhem'];
/** Cost letters to wells (G green Speed, Y yellow Focus, B blue Tech, P purple Mayhem; spec 2.2.1). */
export const LETTER: Record<string, Well> = { G: 'speed', Y: 'focus', B: 'tech', P: 'mayhem' };

/** A status marker; `timer`: held by an Until-Removed timer's ability (spec 7.8): in effect while that timer is present, never removed by a Refresh card. */
export interface StatusMark { kind: Status; turn: number; timer?: number }

export interface Board {
  id: string;
  kind: 'elite' | 'squad';
  side: Side;
  shield: number;
  armor: number;
  cubes: Record<Well, number>;
  wounds: Record<Well, number>;
  /** Wells holding a Disrupted cube (the reserved space, spec 2.2.6). */
  disrupted: Well[];
  minions: string[];
  /** Permanent Mayhem Statuses on the board (spec 7.7); two become a Mayhem cube. */
  mayhemStatus: number;
  /** A Squad's Reinforcement well (spec 7.12), by colour letter. */
  reinforce: Record<'G' | 'Y' | 'B', number>;
}

export interface Unit {
  id: string;
  board: string;
  minion: string | null;
  side: Side;
  /** Space key "x,y,z"; null while off the map (not yet entered, or Downed). */
  at: string | null;
  facing: Dir;
  downed: boolean;
  /** Minion hits taken this Turn (spec 2.2.2). */
  hits: number;
  statuses: StatusMark[];
  entry: { round: number; edge: string } | null;
  /** An Ally (spec 2.2.3): its Ally board's id; `board` is its host's. */
  ally?: string;
  /** An Ally's damage cubes on its Ally board: Shield, then Armor, then Wound (L1961-1965). */
  damage?: { shield: number; armor: number; wounds: number };
  /** An Elite figure: the Gadget cards slotted in its board's Gadget Slots (spec 2.2.1 D, one per type; data/gadgets.json). Kept on the figure so its Actions are a function of the unit. */
  gadgets?: string[];
  /** Upgrade tiles in its board's Upgrade Spaces (an Elite figure) or above its Minion card's slot (every figure of that Minion type), spec 10.3; data/upgrades.json. */
  upgrades?: string[];
}

/** An Objective Marker; `hits`: a Targetable OM destroyed by that many Hits within one Turn (spec 7.3.7); `lock`: while it stands, units of `side` cannot leave or enter the Inside Area `room` (`in:<tile>:<Level>`, the sample Event's force fields, L1837). */
export interface Om { id: string; at: string; control: Side; hits?: number; lock?: { side: Side; room: string } }

/** One activation slot of a Side's Turn (one per player; two for a 3-4 player Side, spec 6.5). */
export interface Slot {
  seat: Seat;
  board: string | null;
  drawn: string | null;
  done: boolean;
  main: boolean;
  addons: string[];
  /** MP of the current Action, spent by its unit (spec 7.2.1). */
  mp: { unit: string; left: number; jump: { up: number; spaces: number } | null } | null;
  /** Move Up pool for the activation (elite figure only). */
  pool: number;
  /** Move Down MP still to take from later Actions. */
  penalty: number;
  /** A weapon paid with MP first: the attack still to make (spec 7.2.1 before or after). */
  fire: { unit: string; action: string } | null;
  /** A group action's extra figures (+N, spec 7.1.3). */
  group: { action: string; minion: string; used: string[]; left: number } | null;
}

/** A target of an attack: a unit, or a Targetable Explosive Object (its space, spec 7.6.1). */
export interface Target { unit: string; centre: boolean; object?: string; ddd?: string; vehicle?: string }

/**
 * A Vehicle tile on the map (spec 7.16, rules/vehicles.ts): front and back spaces, facing, Wounds;
 * this Turn's driving: Driven (a unit of its Side on it at the Turn's beginning), MP used, moved
 * backwards, spaces moved since the last maneuver (null: none this Turn). A drone (rules/traffic.ts)
 * has no Side (`side` null) and drives the Road lane `lane` (an index into the map's lanes).
 */
export interface Vehicle { id: string; side: Side | null; front: string; back: string; facing: Dir; wounds: number; destroyed?: true; driven: boolean; used: number; backwards: boolean; since: number | null; lane?: number }

/** A Doomsday Device on the map (spec 7.15): its footprint, Wounds, and whether it was destroyed. */
export interface Ddd { id: string; at: string[]; wounds: number; destroyed: boolean; hacked?: Side }

/**
 * An Explosion marker on the map (spec 7.6.1): face down it is a hidden handle with no identity
 * (`marker` null); which marker it is gets drawn from the pile when it flips (STYLE 6).
 */
export interface ExplosionMarker { n: number; at: string; marker: string | null; faceUp: boolean; turn: number; statuses: Status[]; by: Side }

/**
 * A Timer (spec 7.8): placed on a holder (`unit:<id>` for a portrait or figure, `ddd:<id>` for a
 * DDD tile) showing a Side icon; removed at the start of that Side's next Refresh Phase (never in
 * the Turn it was placed), one per holder per Turn; When-Removed, its effect fires on removal.
 */
export interface Timer {
  n: number; side: Side; holder: string; turn: number;
  /**
   * `action`: a delayed Action (aim by timer, a mandatory timer, or an optional Delay Action timer,
   * `whenRemoved`: its WHEN REMOVED abilities apply then, the Golem's Charge): the owning Side
   * chooses its target at removal. `bomb`: a Dark Matter Bomb countdown timer.
   */
  effect: { t: 'action'; unit: string; action: string; aimed: boolean; whenRemoved?: true } | { t: 'bomb'; ddd: string }
    /** `until`: an optional Until-Removed timer on `unit`'s Action; its UNTIL REMOVED abilities are in effect while it is present (spec 7.8). */
    | { t: 'until'; unit: string; action: string };
}

/** An `act` paid and not yet performed (its W-paid window open). */
export interface PaidAct { unit: string; action: string; target?: string; when?: 'before' | 'after'; aim?: boolean | 'timer'; mayhem?: string; gadget?: boolean; timer?: boolean; dieUpgrades?: Color[]; dieDowngrades?: Color[]; surcharge?: string }

export type Frame =
  | {
    t: 'attack'; id: number; seat: Seat; attacker: string; action: string; board: string; centre: string;
    targets: Target[]; i: number; stage: 'preroll' | 'roll' | 'aim' | 'block' | 'damage' | 'push' | 'next';
    /** Aimed (+1 Focus, spec 7.4): Aim Bonuses still to choose this roll, and those taken. */
    aimed?: boolean; aims?: number; bonuses?: string[];
    /** A Mayhem card's extra die of the band colour on the centre target's roll (spec 7.7). */
    mayhemDie?: boolean;
    /** The attacker's choice of die per net Attack Bonus (dieUpgrades) or Penalty (dieDowngrades), by colour; absent: the default (spec 7.3.4, A-05). */
    dieUpgrades?: Color[]; dieDowngrades?: Color[];
    /** Units that took an Instant gadget Action in this attack's W-preroll window (its one Instant there, L284; a later Fall Dash stays open). */
    instants?: string[];
    /** The Action resolves its When-Removed timer (a Delay Action timer, spec 7.8): its WHEN REMOVED abilities apply (whenRemovedAction). */
    whenRemoved?: true;
    dashed: string[]; hits: number; pushes: number; special: boolean; wounds: number; downed: string[];
  }
  | {
    /** An explosion going off (spec 7.6.2), or a collapse's 4 red dice (7.6.3, `collapse` = tile): one roll per target, Block, Hits, Pushes from the centre. */
    t: 'explosion'; id: number; seat: Seat; marker: number; centre: string; dice: Color[]; targets: Target[]; i: number;
    /** A vehicle's Ram Attack (spec 7.16.4) run as this frame: no modifiers, Pushes from `centre` (the space the vehicle comes from), no marker. */
    ram?: string;
    stage: 'roll' | 'block' | 'damage' | 'push' | 'next'; hits: number; pushes: number; collapse: number | null;
  }
  /** W-paid (spec 8.2, L280): the Action `act` is paid; `units` of the other Side that can take an Instant gadget Action are asked in turn (the first one now), then the Action is performed. */
  | { t: 'paid'; act: PaidAct; units: string[] }
  /** W-phase (spec 8.2, L277-279): `units` of the other Side that can take an Instant in the active Side's `window` phase are asked in turn (rules/windows.ts). */
  | { t: 'phase'; window: 'W-draw' | 'W-action' | 'W-refresh'; units: string[] }
  /** W-step (spec 8.2, L282; option `fineGrainedMovementWindows`): `unit` moves to `to` one MP at a time; before each MP `units` of the other Side are asked (null: the next MP's window is not opened yet); `path` the spaces so far. */
  /** `triggers`: a move split only at the MPs where a registered step trigger fires (rules/windows.ts), not at every MP. */
  | { t: 'step'; unit: string; to: string; facing: Dir; units: string[] | null; path: string[]; triggers?: true }
  /** Refresh Phase steps 3-5 (spec 6.4), run once the start-of-Refresh explosions are resolved; `drones`: this Refresh Phase's drone movement has started (step 2.3). */
  | { t: 'refreshSymbols'; timers?: boolean; drones?: boolean }
  /** A Traffic check (spec 7.16.4, rules/traffic.ts): `unit` moved `distance` spaces in front of `drone`; the enemy reveals its top Refresh card now; `then`: the rest of the unit's move, made unless the drone rams it. */
  | { t: 'traffic'; unit: string; drone: string; distance: number; then?: { to: string; facing: Dir } }
  /** Drones moving (spec 7.16.4): the head of `queue` moves one space at a time (lead drone first), then `spawn` new drones enter; `rammed`: the space the head drone rammed into on this step. */
  | { t: 'drones'; queue: { drone: string; left: number }[]; spawn: number; rammed?: string }
  /**
   * A delayed Action whose timer came off (spec 7.8): its owner's seat chooses the target now (null:
   * forgo). `whenRemoved`: a Delay Action timer's, its WHEN REMOVED abilities apply; `mp`: the MP
   * still to move (before the attack: the WHEN REMOVED MP, the Golem's Charge, L1681, and the
   * Action's own weapon MP; after it, the weapon MP when none were moved before, L623); `ability`:
   * the WHEN REMOVED MP of `mp` at the start, spent first; `weaponMp`: the Action's own MP;
   * `fired`: the attack was made, only the weapon MP left to move.
   */
  | { t: 'delayed'; seat: Seat; timer: number; unit: string; action: string; aimed: boolean; whenRemoved?: true; mp?: number; ability?: number; weaponMp?: number; fired?: true }
  /** The MP of an Instant Action taken in a window of the other Side's Turn (a move, or an attack's own MP after it): its owner's seat moves the unit within them, or passes (rules/instants.ts). `jump`: the move's own Jump, not yet made (one per move, L1002). */
  | { t: 'instantMp'; seat: Seat; unit: string; action: string; mp: number; jump?: { up: number; spaces: number } | null }
  /** A unit from a collapsed Level whose space below is taken: its owner picks an adjacent free space. */
  | { t: 'displace'; seat: Seat; unit: string; from: string }
  /** A Downed Ally returns with its redeployed host, on a space its owner picks within 2 of the host (spec 7.13 [P]). */
  | { t: 'placeAlly'; seat: Seat; unit: string; host: string }
  /** EDMKS: a MAYHEM Elite starting its Activation on its Tile spends one Action cube (spec 7.15). */
  | { t: 'edmksTax'; seat: Seat; board: string }
  /** EDMKS: one LEGION board gains a Mayhem cube in the LEGION Refresh Phase (spec 6.4 step 6). */
  | { t: 'edmks'; seat: Seat }
  /** Golem Demolish (spec 7.17): `unit` rolls 1 red d12 against the building of `at`; resolved by settle (the roll drawn then). */
  | { t: 'demolish'; unit: string; at: string }
  /** An Event Marker triggered by `unit` (spec 7.10): resolved by settle (its number drawn then). */
  | { t: 'event'; marker: number; unit: string }
  /** Advanced Setup step 2 (spec 3.3): `side` spends its Scrap budget on gadgets, hidden until both Sides have chosen (commit-reveal). */
  | { t: 'chooseGadgets'; seat: Seat; side: Side }
  /** Advanced Setup step 1 (spec 3.3): `side` chooses 3 boards to play, hidden until every choosing Side has chosen (rules/board-choice.ts). */
  | { t: 'chooseBoards'; seat: Seat; side: Side }
  /** Advanced Setup step 3 (spec 3.3): `side` buys Minion figures with the Scrap its gadgets left; step 4: places one bought figure. */
  | { t: 'buyMinions'; seat: Seat; side: Side }
  | { t: 'placeUnit'; seat: Seat; side: Side; unit: string }
  /** Buying upgrades (spec 10.3) with the Crystals `side` just gained, before the mission begins: `boards` that participated, `bought` those that have bought one. */
  | { t: 'buyUpgrades'; seat: Seat; side: Side; crystals: number; boards: string[]; bought: string[] }
  /** Between missions (spec 10.3): `side` may reset its Elite boards (remove their upgrades, keep 2 of each character's gadgets); `done` boards already reset. */
  | { t: 'resetBoards'; seat: Seat; side: Side; done: string[] }
  /** Campaign rewards of the last mission (spec 10.2), resolved before this one: `choices` Gadget-or-Crystal gains left, then the OMs' `gadgets` and `crystals`; `boards` took part (for the purchase). */
  | { t: 'rewards'; seat: Seat; side: Side; choices: number; gadgets: number; crystals: number; gained: string[]; crystalsGained: number; boards: string[] }
  | { t: 'wound'; id: number; unit: string; seat: Seat; left: number }
  /**
   * A vehicle entering an enemy unit's space (spec 7.16.4): the driving Side pushes it one space
   * (`options`; none: the vehicle stays out), then the Ram Attack (stage `attack`); a Drift's Ram
   * that Downs it with `drivers` on two boards waits for the driving seat to name the one gaining
   * the side swipe's status (stage `swipe`); then the move goes on (`spaces`: a Ramp Jump's;
   * `budget`: the vehicle's MP before the step, so the step is planned again the same way).
   * `drone`: a drone's ram (spec 7.16.4, rules/traffic.ts): `seat` is the rammed unit's enemy, who
   * pushes; the drone's movement goes on from its frame.
   */
  | { t: 'ram'; seat: Seat; vehicle: string; move: Extract<Action, { type: 'drive' }>['move']; spaces?: number; budget?: number; unit: string; from: string; options: string[]; stage?: 'attack' | 'swipe'; to?: string | null; drivers?: string[]; drone?: true }
  | { t: 'fall'; id: number; unit: string; seat: Seat; levels: number; attack: number | null }
  | { t: 'deploy'; seat: Seat; board: string | null; tile: number | null }
  | { t: 'redeploy'; seat: Seat; boards: string[]; redeployed: string[] }
  | { t: 'refresh'; seat: Seat; board: string; reinforce: number; cubes: number; wound: number; positive: boolean; negative: boolean; key: number };

export interface S {
  mission: string;
  players: number;
  seats: Side[];
  round: number;
  /** Turns taken in the whole mission (status markers store the Turn they were gained). */
  turnNo: number;
  side: Side;
  /** The Side's first Turn of the Round: Action Phase only (L338). */
  first: Record<Side, boolean>;
  phase: 'activate' | 'actions' | 'refresh';
  slots: Slot[];
  slot: number;
  boards: Record<string, Board>;
  units: Record<string, Unit>;
  oms: Om[];
  decks: Record<Side, Deck<string>>;
  vp: Record<Side, number>;
  vpStart: { side: Side; value: number };
  stack: Frame[];
  nextId: number;
  /** Entries applied: decision keys change with it (one decision is open at a time). */
  tick: number;
  /** This Turn's Deploy symbol was used (one board buys, spec 7.12). */
  deployed: boolean;
  /** Mayhem decks and shared hands (Advanced missions with a hand size, spec 7.7); absent otherwise. */
  mayhem?: Record<Side, { deck: Deck<string>; hand: string[] }>;
  /** Explosions (Advanced missions, spec 7.6): the face-down pile (public counts, spec 8.1) and the markers on the map. */
  explosions?: { pile: Deck<string>; placed: ExplosionMarker[]; next: number };
  /** Hits on Targetable Explosive Objects this Turn, by space (all Hits in one Turn, spec 7.3.7). */
  objectHits?: Record<string, number>;
  /** Collapsed buildings: tile index → the Level its Destroyed tile lies on (spec 7.6.3). */
  collapsed?: Record<string, number>;
  /** Event Markers on the map (spec 7.10): the Side symbol is public; the number is drawn from `eventNumbers` when triggered. */
  eventMarkers?: { side: Side; at: string; trigger?: 'area' | 'hack'; n?: number }[];
  eventNumbers?: Record<Side, number[]>;
  /** The Event deck (spec 7.10, L1814): Event Card ids `event:<Side>:<n>`, an unordered pool drawn late (stream `events`); which cards it holds is public, their order is nobody's. */
  eventDeck?: Deck<string>;
  /** Doomsday Devices of the mission (spec 7.15). */
  ddds?: Ddd[];
  /** This LEGION Turn's Laser Satellite shot was taken; this Refresh Phase's EDMKS cube was given. */
  laserUsed?: boolean;
  /** The Hell Tower's attack was made (or delayed) this Turn (spec 7.15: once in each LEGION Turn). */
  turretUsed?: boolean;
  edmksDone?: boolean;
  /** This MAYHEM Turn's Dark Matter Bomb radiation was dealt (spec 6.4 step 9). */
  radiated?: boolean;
  /** Each Side's Discovered Gadgets (spec 10.3: its Starting gadgets plus those drawn in a campaign), and the gadgets slotted for this mission only (not owned, L2221): they go back to the Undiscovered deck at its end (carry). */
  gadgets?: { discovered: Record<Side, string[]>; temporary: string[] };
  /** Advanced Setup (spec 3.3): each Side's gadget choice, committed and not yet revealed (hidden from the other Side). */
  gadgetChoice?: Partial<Record<Side, string[]>>;
  /** Advanced Setup step 1: each Side's board choice, committed and not yet revealed (hidden from the other Side). */
  boardChoice?: Partial<Record<Side, string[]>>;
  /** Upgrades owned by each Elite board and Minion type (carried from earlier missions, spec 10.3), and those inserted for this mission only (L2221): they go back to the tray at its end (carry). */
  upgrades?: { owned: Record<string, string[]>; temporary: string[] };
  /** While rewards are resolved (spec 10.2): each Side's Undiscovered gadget deck, an unordered multiset drawn at random (no order to see). */
  undiscovered?: Record<Side, Deck<string>>;
  /** The campaign's story flags carried in (spec 5.2; rules/rewards.ts storyFlags). */
  flags?: Record<string, string>;
  /** A mission built by the Mission Generator (rules/generator.ts): its place in the campaign, Round count, initiative and reward OMs; the map and forces are its template's (`mission`). */
  /** Option `paidDash`: a Dash (Elite or Ally) is offered in the W-paid window too (spec 8.2 async protocol 4: a costly window on opt-in). */
  paidDash?: true;
  /** Option `mayhemWindows`: a unit whose Side holds a Mayhem card it could use as an Instant opens the W-paid, W-phase, W-step and W-preroll windows (rules/instants.ts `canRespondNow`). */
  mayhemWindows?: true;
  /** Option `fineGrainedMovementWindows`: a move is made one MP at a time with a W-step window before each (spec 8.2 async protocol 4). */
  stepWindows?: true;
  /** Step triggers by seat (action `stepTriggers`, rules/windows.ts): a W-step window for the named unit when an enemy move enters its ZoC or LOS. Private to the seat (view.ts). */
  stepTriggers?: Record<string, StepTrigger[]>;
  generated?: { n: number; generator: string; rounds: number; initiative: Side; oms: { gadget?: string; crystal?: string } };
  /** Timers on actions, figures and DDD tiles (spec 7.8), in placement order. */
  timers?: Timer[];
  /** Vehicles summoned in this mission (spec 7.16), destroyed ones kept (a tile is summoned once). */
  vehicles?: Vehicle[];
  /** Traffic (spec 7.16.4, rules/traffic.ts; a mission with drones): the drone tiles off the map, in the order they enter, and how many have entered (the next lane, in turn). */
  traffic?: { supply: string[]; next: number };
  /** Units attacked by a Ram this Turn (once per Turn each, L2136; a drone's as `<drone>><unit>`, once per drone). */
  rammed?: { turn: number; units: string[] };
  result: Result | null;
  log: { round: number; side: Side; text: string }[];
}

export type Action =
  | { type: 'activate'; board: string }
  | { type: 'act'; unit: string; action: string; target?: string; when?: 'before' | 'after'; aim?: boolean | 'timer'; mayhem?: string; gadget?: boolean; timer?: boolean; dieUpgrades?: Color[]; dieDowngrades?: Color[]; surcharge?: string }
  | { type: 'delayed'; target: string | null; dieUpgrades?: Color[]; dieDowngrades?: Color[] }
  | { type: 'arm'; ddd: string }
  | { type: 'aimBonus'; bonus: string | null }
  | { type: 'move'; unit: string; to: string; facing: Dir }
  | { type: 'jump'; unit: string; to: string; facing: Dir }
  | { type: 'dash'; unit: string; to: string; facing: Dir; surcharge?: string }
  | { type: 'fire'; target: string | null; dieUpgrades?: Color[]; dieDowngrades?: Color[] }
  | { type: 'group'; unit: string; target?: string; dieUpgrades?: Color[]; dieDowngrades?: Color[] }
  | { type: 'end' }
  | { type: 'pass' }
  | { type: 'block'; times: number; surcharge?: string }
  | { type: 'wound'; well: Well }
  | { type: 'push'; to: string | null }
  | { type: 'displace'; to: string }
  | { type: 'placeAlly'; to: string }
  | { type: 'laser'; to: string }
  | { type: 'turret'; ddd: string; target?: string; aim?: 'timer'; dieUpgrades?: Color[]; dieDowngrades?: Color[] }
  | { type: 'hack'; unit: string; ddd?: string; marker?: string; dice: number; surcharge?: string }
  | { type: 'edmksTax'; well: Well }
  | { type: 'edmks'; board: string }
  | { type: 'fallDash'; dash: boolean; surcharge?: string }
  | { type: 'redeploy'; board: string; to: string | null }
  | { type: 'deploy'; board: string | null; minion?: string; to?: string }
  | { type: 'chooseGadgets'; gadgets: string[] }
  | { type: 'chooseBoards'; boards: string[] }
  | { type: 'buyUpgrade'; board: string | null; upgrade?: string; replace?: string }
  | { type: 'resetBoard'; board: string | null; keep?: string[] }
  | { type: 'reward'; take: 'gadget' | 'crystal' }
  | { type: 'buyMinions'; buy: { board: string; minion: string; figures: number }[] }
  | { type: 'placeUnit'; to: string }
  | { type: 'mayhemDraw'; pay: string[] }
  | { type: 'stepTriggers'; triggers: StepTrigger[] }
  | { type: 'summon'; vehicle: string; front: string; facing: Dir; pay: string }
  | { type: 'ramPush'; to: string }
  | { type: 'sideSwipe'; driver: string }
  /** `jump`: a Ramp Jump of `spaces` (1-5) off the Ramp counter under the front (spec 7.16.3). */
  | { type: 'drive'; vehicle: string; move: 'forward' | 'backward' | 'turnLeft' | 'turnRight' | 'shiftLeft' | 'shiftRight' | 'driftLeft' | 'driftRight' | 'jump'; spaces?: number }
  | { type: 'mayhemPlay'; card: string; board: string; cube?: string }
  | { type: 'refresh'; reinforce?: string; cubes: string; wound: Well | null; positive: Status | null; negative: Status | null };

/** "Interrupt when an enemy enters the ZoC (or LOS) of unit X" (spec 8.2 async protocol 4). */
export interface StepTrigger { unit: string; when: 'zoc' | 'los' }

export interface Run { ev: GameEvent[] }
export type RollFace = Face[];

export function mission(s: S) { return CONTENT.missions[s.mission]; }
/** The map as it stands: the mission's, less the Levels of collapsed buildings (spec 7.6.3). */
export function map(s: S) {
  const m = CONTENT.missions[s.mission].compiled;
  return s.collapsed ? destroyedMap(s.mission, m, s.collapsed) : m;
}
export function isElite(boardId: string): boolean { return !!CONTENT.elites[boardId]; }
/** The Elite figure of its board (not a Minion, not an Ally attached to the board). */
export function isFigure(u: Unit): boolean { return isElite(u.board) && !u.ally && !u.id.startsWith('ddd:'); }
/** What a unit's Actions, Add-on allowances and Mayhem cards are keyed by: its Ally board, Minion type or Elite board. */
export function unitKey(u: Unit): string { return u.ally ? `ally:${u.ally}` : u.minion ?? u.board; }

/** A Gadget card (spec 2.2.1 D, L1048-1061), compiled by rules/gadgets.ts at load: an Action gadget's Action, a Weapon gadget's add-on to the Weapon Action (cost and abilities), a Passive gadget's abilities. */
export interface Gadget {
  id: string; name: string; character: string; type: 'action' | 'weapon' | 'passive'; starting: boolean; scrap: string;
  action?: CompiledAction; weapon?: { cost: string; parsed: CompiledAction['parsed'] }; passive?: CompiledAction['parsed'];
}
/** Gadget cards by id; filled once by rules/gadgets.ts at load. */
export const GADGETS: Record<string, Gadget> = {};

/** An Upgrade tile (spec 10.3, L1394-1416), compiled by rules/upgrades.ts at load: its type of space, its Crystal cost, the abilities it adds to one of its unit's attacks. */
export interface Upgrade { id: string; name: string; unit: string; type: 'skill' | 'darkMatter' | 'legionTech'; crystals: number; action: string; parsed: CompiledAction['parsed'] }
/** Upgrade tiles by id; filled once by rules/upgrades.ts at load. */
export const UPGRADES: Record<string, Upgrade> = {};

const GADGET_CACHE = new Map<string, CompiledAction>();
/**
 * A unit's Action with what its gadgets and upgrades add: a Passive gadget's abilities on every
 * attack, always in effect (L1059), and an Upgrade's abilities on its Action (`base` for a Weapon
 * Action taken with its Weapon gadget), after the printed ones.
 */
function withPassive(u: Unit, a: CompiledAction): CompiledAction {
  const passive = a.kind === 'attack' ? (u.gadgets ?? []).map((g) => GADGETS[g]).filter((g) => g?.passive) : [];
  const ups = (u.upgrades ?? []).map((x) => UPGRADES[x]).filter((x) => x && x.action === (a.base ?? a.id));
  if (!passive.length && !ups.length) return a;
  const k = `p|${passive.map((g) => g.id).join(',')}|${ups.map((x) => x.id).join(',')}|${u.minion ?? u.board}|${a.id}|${a.name}`;
  let out = GADGET_CACHE.get(k);
  if (!out) { out = { ...a, parsed: [...a.parsed, ...passive.flatMap((g) => g.passive!), ...ups.flatMap((x) => x.parsed)] }; GADGET_CACHE.set(k, out); }
  return out;
}
/** The slotted Weapon gadget of a unit (L1053: one per type). */
export function weaponGadget(u: Unit): Gadget | undefined { return (u.gadgets ?? []).map((x) => GADGETS[x]).find((x) => x?.weapon); }
/**
 * A Weapon Action of the unit's Elite board with its Weapon gadget's add-on (L1055): id
 * `<weapon>+<gadget>`, the two costs together, the gadget's abilities after the weapon's; `base`
 * keys the Main/Add-on allowance. Undefined when the unit has no Weapon gadget or `weaponId` is
 * not one of its board's own Weapon Actions.
 */
export function weaponWithGadget(u: Unit, weaponId: string): CompiledAction | undefined {
  const g = weaponGadget(u);
  const weapon = (CONTENT.elites[u.board]?.actions as CompiledAction[] | undefined)?.find((a) => a.id === weaponId);
  if (!g || !weapon?.weapon || weapon.kind !== 'attack' || u.ally || u.minion) return undefined;
  const k = `w|${g.id}|${u.board}|${weapon.id}`;
  let out = GADGET_CACHE.get(k);
  if (!out) {
    const cost = [weapon.cost, g.weapon!.cost].filter((c) => c !== 'FREE').join('') || 'FREE';
    out = { ...weapon, id: `${weapon.id}+${g.id}`, name: `${weapon.name} + ${g.name}`, cost, parsed: [...weapon.parsed, ...g.weapon!.parsed], base: weapon.id };
    GADGET_CACHE.set(k, out);
  }
  return withPassive(u, out);
}

/** The Actions a unit may take: its Elite board's with its Action gadgets' (L1064: they follow the rules of Basic Actions), its Minion card's, or its Ally board's. */
export function actionsOf(u: Unit): CompiledAction[] {
  if (u.ally) return CONTENT.allies[u.ally].actions;
  const own = u.minion ? CONTENT.minions[u.minion].actions : CONTENT.elites[u.board]?.actions ?? DDD_ACTIONS[u.board] ?? [];
  if (!u.gadgets?.length && !u.upgrades?.length) return own;
  return [...own, ...(u.gadgets ?? []).flatMap((g) => (GADGETS[g]?.action ? [GADGETS[g].action!] : []))].map((a) => withPassive(u, a));
}
/** A DDD's own attack (the Hell Tower's turret) by its attacker id `ddd:<id>`; filled once by rules/ddd.ts at load. */
export const DDD_ACTIONS: Record<string, CompiledAction[]> = {};
/** Mayhem cards' character Actions by the unit (Elite board or Minion type) pictured; filled once by rules/mayhem.ts at load. */
export const CARD_ACTIONS: Record<string, (CompiledAction & { card: string })[]> = {};
/** A unit's Action by id: its own, a Weapon Action with its Weapon gadget (`<weapon>+<gadget>`), or a Mayhem card's character Action (spec 7.7), which stays known after the card is discarded. */
export function actionOf(u: Unit, id: string): CompiledAction | undefined {
  const own = actionsOf(u).find((a) => a.id === id);
  if (own) return own;
  const plus = id.indexOf('+');
  if (plus > 0) { const c = weaponWithGadget(u, id.slice(0, plus)); return c?.id === id ? c : undefined; }
  const card = CARD_ACTIONS[unitKey(u)]?.find((a) => a.id === id);
  return card && withPassive(u, card);
}

const REMOVED_CACHE = new Map<CompiledAction, CompiledAction>();
/**
 * An Action as resolved when its Delay Action timer comes off (spec 7.8, L1659-1663): its
 * `DELAY & WHEN REMOVED` abilities hold then, so their conditions read as ALWAYS (the Golem's
 * Charge: MP 3, and EXTRA DIE on the attack's rolls). The same Action otherwise.
 */
export function whenRemovedAction(a: CompiledAction): CompiledAction {
  let out = REMOVED_CACHE.get(a);
  if (!out) {
    const timed = (c: { k: string }) => c.k === 'delay' || c.k === 'whenRemoved';
    out = { ...a, parsed: a.parsed.map((ab) => (ab.conds.some(timed) ? { ...ab, conds: ab.conds.filter((c) => !timed(c)).concat(ab.conds.every(timed) ? [{ k: 'always' as const }] : []) } : ab)) };
    REMOVED_CACHE.set(a, out);
  }
  return out;
}
/** The MP a Delay Action timer's WHEN REMOVED abilities grant when it comes off (the Golem's Charge: 3, L1681). */
export function whenRemovedMp(a: CompiledAction): number {
  return a.parsed.filter((ab) => ab.conds.some((c) => c.k === 'whenRemoved')).flatMap((ab) => ab.effects.map((alt) => alt[0])).reduce((n, e) => n + (e.k === 'mp' ? e.n : 0), 0);
}
/** Whether the Action pictures an optional Delay Action timer (DELAY & WHEN REMOVED abilities, L1663). */
export function delayTimer(a: CompiledAction): boolean { return !!a.timer && !a.timer.mandatory && a.parsed.some((ab) => ab.conds.some((c) => c.k === 'delay')); }

/** The Action an `act` takes: the named one, or with `gadget: true` that Weapon Action with its Weapon gadget's add-on (L1055: chosen at each use). */
export function actOf(u: Unit, a: { action: string; gadget?: boolean }): CompiledAction | undefined {
  if (a.action.includes('+')) return undefined;
  return a.gadget ? weaponWithGadget(u, a.action) : actionOf(u, a.action);
}

/** Seats of a Side: 2 players 0 MAYHEM, 1 LEGION; 3 players 0 MAYHEM (as two players), 1-2 LEGION; 4 players 0 and 2 MAYHEM, 1 and 3 LEGION. */
export function seatSides(n: number): Side[] {
  return n === 2 ? ['MAYHEM', 'LEGION'] : n === 3 ? ['MAYHEM', 'LEGION', 'LEGION'] : ['MAYHEM', 'LEGION', 'MAYHEM', 'LEGION'];
}
export function seatsOf(s: S, side: Side): Seat[] { return s.seats.flatMap((x, i) => (x === side ? [i] : [])); }
/** The activation slots of a Side's Turn: one per player, and two for a Side of one player in a 3-player game. */
export function slotSeats(s: S, side: Side): Seat[] {
  const seats = seatsOf(s, side);
  return s.players === 2 ? seats : seats.length === 1 ? [seats[0], seats[0]] : seats;
}
export function unitAt(s: S): Map<string, Unit> {
  const m = new Map<string, Unit>();
  for (const u of Object.values(s.units)) for (const k of footprint(u)) m.set(k, u);
  return m;
}
/** A Large Unit (spec 7.2.6, L1915): the figure of an Elite board marked `large` (the Golem), 2×2 spaces. */
export function isLarge(u: Unit): boolean { return !u.ally && !u.minion && !!CONTENT.elites[u.board]?.large; }
/** The spaces a unit takes up: its own, or for a Large Unit the 2×2 block whose north-west space is `at` (same Level). */
export function footprint(u: Unit): string[] { return u.at ? footprintAt(u, u.at) : []; }
export function footprintAt(u: Unit, at: string): string[] {
  if (!isLarge(u)) return [at];
  const [x, y, z] = at.split(',').map(Number);
  return [`${x},${y},${z}`, `${x + 1},${y},${z}`, `${x},${y + 1},${z}`, `${x + 1},${y + 1},${z}`];
}
/** Whether the unit stands on `k` (any space of a Large Unit's footprint). */
export function occupies(u: Unit, k: string): boolean { return footprint(u).includes(k); }
export function count(u: Unit, k: Status): number { return u.statuses.filter((x) => x.kind === k).length; }
export function figureOf(s: S, boardId: string): Unit | undefined { return isElite(boardId) ? s.units[boardId] : undefined; }
export const sortIds = (xs: string[]) => xs.slice().sort();
