// State, actions and small lookups of Fast and Dirty (spec shared/rules/fast-and-dirty.md).
// Positions are integer hundredths of an inch (§3.2); side 0's home edge is y = 0.
import type { Result, Seat } from '../../engine/types.js';
import type { Pt } from '../../engine/mech/geom2d.js';
import type { TaskState } from './rules/tasks.js';
import type { Cards } from './rules/cards.js';
import type { WeaponDef } from './content.js';

export type Side = 0 | 1;
export type Quality = 'rabble' | 'conscript' | 'regular' | 'elite';
export type Resolve = 'reluctant' | 'uncertain' | 'steady' | 'determined';
export type CoverClass = 'none' | 'soft' | 'hard';

export const QUALITIES: readonly Quality[] = ['rabble', 'conscript', 'regular', 'elite'];
export const RESOLVES: readonly Resolve[] = ['reluctant', 'uncertain', 'steady', 'determined'];

/** §2.1 master table, keyed by Quality (distances in hundredths). */
export const QUALITY_TABLE: Record<Quality, { target: number; coherency: number; base: number; priority: number; feMod: number; tolerance: number }> = {
  rabble: { target: 5, coherency: 200, base: 200, priority: 1, feMod: 0, tolerance: 10 },
  conscript: { target: 4, coherency: 300, base: 300, priority: 2, feMod: 0, tolerance: 12 },
  regular: { target: 3, coherency: 400, base: 400, priority: 3, feMod: 1, tolerance: 14 },
  elite: { target: 2, coherency: 500, base: 500, priority: 4, feMod: 2, tolerance: 16 },
};
/** §2.1 Resolve break points as fractions (numerator / 4 of strength); Reluctant breaks at 1 casualty. */
export const BREAK_QUARTERS: Record<Resolve, number> = { reluctant: 0, uncertain: 1, steady: 2, determined: 3 };

/** One level lower or higher, clamped (§2.1). */
export function shiftQuality(q: Quality, by: number): Quality {
  return QUALITIES[Math.max(0, Math.min(3, QUALITIES.indexOf(q) + by))];
}

export interface Figure {
  id: string;
  /** A figure standing aside from its squad's shot (an attached Hero firing on his own, §2.6; a figure busy with a Command sub-action): out of it, not dead (within one shot only). */
  aside?: true;
  at: Pt;
  /** Base radius in hundredths (0.5" infantry, §3.2). */
  r: number;
  weapon: string;
  armour: string;
  /** Operates a support weapon (not small arms, §6.4 step 6). */
  support: boolean;
  leader: boolean;
  alive: boolean;
  /** Left the table over its side's edge (Evacuation). */
  exited?: boolean;
  /** Module Recover Wounded (§7.23): lying wounded (`alive` false, out of action), untreated or stabilized. */
  wounded?: 'wounded' | 'stabilized';
  /** The turn in which it carries a wounded figure: it does not shoot (§7.23). */
  carryTurn?: number;
  /** A wounded figure its squad has rolled to leave behind (Leave No One Behind, §7.23): one roll per figure. */
  leftBehind?: boolean;
  /** A Medic left behind with these wounded figures (§7.23): he stays with them while one is untreated. */
  staysWith?: string[];
  /** An attached character's figure: the id of its own unit (§2.8). */
  character?: string;
  /** A crew figure of a weapon team attached to the squad at deployment: the team's unit id (§7.9). */
  team?: string;
  /** Wears the Self-Sealing armour add-on (§2.4, §7.1). */
  sealed?: boolean;
  /** Trait Resilient (§2.6, §6.5 step 7): its Resilience Points left; a wound costs 1, a kill 2 (rules/resilience.ts). */
  resiliencePoints?: number;
  /** Trait Ignore Pain (§2.6): wounded, it still moves and fights (`alive` stays true); a 1 on its roll at each activation removes it. */
  painWound?: boolean;
  /** Killed in close assault by an Infect unit and infected on 5+ (§2.6); the scenario defines what it does. */
  infected?: boolean;
  /** Personalities of this squad member (§2.7): `brawler`, `knifeFighter`, `sharpshooter`, `triggerHappy`, `comms`, `forwardObserver` have effects. */
  personalities?: string[];
  /** An Intruder counter-hacked on a natural 1: it may not intrude for the rest of the battle (§2.7). */
  hacked?: boolean;
  /** Carries AT grenades, an AT-capable close weapon (§6.11 item 6 [P]). */
  atGrenades?: boolean;
  /** A psionic (§2.8, §7.22): Aptitude, Strength (starts at 3), the turn of its last invocation, the turn it stays out of fire. */
  psi?: { aptitude: 'marginal' | 'competent' | 'expert' | 'master'; strength: number; usedTurn?: number; silentTurn?: number };
}

export type UnitKind = 'infantry' | 'nonCombatant' | 'character' | 'weaponTeam' | 'sniper' | 'vehicle';
export type Branch = 'infantry' | 'gunnery' | 'cavalry';
/** Leadership ratings (§2.8). */
export const LEADERSHIP = { novice: 0, experienced: 1, inspiring: 2, heroic: 3 } as const;
export type Leadership = keyof typeof LEADERSHIP;

export interface Unit {
  id: string;
  name: string;
  /** null: a neutral non-combatant group (§7.17). */
  side: Side | null;
  kind: UnitKind;
  quality: Quality;
  resolve: Resolve;
  strength: number;
  figures: Figure[];
  activated: boolean;
  underFire: boolean;
  broken: boolean;
  /** Fell back at its morale test this activation (§6.1). */
  fallingBack: boolean;
  /** Pinned (module §7.19): no shooting, moving or assaulting until the end of its next activation. */
  pinned?: boolean;
  /** Out of play (routed, surrendered, wiped out, §9). */
  out: boolean;
  demolition?: { charges: number; rigged: 'no' | 'pending' | 'yes'; riggedAt?: Pt; rigWait?: boolean };
  /** Side controlling a non-combatant group this turn (§7.17). */
  controlledBy?: Side | null;
  /** A character's Leadership and branch (§2.8). */
  character?: { leadership: Leadership; branch: Branch };
  /** A character attached to a squad: the host's id; its figure then stands in the host's list (§2.8). */
  attachedTo?: string | null;
  /** Moved in its last activation (snipers' concealment, §7.27). */
  movedLast?: boolean;
  /** The squad's one smoke screen of the game is spent (§7.26). */
  smokeUsed?: boolean;
  /** Fires as Scattered fire (§6.8, A29: a trait flag; the source names no user). */
  scatteredFire?: boolean;
  /** Night vision (§7.16; the trait, §2.6): fires unrestricted at night within 20". */
  nightVision?: boolean;
  /** Making a Last Stand (§7.13): never moves, no Resolve or morale, ignores Under Fire and Pinned, free choice of target. */
  lastStand?: boolean;
  /** Hidden (module §7.10): its figures are off the table and these markers stand for it. */
  hidden?: { markers: HiddenMarker[] } | null;
  /** Tried to hide this activation (one roll per activation). */
  hideTried?: boolean;
  /** The turn in which it last moved or fired: troops in trenches still this turn are not fired on beyond 12" (§7.7, A37). */
  actedTurn?: number;
  /** A figure out scouting (§7.24): placed away from the squad, it returns at the next activation. */
  scout?: string | null;
  /** A Recon squad's second figure out scouting (§2.6 Recon), returning with the first. */
  scoutMate?: string | null;
  /** Failed Command Response this activation (§7.3): Move only to better cover, Rush only away, no assault. */
  hesitant?: boolean;
  /** Rolled a natural 1 beyond its Order Distance this turn: its order must take it nearer its commander (§7.20). */
  recallTurn?: number;
  /** Casualties at the end of its last activation (Command Response "took casualties", §7.3). */
  casualtiesSeen?: number;
  /** A sniper's failed aimed shot: it cannot fire again this turn (§7.27). */
  noFireTurn?: number;
  /** Trait Elusive (§2.6): once per turn, when fired upon, it may fall back 4" before the shot resolves. */
  elusive?: boolean;
  /** The turn in which it last used Elusive. */
  elusiveTurn?: number;
  /** Jump packs (§7.12): its Engage may Leap or Bound instead of moving, its assault may Bound. */
  jumpPacks?: boolean;
  /** Bounding in this order: its fire is at −2 FE (§7.12). */
  bounding?: boolean;
  /** Drop troops held in reserve (§7.6): off the table (no living figures on it) until it drops. */
  reserve?: boolean;
  /** Psionic effects carried until the end of its next activation (§7.22): FE / assault (Degrade, Enhance), armour (Expose, Shield); `fresh` when received during its own activation. */
  psi?: { fe?: number; armour?: number; fresh?: boolean };
  /** The turn in which it last received each once-per-turn power (§7.22). */
  psiReceived?: Record<string, number>;
  /** Embolden: skips its next morale test (§7.22). */
  emboldened?: boolean;
  /** Terror: tests morale at its next activation (§7.22). */
  terror?: boolean;
  /** Unit traits (§2.6; data/traits.json). */
  traits?: ('assaultTroops' | 'shockTroops' | 'weak' | 'noGrenades' | 'frenzied' | 'tough' | 'swift' | 'slow' | 'agile' | 'fanatic' | 'grizzled' | 'brave' | 'shaky' | 'geneTroopers' | 'slowFiring' | 'inflexible' | 'stealth' | 'obviousTarget' | 'elusive' | 'nightVision' | 'fearless' | 'terrifying' | 'engineer' | 'droidTroopers' | 'selfPreservation' | 'save' | 'timid' | 'relentless' | 'hardened' | 'zombie' | 'goon' | 'slick' | 'dependent' | 'recon' | 'huge' | 'aggressive' | 'hesitant' | 'infiltrate' | 'aerial' | 'selfRepairing' | 'regenerate' | 'hero' | 'villain' | 'legend' | 'berserk' | 'gungHo' | 'tankHunter' | 'airMobile'
    | 'bestowTrait' | 'bugHunter' | 'cautious' | 'combatDrugs' | 'detection' | 'flyer' | 'hivemind' | 'holy')[];
  /** Trait Hesitant failed its activation test: it may only Move into better cover this activation (§2.6). */
  wavering?: boolean;
  /** Enemy units that fired at it, by turn (Goon's returning fire, §2.6). */
  firedOnBy?: Record<string, number>;
  /** Moved in the current activation (Slow Firing, §2.6). */
  movedNow?: boolean;
  /** Communications jammed by an enemy Intruder (§2.7, §7.4): until the end of its next activation [P]. */
  jammed?: boolean;
  /** Personality Lucky's once-per-game re-roll is spent (§2.7). */
  luckyUsed?: boolean;
  /**
   * A roll's dice, held while the owner decides on the Lucky re-roll (§2.7, rules/lucky.ts): a failed
   * test at activation, or a roll inside an order (`target` null where the roll has no target number;
   * `shown`: what the roll gives as it stands, for the decision's `exposes`).
   */
  luckyHeld?: { test: LuckyTest; faces: number[]; target: number | null; auto?: number; mods?: Record<string, number>; wasOut?: boolean; shown?: Record<string, number | string> };
  /** Personality Motivator's once-per-game re-roll is spent (§2.7). */
  motivatorUsed?: boolean;
  /** Left unstabilized wounded behind and failed the roll: Resolve one level lower for the game (§7.23). */
  leftWounded?: boolean;
  /** A failed morale test's successes, held while the owner decides on the Motivator re-roll. */
  moraleHeld?: number;
  /** Option Crossfires (§7.19): the bearings of this turn's attacks on it, from its centre. */
  firedFrom?: { turn: number; bearings: { unit: string; b: Pt }[] };
  /** A task failed with 0 successes this activation: the marker it gets when the activation ends (§7.28). */
  taskMark?: 'underFire' | 'pinned';
  /** Generation option Squad Leaders (§2.10): the squad leader's experience. */
  leaderRating?: 'inexperienced' | 'experienced' | 'veteran';
  /** Generation option Unknown Resolve (§2.10): rolled at the first casualty; `resolve` is a placeholder until then. */
  resolveUnknown?: boolean;
  /** Basic Forces Longer / Shorter Range (§2.10): its basic weapons' range multiplier X ±1. */
  rangeShift?: number;
  /** Berserk (§2.6): the turn its fury took it at activation (must charge, +2). */
  berserkNow?: number;
  /** A Villain killed in this turn, waiting for its return roll (§2.6). */
  villainDown?: number;
  /** Advanced Force Generation Leaders QT (§2.10): the leadership of this Platoon HQ's leader figure (morale re-rolls while he lives). */
  hqLeadership?: Leadership;
  /** Trait HQ (§2.6): the turn its once-a-turn Command Response re-roll was used (rules/command-traits.ts). */
  hqRerollTurn?: number;
  /** Trait Primitive (§2.6): the first attack by a technologically advanced weapon has been taken (future shock, rules/tech.ts). */
  futureShocked?: boolean;
  /** Trait Tech Reverence (§2.6): a friendly vehicle within 12" was destroyed; it tests morale at its next activation. */
  reverenceTest?: boolean;
  /** Basic Forces limitation Inflexible (§2.10): coherency 2" whatever its Quality. */
  inflexibleCoherency?: boolean;
  /** A vehicle (§2.5): one hull figure, its type in data/vehicles.json (rules/vehicles.ts). */
  vehicle?: VehicleState;
  /** Embarked in this transport (§2.5): off the table, it does not activate on its own. */
  embarked?: string | null;
  /** Disembarked this activation: it may fire or close assault, but not move further (§2.5). */
  disembarking?: boolean;
  /** Bestow Trait (§2.6, rules/bestow.ts): on a character, the trait it grants the squad it joins. */
  bestow?: string;
  /** The trait (and unit flag) an attached character's Bestow Trait added to this squad, removed when he leaves. */
  bestowed?: { trait: string; flag?: 'elusive' | 'nightVision' };
  /** Item traits Holy / Unholy (§2.6): the items they apply to, both when absent. */
  items?: ('weapon' | 'armour')[];
  /** Combat Drugs (§2.6, rules/drugs.ts): the one use is spent; the turn of that activation and the traits it added. */
  drugsUsed?: boolean;
  drugged?: { turn: number; added: string[] };
  /** Hivemind (§2.6, rules/hivemind.ts): linked to a mind controller at its last activation (Fanatic and Relentless). */
  hiveLinked?: boolean;
  /** Cautious (§2.6): failed its Quality test this activation, so no move may take it out of cover. */
  cautiousFailed?: boolean;
  /** Mechanized transport or Command Squad subordinates it may activate with (§2.6, rules/pairs.ts). */
  pairs?: { unit: string; kind: 'mechanized' | 'command' }[];
}

/**
 * A vehicle's own state (§2.5, §6.6): heading in hundredths of a degree (0 = +y, clockwise);
 * `status` ok / System Kill (out of action until a crew test restores it) / knocked out /
 * abandoned; immobilized and bogged stop its moves; `moraleDue` is a crew morale test at its
 * next activation; `moved` the speed of its last order.
 */
export interface VehicleState {
  type: string;
  heading: number;
  status: 'ok' | 'systemKill' | 'knockedOut' | 'abandoned';
  immobilized?: boolean;
  bogged?: boolean;
  moraleDue?: boolean;
  moved?: 'stationary' | 'cautious' | 'standard';
  /** The one smoke screen of a vehicle with the Smoke property is spent. */
  smokeUsed?: boolean;
  /** Command Vehicle (§2.5): the turn its once-a-turn Command Response re-roll was used. */
  rerollTurn?: number;
  /** Cybertank (§2.5): system hits taken (a System Kill or Non-Damaging Penetration each); the third shuts it down. */
  systemHits?: number;
  /** Option Vehicle Formations (§5.4): the formation label from its force-list entry (rules/formations.ts). */
  formation?: string;
  /** The turn in which it last moved (not pivoted): one move per incoherent formation a turn (§5.4). */
  movedTurn?: number;
  /** Fly/Grav (§2.5, rules/grav.ts): declared landed (else airborne); touched down to let troops out, until its next activation. */
  landed?: boolean;
  touchedDown?: boolean;
}

/** A vehicle's fire: the weapon (its index in the vehicle's list) at a target unit (§2.5 fire control). */
export type VehicleFire = { weapon: number; target: string };

/**
 * A minefield (§7.15): three numbered markers, one real. Which one is real and its type are the
 * placer's secret (`real`, `mine`), redacted from every other view until the field is revealed.
 */
export interface Minefield { id: string; owner: Side; markers: { n: number; at: Pt }[]; real: number | null; mine: 'ap' | 'av' | null; revealed: boolean }

/**
 * A hidden unit's marker (§7.10): `n` 1-3 names it within its unit (the owner's actions use it);
 * at night (module Hidden movement with Night fighting) it also has a table-wide handle `id`, the
 * only name other seats see, since they cannot tell it from a night dummy (rules/night-markers.ts).
 */
export interface HiddenMarker { n: number; at: Pt; id?: string }

/**
 * A hidden marker standing for no unit the viewer can name (rules/night-markers.ts). In the state:
 * a night dummy (§4.2, §7.10 p.34, A35: 1D6 per side, belonging to no unit), `dummy: true`. In a
 * seat's view: its own dummies (flagged) and, at night, every marker of the other side, its units'
 * and its dummies' alike as `{id, side, at}`, ordered by id.
 */
export interface LooseMarker { id: string; side: Side; at: Pt; dummy?: true }

/** A smoke screen: a line that blocks all LOS, fire and charges until its squad's next activation (§7.26). */
export interface Smoke { unit: string; a: Pt; b: Pt }

export interface Feature {
  id: string;
  kind: 'area' | 'linear' | 'hill' | 'structure';
  points: Pt[];
  move: 'open' | 'difficult' | 'veryDifficult' | 'impassable';
  cover: CoverClass;
  los: 'clear' | 'block' | 'woodsLight' | 'woodsDense';
  /** Inches × 100; a linear obstacle's crossing class follows from it (§3.2 Heights). */
  height: number;
  fortification?: 'foxhole' | 'sandbags' | 'trench' | 'bunkerL' | 'bunkerM' | 'bunkerH';
  /** Water: only Hover and Amphibious vehicles cross it, at Cautious speed (§2.5, rules/amphibious.ts). */
  water?: boolean;
  /** Road: Wheeled vehicles move 1:1 on it, and vehicles treat its ground as open [P] (§2.5, rules/amphibious.ts). */
  road?: boolean;
  /** Demolition target state (Demolition Raid). */
  status?: 'intact' | 'badlyDamaged' | 'destroyed';
  /** A building's doors and windows, segments on its outline (§3.2 item 3, rules/buildings.ts). */
  openings?: { a: Pt; b: Pt; kind: 'door' | 'window'; barred?: boolean }[];
  /** A building's floor plan: rooms partitioning its interior (§3.2 item 3, rules/buildings.ts). */
  rooms?: { id: string; points: Pt[] }[];
  /** Doors and windows on the walls between its rooms. */
  interiorOpenings?: { a: Pt; b: Pt; kind: 'door' | 'window'; barred?: boolean }[];
}

export interface Options {
  turnLimit?: number;
  variableMovement?: boolean;
  passiveDamage?: boolean;
  squadDamage?: boolean;
  losingHeart?: boolean;
  seizeInitiative?: boolean;
  hitAllocation?: 'closest' | 'random';
  opportunityFire?: boolean;
  pinning?: boolean;
  squadLos?: boolean;
  commandDisruption?: boolean;
  hiddenMovement?: boolean;
  blastScatter?: boolean;
  /** Off-board artillery sections per side: weapon ids, one strike call each per turn (§7.11). */
  artillery?: { 0?: string[]; 1?: string[] };
  /** Module Mines: how many minefields each side places before the game (§7.15). */
  minefields?: { 0?: number; 1?: number };
  /** Atmosphere per side (§7.1): range +1 (lasers ×2) and no flame or smoke in vacuum. */
  atmosphere?: { 0?: 'standard' | 'hostile' | 'vacuum'; 1?: 'standard' | 'hostile' | 'vacuum' };
  /** Gravity (§7.8): infantry Move ±2", heavy-projectile ranges ×2 / ×½. */
  gravity?: 'standard' | 'low' | 'high';
  /** Night fighting (§7.16): ranges X2 (night vision: unrestricted within 20"), pinning threshold −2. */
  night?: boolean;
  /** Scenario setting Tech level (§4.1): the sides whose units count as technologically advanced against Primitive units (§2.6); when absent, every unit without the trait [P]. */
  techAdvanced?: { 0?: boolean; 1?: boolean };
  /** Module Command Response (§7.3). */
  commandResponse?: boolean;
  /** Sides without communications (§7.4). */
  noComms?: { 0?: boolean; 1?: boolean };
  /** Comms equipment rating per side, 0 (none: jammed automatically) to 4 (§7.4); unrated counts 1 against jamming [P]. */
  comms?: { 0?: number; 1?: number };
  /** Jamming gear rating per side, 1 to 4: it jams the enemy if ≥ the enemy's comms rating (§7.4 [P]). */
  jamming?: { 0?: number; 1?: number };
  /** Drop troops (§7.6): each side's anti-aircraft density against enemy drops (at least Light). */
  antiAircraft?: { 0?: 'light' | 'moderate' | 'heavy'; 1?: 'light' | 'moderate' | 'heavy' };
  /** Point-defence systems per side (§7.25): points on the table, automation level (default modern). */
  pds?: { 0?: { at: Pt; level?: 'antiquated' | 'modern' | 'enhanced' | 'advanced' }[]; 1?: { at: Pt; level?: 'antiquated' | 'modern' | 'enhanced' | 'advanced' }[] };
  /** Sentry guns per side (§7.25, rules/sentry.ts): a point, an automation level (default modern), a heavy weapon (default heavyMG). */
  sentryGuns?: { 0?: { at: Pt; level?: 'antiquated' | 'modern' | 'enhanced' | 'advanced'; weapon?: string }[]; 1?: { at: Pt; level?: 'antiquated' | 'modern' | 'enhanced' | 'advanced'; weapon?: string }[] };
  /** Module Lull in the fight (§7.14): both initiative dice 1 pause the fight. */
  lull?: boolean;
  /** Module Recover Wounded (§7.23, §6.5): damage margins 0-2 wound instead of killing. */
  recoverWounded?: boolean;
  forces?: unknown;
  /** Option Crossfires (§7.19): fired upon from opposite directions in one turn, a 1D6 Quality test or Pinned. */
  crossfires?: boolean;
  /** Platoon coherency (§7.20): platoons, commander unit first, and the Order Distance formula (rules/platoon.ts). */
  platoonCoherency?: { formula?: 'times' | 'plus'; platoons: string[][] };
  /** Sealed simultaneous deployment (§4.2, rules/deploy.ts). */
  sealedDeployment?: boolean;
  /** Option Vehicle Formations (§5.4): vehicles sharing a `formation` label keep 12" coherency. */
  vehicleFormations?: boolean;
  /** Task system (§7.28): the game's tasks (rules/tasks.ts). */
  tasks?: unknown;
  /** Card sequences (§5.1): simple, extended (2 cards per unit), expanded (Commander cards); standard when absent. */
  cardSequence?: 'standard' | 'simple' | 'extended' | 'expanded';
  /** The Plasma Cooler card (§5.1). */
  plasmaCooler?: boolean;
  /** Expanded card sequence: Reaction cards in the deck (default: the average number of commanders, §5.1). */
  reactionCards?: number;
  /** Force generation (§2.10, rules/generation.ts). */
  generate?: unknown;
  /** Scenario setting Alien races (§4.1): the sides whose troops count as alien, for Bug Hunter (§2.6). */
  aliens?: { 0?: boolean; 1?: boolean };
}

/** Scenario victory rules (§4.3, §9). */
export type Victory =
  | { kind: 'attrition' }
  | { kind: 'holdTheLine'; attacker: Side; objective: Pt; radius: number }
  | { kind: 'demolition'; attacker: Side; target: string }
  | { kind: 'evacuation' };

export type Phase = 'deploy' | 'infiltrate' | 'minefield' | 'reveal' | 'spot' | 'initiative' | 'activate' | 'order' | 'opportunity' | 'elusive' | 'retarget' | 'harm' | 'motivator' | 'lucky' | 'commandReroll' | 'control' | 'cooler' | 'react' | 'inspire' | 'arrange' | 'lull' | 'ended';

/**
 * An order paused because its target is Elusive (§2.6): the target's owner may fall back 4"
 * ('elusive'), then, if the target is no longer one the shooter may fire at, the shooter picks
 * another ('retarget'). `stage`: the fire comes before the order's move (the whole order waits)
 * or after it (only the fire waits). `weapon`: the shooter is a vehicle, paused before this weapon
 * system's shot of its Drive order (`stage`: fire before or after the move, `index` in its fire list).
 */
export interface ElusiveWindow { shooter: string; target: string; action: Action; stage: 'before' | 'after'; weapon?: { stage: 'first' | 'after'; index: number } }

/** The rolls inside an order a Lucky trooper may re-roll (§2.7, rules/lucky.ts), beside the tests at activation. */
export type OrderRoll = 'fire' | 'damage' | 'assault' | 'move' | 'task' | 'penetration' | 'strike' | 'kill' | 'overrun' | 'save' | 'defence' | 'intrude' | 'demolition' | 'crossfire' | 'futureShock' | 'timing' | 'accuracy' | 'penetrationResult';
export type LuckyTest = 'morale' | 'commandResponse' | 'hesitant' | 'cautious' | 'hide' | OrderRoll;

/**
 * A shot's hits still to resolve (§6.4 steps 10-11, §6.5): the figure each hit goes to, in order,
 * from `next`; a Lucky window on a damage die pauses the volley there. `tail`: the attack's last
 * steps (§7.2 Command Disruption, §7.19 crossfire, §2.6 future shock) once the hits are done.
 */
export interface Volley {
  shooter: string;
  target: string;
  hits: string[];
  next: number;
  damage: number;
  /** The fortification each hit figure sits in against the shot (§6.6), by figure. */
  forts: Record<string, string | null>;
  killed: string[];
  tail: { leaders: string[]; firers: string[]; defensive: boolean; crossfire: boolean };
  /** An attached Hero's own shot (`shooter` his id): the host squad, whose luck his dice use (§2.7). */
  hero?: string;
}

/**
 * A shot's hits on a vehicle still to resolve (§6.6): from hit `next` on, the weapons in turn,
 * each hit's penetration roll `extra` higher; a Lucky window on the shooter's penetration die pauses
 * it at that hit (the hit's deflection rolls were made before the window).
 */
export interface VehicleVolley { shooter: string; target: string; from: Pt; hits: number; weapons: WeaponDef[]; next: number; extra: number; assault: boolean }

/**
 * A blast's impact still to resolve (§6.7): the units of `s.units` from index `next` on take their
 * Strike Effect (`struck`: those that took it before); a Lucky window on the firer's Strike Effect
 * dice at an enemy unit pauses it at that unit. `from`: the firer's position (null: indirect fire).
 */
export interface BlastImpact {
  by: string; at: Pt; weapon: string; from: Pt | null; next: number; struck: string[];
  /** Unit `next`'s hits under way (its Strike Effect taken): from hit `i` on, the figures in `order` in turn; a Lucky window on its save or defence die pauses it there. */
  hit?: { i: number; hits: number; order: string[]; killed: string[]; leaders: string[]; forts: Record<string, string | null> };
}

/** A shot's `hits` at a bunker or a sentry gun (§6.6, §7.25 [P]): their penetration rolls from hit `next` on, the weapons in turn. */
export interface StructureVolley { kind: 'bunker' | 'sentry'; id: string; shooter: string; weapons: WeaponDef[]; hits: number; next: number }

/** A sniper's aimed shot that hit (§7.27): its figure, the target's leaders before it (Command Disruption); a Lucky window on its dice pauses it. */
export interface AimedHit { shooter: string; target: string; figure: string; leaders: string[] }

/**
 * A move's mine encounters (§7.15): the markers met, in the order the move meets them (`t`: where
 * along it), from `next` on; `halt`: where a real field halted the unit; `attack`: an anti-personnel
 * field's hits under way (the figures in `order` from `i` on), paused by a Lucky window on the mover's
 * save or defence die.
 */
export interface MineWalk {
  unit: string; met: { field: string; n: number; t: number }[]; next: number; halt: number | null;
  attack?: { order: string[]; i: number; killed: string[] };
}

/** What a paused roll's step computed beyond the held faces, read again when it resumes. */
export type LuckyCarry =
  /** `hero`: the held dice are an attached Hero's own shot, the host squad's luck (§2.7). */
  | { roll: 'fire'; weaponFe: number; hero?: boolean }
  | { roll: 'damage'; volley: Volley; defence: number }
  /** The target's save die against hit `volley.next` (§2.6 Save), its own roll as a target. */
  | { roll: 'save'; volley: Volley }
  /** The target's defence die against hit `volley.next` (§6.5), the shooter's attack die settled. */
  | { roll: 'defence'; volley: Volley; attack: number }
  | { roll: 'assault'; faces: Record<string, number[]>; offered: string[] }
  /** The assault's kill dice (§6.10): by unit, those rolled so far; `ka`: the attacker's kills after the defender's deflection (§7.21). */
  | { roll: 'kill'; faces: Record<string, number[]>; kills: Record<string, number[]>; ka?: number }
  /** An overrun's revenge dice, the loser's (§6.10). */
  | { roll: 'overrun'; faces: Record<string, number[]>; revenge: number[] }
  | { roll: 'move' }
  | { roll: 'task' }
  | { roll: 'intrude' }
  /** The target's test at the end of an attack on it (§7.19 crossfire, §2.6 future shock): `shooters`, a crossfire's two. */
  | { roll: 'tail'; tail: { shooter: string; target: string; step: 'crossfire' | 'futureShock'; shooters?: string[]; hero?: string } }
  | { roll: 'demolition' }
  /** An indirect strike's timing (3D6) or accuracy (2D6) test, a mortar team's or a caller's (§7.11). */
  | { roll: 'timing' }
  | { roll: 'accuracy' }
  | { roll: 'penetration'; hit: VehicleVolley }
  /** The results table's 2D6 of a penetrating hit `hit.next` (§6.6), the shooter's. */
  | { roll: 'penetrationResult'; hit: VehicleVolley }
  | { roll: 'structure'; at: StructureVolley }
  | { roll: 'strike'; blast: BlastImpact }
  /** An aimed shot's hit (§7.27): the target's save die, the sniper's damage die (`defence`: the defence die rolled before), or the target's defence die (`attack`: the settled damage die). */
  | { roll: 'aimed'; hit: AimedHit; defence?: number; attack?: number }
  /** A struck unit's save die, or its defence die (`attack`: the firer's damage die), or the firer's damage die (`defence`: the defence die rolled before), against a blast's hit `blast.hit.i` (§6.7). */
  | { roll: 'blastHit'; blast: BlastImpact; attack?: number; defence?: number }
  /** The mover's save or defence die against a mine's hit (§7.15): the dice rolled before the window (`save`: a failed save, before a defence window). */
  | { roll: 'mine'; walk: MineWalk; test: 'save' | 'defence'; attack: number; defence: number; save?: number };

/**
 * Where an order paused by a Lucky window goes on (§2.7): the step that rolled, run again from its
 * start with the dice the answer settled (its earlier parts do not roll, so they repeat nothing).
 */
export type LuckyResume =
  /** `mines`: the move made, its mine encounters finished by the answer; the order goes on after them. */
  | { at: 'engage'; from: 'fire' | 'move' | 'mines'; unit: string; action: Action }
  | { at: 'command'; from: 'call' | 'task' | 'intrude' | 'demolition' | 'fire'; unit: string; action: Action }
  | { at: 'rush' | 'assault'; unit: string; action: Action; from?: 'mines'; fallBacks?: FallBackStep[] }
  /** An assault's defensive free shot (§6.10 step 2); `start`: the chargers' positions before a bound's last leg (§7.12). */
  /** `mines`: the charge was halted by a minefield, its encounters finished by the answer (it fizzles). */
  | { at: 'charge'; unit: string; action: Action; start: [string, Pt][]; mines?: boolean }
  | { at: 'finish'; unit: string; action: Action; from?: 'structure' | 'blast' }
  | { at: 'opportunity'; unit: string; firer: string }
  /** Card-sequence fire outside an order (§5.1): a Reaction card's shot at the drawn unit, or a Plasma Cooler shot; `unit` fires at `target`. */
  | { at: 'react' | 'cooler'; unit: string; target: string }
  /** An assault on a vehicle (§6.11) at its defensive shot by system `weapons[index]` (the systems chosen, in order), before the charge. */
  | { at: 'vehicleAssault'; unit: string; action: Action; weapons: number[]; index: number }
  /** A vehicle's Drive order at its weapon system `index`'s shot, fired before the move (`first`) or after it (§6.4). */
  | { at: 'drive'; unit: string; action: Action; stage: 'first' | 'after'; index: number }
  /**
   * A move outside the active unit's order that met mines (§7.15): a Reaction card's move, an
   * Inspiration's move (§5.1) or an Elusive fall back (§2.6), `unit` the mover; the move made, its
   * encounters finished by the answer, the sequence goes on after them (`then`).
   */
  | { at: 'mineWalk'; unit: string; then: 'react' | 'inspire' | 'elusive' | 'withdraw' };

/** A close assault's fall back still to make (§6.10 step 8): `huge`, a Huge loser's id, makes it the winner's, only if both are still in play. */
export type FallBackStep = { unit: string; distance: number; huge?: string };

/** An order paused for a Lucky decision on one of its rolls: the Lucky unit, its roll's carry, where the order resumes. */
export interface LuckyPause { unit: string; carry: LuckyCarry; resume?: LuckyResume }
/** A Lucky answer's dice, read once by the resumed step's roll (within that answer's entry only). */
export interface LuckySettled { unit: string; roll: OrderRoll; faces: number[]; carry?: LuckyCarry; done?: boolean; hero?: boolean }

export interface S {
  scenario: string;
  options: Required<Pick<Options, 'turnLimit'>> & Options;
  table: { w: number; h: number };
  terrain: Feature[];
  objectives: Pt[];
  victory: Victory;
  units: Unit[];
  turn: number;
  phase: Phase;
  /** The side that chose after winning the initiative roll. */
  initiative: { winner: Side; rolls: [number, number] } | null;
  /** The side whose alternation turn it is. */
  toAct: Side;
  /** The activated unit (phase 'order' / 'control'). */
  active: string | null;
  /** Non-combatant group the active unit controls (phase 'control'). */
  controlGroup: string | null;
  /** Extra activation from Seize Initiative (§5.1 option). */
  seized: Side | null;
  /** Basic Forces enhancement Improved Intel (§2.10): these sides add 1 to initiative rolls until they roll a natural 1. */
  improvedIntel?: Side[];
  /** A paired activation (§2.6): `unit` activates when `after`'s activation ends. */
  pairNext?: { after: string; unit: string };
  /** An order paused by an Opportunity Fire window (§7.18): resumed after the answer. */
  interrupted: { unit: string; action: Action } | null;
  /** An order paused for an Elusive target's fall back (§2.6). */
  elusive?: ElusiveWindow | null;
  /** Elusive targets already asked during the current order (each is asked once per order). */
  elusiveAsked?: string[];
  /** The current order's psionic power has been invoked (§7.22). */
  psiDone?: boolean;
  /** An order paused for the Harm target's owner to pick the figure (§7.22). */
  harm?: { unit: string; target: string; action: Action; stage: 'before' | 'after' } | null;
  /** An order paused at a Lucky window on one of its rolls (§2.7, rules/lucky.ts). */
  luckyOrder?: LuckyPause | null;
  /** The answered Lucky window's dice, while the paused step runs again (never kept past that entry). */
  luckySettled?: LuckySettled;
  /** Drop troops landed, waiting for their owner to arrange the figures (§7.6): the landing point, a building it is in, Pinned on landing. */
  landing?: { unit: string; at: Pt; building: string | null; pinned: boolean } | null;
  /** Each side's one Last Stand of the game is declared (§7.13). */
  lastStandUsed?: [boolean, boolean];
  /** Smoke screens on the table (§7.26). */
  smoke: Smoke[];
  /** Sentry guns destroyed by fire (§7.25 [P]: a target with armour 6), by id. */
  sentriesDestroyed?: string[];
  /** Minefields on the table and how many each side has still to place (§7.15). */
  minefields: Minefield[];
  minesToPlace: [number, number];
  /** Infiltration units still to make their free Rush before the first turn (§4.2). */
  infiltrators?: string[];
  /** A Lull in the fight under way: its withdrawal or hiding decisions (§7.14). */
  lull?: import('./rules/lull.js').LullState;
  /** Off-board artillery sections (§7.11): lost on a timing roll of 0 successes. */
  artillery: { id: string; side: Side; weapon: string; lost: boolean; usedTurn: number }[];
  /** A hidden marker an Intruder exposed this order: revealed like a spotted one when the order ends (§2.7); at night named by its id. */
  intruded?: { unit: string; marker: number } | { id: string } | null;
  /** A spotted hidden marker awaiting its owner's answer, real or dummy (§7.10). */
  reveal?: { unit: string; marker: number } | null;
  /** The active unit whose Detection sweep (§2.6) the reveal belongs to: its order follows the sweep. */
  detecting?: string | null;
  /** Night (§7.10 p.34): this side picks the spotted enemy marker to test next, and the unit that tests (rules/night-spotting.ts). */
  spot?: { side: Side } | null;
  /** Night dummy markers (§4.2, A35) and, in views, the markers other seats cannot attribute (rules/night-markers.ts). */
  markers?: LooseMarker[];
  /** Night dummies each side rolled (1D6) and has still to place at deployment (§4.2). */
  dummiesDue?: [number, number];
  /** Markers given a table-wide id so far (the next id is m<markerSeq + 1>). */
  markerSeq?: number;
  /** Task system (§7.28): the game's tasks, who accomplished each, which are lost. */
  tasks?: TaskState[];
  /** Card sequences (§5.1): this turn's deck and the drawn card (rules/cards.ts). */
  cards?: Cards;
  score: [number, number];
  evacuated: [number, number];
  /** Losing Heart steps taken per side (§6.13). */
  heart: [number, number];
  startUnits: [number, number];
  /** Increments with each decision, so keys re-mint. */
  step: number;
  result: Result | null;
}

export type Path = { fig: string; path: Pt[] };

/** Call Fire (§7.11): the caller spots a point in its LOS for an off-board section. */
export type CallFire = { caller: string; asset: string; at: Pt };

/** Attach an unactivated character at the start of the order, or detach the attached one at its end (§2.8). */
export type Attachment = { attach?: string; detach?: boolean };

/** A psionic invocation inside an Engage order (§7.22): before the move, or after it with `after`. */
export type Invocation = { fig: string; power: 'degrade' | 'demoralize' | 'embolden' | 'enhance' | 'expose' | 'harm' | 'heal' | 'inspire' | 'shield' | 'terror'; target: string; after?: boolean; wounded?: string };

export type Action =
  | { type: 'initiative'; first: boolean }
  | { type: 'activate'; unit: string; lastStand?: boolean; with?: string; drugs?: boolean }
  | ({ type: 'engage'; moves: Path[]; target: string | null; fireFirst: boolean; carry?: { by: string; fig: string }[]; medicStays?: string; jump?: 'leap' | 'bound'; psionic?: Invocation; blast?: { fig: string; at: Pt }; aimed?: string; smoke?: [Pt, Pt]; indirect?: Pt; teamTarget?: string; exitBunker?: string; bunker?: string; sentry?: string; hero?: { target?: string; fig?: string } } & Attachment & Boarding)
  | ({ type: 'rush'; moves: Path[]; medicStays?: string } & Attachment & Boarding)
  | ({ type: 'assault'; target: string; moves: Path[]; jump?: 'bound'; medicStays?: string; exitBunker?: string } & Attachment)
  | ({ type: 'command'; demolition: { act: 'rig' | 'detonate'; fig: string } | null; target: string | null; callFire?: CallFire; scout?: { fig: string; at: Pt; second?: { fig: string; at: Pt } }; task?: { fig: string; id: string }; intrude?: { fig: string; jam?: string; marker?: { unit: string; n: number; id?: undefined } | { id: string; unit?: undefined; n?: undefined } }; recover?: { wounded: string; by: string[] }[] } & Attachment)
  | { type: 'control'; moves: Path[] }
  | { type: 'opportunity'; unit: string | null }
  | { type: 'cooler'; unit: string | null; target: string | null }
  | { type: 'react'; unit: string | null; moves: Path[]; heading?: number }
  | { type: 'inspire'; unit: string | null; effect?: 'move' | 'removeUnderFire' | 'passMorale' | 'recoverWounded'; moves: Path[]; wounded?: string }
  | { type: 'drop'; at: Pt }
  | { type: 'arrange'; places: { fig: string; at: Pt }[] }
  | { type: 'harm'; fig: string }
  | { type: 'motivator'; reroll: boolean }
  | { type: 'lucky'; die: number | null }
  | { type: 'commandReroll'; reroll: boolean }
  | { type: 'elusive'; moves: Path[] }
  | { type: 'retarget'; target: string | null }
  | { type: 'hide' }
  | { type: 'markers'; moves: { marker: number; path: Pt[] }[] }
  | { type: 'unhide'; marker: number }
  | { type: 'reveal'; real: boolean }
  | { type: 'spot'; marker: string; by?: string }
  | { type: 'minefield'; markers: [Pt, Pt, Pt]; real: 1 | 2 | 3; mine: 'ap' | 'av' }
  | { type: 'infiltrate'; unit: string | null; moves: { fig: string; path: Pt[] }[] }
  | { type: 'withdraw'; unit: string | null; moves: { fig: string; path: Pt[] }[] }
  | { type: 'lullHide'; units: string[] }
  | { type: 'deploy'; placements: { fig: string; at: Pt }[]; hidden?: { unit: string; markers: [Pt, Pt, Pt] }[]; dummies?: Pt[] }
  | { type: 'drive'; speed: 'stationary' | 'cautious' | 'standard'; path: Pt[]; heading: number; fire: VehicleFire[]; fireFirst?: boolean; disembark?: { unit: string; at: { fig: string; at: Pt }[] }; shock?: string; scoot?: boolean; land?: boolean; smoke?: [Pt, Pt]; cids?: boolean; callFire?: { asset: string; at: Pt }; jump?: boolean; medevac?: { unit: string; wounded: string[] } };

/** Board a friendly transport at the end of the move: every figure ends in contact with its hull (§2.5). */
export type Boarding = { board?: string };

export const sideSeat = (side: Side): Seat => side;
export const other = (side: Side): Side => (side === 0 ? 1 : 0);

export function unit(s: S, id: string): Unit | undefined {
  return s.units.find((u) => u.id === id);
}
/** The figures on the table: alive, not exited, not held in reserve (§7.6). */
export const living = (u: Unit) => (u.reserve || u.embarked ? [] : u.figures.filter((f) => f.alive && !f.exited));
/** An attached character is in play through its host (its figure stands in the host's list); drop troops in reserve are in play. */
export const inPlay = (u: Unit) => !u.out && (living(u).length > 0 || !!u.attachedTo || !!u.reserve || !!u.embarked);
/** Fighting units: everything but neutral non-combatants (squads, characters, teams, snipers). */
export const troops = (u: Unit) => u.kind !== 'nonCombatant';
/** The attached character of a squad, if any. */
export const attachedCharacter = (s: S, u: Unit): Unit | undefined => s.units.find((c) => c.attachedTo === u.id && c.kind === 'character');
/** The weapon team attached to a squad at deployment (§7.9), if any. */
export const attachedTeam = (s: S, u: Unit): Unit | undefined => s.units.find((c) => c.attachedTo === u.id && c.kind === 'weaponTeam');
/** The team part of a squad with an attached team, as a weapon team of its own for firing (same figure objects). */
export function teamPart(u: Unit): Unit {
  return { ...u, kind: 'weaponTeam', figures: u.figures.filter((f) => f.team) };
}
/** A Medic left with wounded figures (§7.23): he stays while one of them is still untreated. */
export const staysBehind = (u: Unit, f: Figure) => !!f.staysWith?.some((id) => u.figures.find((w) => w.id === id)?.wounded === 'wounded');
/** The living figures that move with the unit: all but a Medic staying with the wounded (§7.23). */
export const movers = (u: Unit) => living(u).filter((f) => !staysBehind(u, f));
/** A living member of the unit has this personality (§2.7: its effect goes with the figure). */
export const hasPersonality = (u: Unit, p: string) => living(u).some((f) => f.personalities?.includes(p));
/** Dead, lost and untreated wounded figures; stabilized wounded are not casualties (§2.2, §7.23). */
export const casualties = (u: Unit) => u.figures.filter((f) => !f.alive && f.wounded !== 'stabilized').length;
