// The JSON Schema of a Fast and Dirty action (the Action union of state.ts): the kernel refuses
// any other shape before the rules run. Points are [x, y] in integer hundredths of an inch (§3.2).
import { Type as T, type TSchema } from '@sinclair/typebox';

const Id = T.String({ minLength: 1, maxLength: 32 });
const XY = T.Tuple([T.Integer({ minimum: -2000, maximum: 20000 }), T.Integer({ minimum: -2000, maximum: 20000 })], { description: '[x, y] in hundredths of an inch' });
const Moves = T.Array(T.Object({ fig: Id, path: T.Array(XY, { minItems: 1, maxItems: 12 }) }, { additionalProperties: false }), { maxItems: 16, description: 'per-figure paths (waypoints after the start)' });
/** Attach an unactivated character at the start of the order, or detach the attached one at its end (§2.8). */
const Attachment = {
  attach: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'a free, unactivated character within coherency joins the squad for this order (§2.8)' })),
  detach: T.Optional(T.Boolean({ description: 'the attached character leaves the squad at the end of the order (§2.8)' })),
};
/** Leave a Medic behind with the wounded the move leaves (§7.23). */
const MedicStays = { medicStays: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'module recoverWounded: this Medic stays behind with the untreated wounded the move leaves (he ends within coherency distance of each), so the squad makes no Leave No One Behind roll for them; he stays out of its coherency until they recover, are stabilized or die (§7.23)' })) };
/** Board a friendly transport: every figure's move ends in contact with its hull (§2.5). */
const Boarding = { board: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'board this friendly transport at the end of the move: every figure ends in contact with its hull; no fire (§2.5)' })) };
const act = (type: string, fields: Record<string, TSchema> = {}, description?: string) =>
  T.Object({ type: T.Literal(type), ...fields }, { additionalProperties: false, ...(description ? { description } : {}) });

export const actionSchema = T.Union([
  act('initiative', { first: T.Boolean() }, 'the initiative winner activates first or second (§5.1)'),
  act('activate', {
    unit: Id, lastStand: T.Optional(T.Boolean({ description: 'declare this unit\'s Last Stand, once per player per game (§7.13)' })),
    drugs: T.Optional(T.Boolean({ description: 'use the unit\'s Combat Drugs (one use): Berserk, Fearless and Swift for this activation, it must charge the nearest enemy unit, each survivor wounded on a 6 at its end (§2.6)' })),
    with: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'Mechanized transport (within 12") or Command Squad subordinate that activates as soon as this unit\'s activation ends (§2.6)' })),
  }, 'activate one unit (§5.1-§5.2)'),
  act('engage', {
    moves: Moves, target: T.Union([Id, T.Null()]), fireFirst: T.Boolean(),
    psionic: T.Optional(T.Object({
      fig: Id,
      power: T.Union(['degrade', 'demoralize', 'embolden', 'enhance', 'expose', 'harm', 'heal', 'inspire', 'shield', 'terror'].map((p) => T.Literal(p))),
      target: Id,
      after: T.Optional(T.Boolean({ description: 'invoke after the move (default: before it)' })),
      wounded: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'Heal: the wounded figure of the target unit (default: its first wounded figure) (§7.22)' })),
    }, { additionalProperties: false, description: 'a psionic figure of the unit invokes one power at a unit within 12" of it: 3D6 against its Aptitude; it does not fire this turn (§7.22)' })),
    jump: T.Optional(T.Union([T.Literal('leap'), T.Literal('bound')], { description: 'jump packs instead of the move (§7.12): leap, one straight jump up to 12" (no fire, nothing else this turn); bound, 1-3 straight bounds of up to 6" (18" in all), fire at −2 FE' })),
    blast: T.Optional(T.Object({ fig: Id, at: XY }, { additionalProperties: false, description: 'a blast shot of one support weapon at a point, instead of the squad\'s fire (§6.7)' })),
    aimed: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'a sniper\'s aimed shot at this figure of the target unit, ignoring fire priority (§7.27)' })),
    bunker: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'fire the AT-capable weapons at this bunker\'s structure instead of a unit; it must hold a figure of a unit the squad may fire at (§6.6, §7.7)' })),
    sentry: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'fire the AT-capable weapons at this enemy sentry gun (A-SG-n, B-SG-n) instead of a unit, like at a vehicle with armour 6; a penetration destroys it; no fire priority (§7.25 [P], §6.6); target null' })),
    hero: T.Optional(T.Object({
      target: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'an attached Hero\'s own target (default: the squad\'s target), by his own fire priority' })),
      fig: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'the figure of the Hero\'s target his shot hits first; only at base or close range' })),
    }, { additionalProperties: false, description: 'a Hero always shoots individually, even when attached (his own 1D6 shot), and at close range picks the figure hit (§2.6)' })),
    teamTarget: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'an unmoved squad\'s attached weapon team fires at this other target (§7.9)' })),
    exitBunker: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'leave this bunker as disembarking: moves give every figure one point within 1" of the bunker\'s outline, outside it, the unit coherent; it may then fire (fireFirst false) but not move further (§7.7, §2.5)' })),
    indirect: T.Optional({ ...XY, description: 'an on-board mortar team fires indirectly at this point, spotted by any friendly figure (§7.11)' }),
    smoke: T.Optional(T.Tuple([XY, XY], { description: 'lay the squad\'s smoke screen between two points, instead of shooting (§7.26)' })),
    carry: T.Optional(T.Array(T.Object({ by: Id, fig: Id }, { additionalProperties: false }), { maxItems: 8, description: 'carrying wounded (module recoverWounded): each healthy figure `by` carries one wounded figure `fig` (given its own path, ending within 1" of the carrier); both move at half rate and the carriers do not shoot (§7.23)' })),
    ...MedicStays,
    ...Attachment,
    ...Boarding,
  }, 'Engage the Enemy: Move 6" and shoot before or after (§5.3)'),
  act('rush', { moves: Moves, ...MedicStays, ...Attachment, ...Boarding }, 'Move Out: Rush, a double move without fire (§5.3)'),
  act('assault', { target: Id, moves: Moves, jump: T.Optional(T.Literal('bound', { description: 'charge by jump-pack Bound: 1-3 straight bounds of up to 6"; the free shot is measured from the start of the last bound (§7.12)' })),
    exitBunker: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'charge out of this bunker as a unit disembarks into close assault: each living figure\'s path starts with its set-down point (within 1" of the bunker\'s outline, outside it, the unit coherent), then its charge from there (Move + 4"); no jump (§7.7, §2.5 [P])' })),
    ...MedicStays, ...Attachment }, 'Engage the Enemy with a close assault: Move + 4" into contact (§6.10); target may be an enemy sentry gun (A-SG-n / B-SG-n), assaulted as a vehicle (§7.25 [P], §6.11)'),
  act('command', {
    demolition: T.Union([T.Object({ act: T.Union([T.Literal('rig'), T.Literal('detonate')]), fig: Id }, { additionalProperties: false }), T.Null()]),
    target: T.Union([Id, T.Null()]),
    scout: T.Optional(T.Object({ fig: Id, at: XY, second: T.Optional(T.Object({ fig: Id, at: XY }, { additionalProperties: false, description: 'Recon only: a second figure; both then stand within 2 × coherency of a member that stays (§2.6 Recon)' })) }, { additionalProperties: false, description: 'Scout: this figure is placed within 3 × coherency of another member; it returns at the next activation (§7.24)' })),
    callFire: T.Optional(T.Object({ caller: Id, asset: Id, at: XY }, { additionalProperties: false, description: 'Call Fire: the caller (a character or squad leader) spots a point for an off-board section (§7.11)' })),
    task: T.Optional(T.Object({ fig: Id, id: Id }, { additionalProperties: false, description: 'Task: this figure, within 1" of the task\'s point, attempts it: 3D6 against the skill or Quality target (§7.28)' })),
    intrude: T.Optional(T.Object({ fig: Id, jam: T.Optional(Id), marker: T.Optional(T.Union([T.Object({ unit: Id, n: T.Integer({ minimum: 1, maximum: 3 }) }, { additionalProperties: false }), T.Object({ id: Id }, { additionalProperties: false, description: 'at night (Hidden movement with Night fighting): the marker\'s id, a unit\'s or a dummy\'s' })])) }, { additionalProperties: false, description: 'Intruder: this figure (personality Intruder) takes a Quality test on 1D6 to jam an enemy unit\'s communications until the end of its next activation, or to reveal one hidden marker (by day its owner answers real or dummy; at night the unit is revealed there, or the dummy removed); a natural 1 counter-hacks it for the rest of the battle (§2.7)' })),
    recover: T.Optional(T.Array(T.Object({ wounded: Id, by: T.Array(Id, { minItems: 1, maxItems: 2 }) }, { additionalProperties: false }), { minItems: 1, maxItems: 8, description: 'Recover Wounded (module recoverWounded): aid teams of two healthy figures (a Medic alone, up to two wounded), one recovery roll per treated figure: 6+ recovered, 4-5 stabilized, less dies (§7.23)' })),
    ...Attachment,
  }, 'Command: two different sub-actions among Demolition, Call Fire, Recover Wounded, Scout, Task and Shoot with the remaining figures (§5.3, §7.5, §7.11, §7.23, §7.24, §7.28)'),
  act('control', { moves: Moves }, 'move a controlled non-combatant group (§7.17)'),
  act('hide', {}, 'try to hide at the start of the activation, out of every enemy\'s LOS: 1D6 against the Quality target (§7.10)'),
  act('markers', { moves: T.Array(T.Object({ marker: T.Integer({ minimum: 1, maximum: 3 }), path: T.Array(XY, { minItems: 1, maxItems: 12 }) }, { additionalProperties: false }), { maxItems: 3 }) },
    'a hidden unit moves its markers, each up to 6", ending within 12" of another (§7.10)'),
  act('unhide', { marker: T.Integer({ minimum: 1, maximum: 3 }) }, 'a hidden unit reveals itself at one of its markers, then acts (§7.10)'),
  act('reveal', { real: T.Boolean() }, 'a spotted marker: the real unit (placed there) or a dummy (removed) (§7.10)'),
  act('spot', { marker: Id, by: T.Optional(Id) }, 'at night: the spotted enemy marker (its id) to test next, and the unit of yours that sees it to take the Quality test on 1D6 (default: the first that sees it): a success reveals the unit there, a failure removes the marker as a dummy; a unit\'s last marker is revealed with no test (§7.10 p.34)'),
  act('minefield', {
    markers: T.Tuple([XY, XY, XY], { description: 'the three numbered markers 1, 2, 3' }),
    real: T.Union([T.Literal(1), T.Literal(2), T.Literal(3)], { description: 'the real marker (secret)' }),
    mine: T.Union([T.Literal('ap'), T.Literal('av')], { description: 'anti-personnel or anti-vehicle (secret)' }),
  }, 'place a minefield before the first turn: three markers, one real (§7.15)'),
  act('withdraw', { unit: T.Union([Id, T.Null()]), moves: Moves }, 'a Lull in the fight: one of your units withdraws a Move ending farther from the nearest enemy (moves, or none for the automatic withdrawal straight away); units within 12" of the enemy must, the others may; unit null gives up your optional withdrawals (§7.14)'),
  act('lullHide', { units: T.Array(Id, { maxItems: 60 }) }, 'a Lull in the fight, with Hidden movement: your units outside every enemy figure\'s LOS that go hidden with no roll (§7.14)'),
  act('infiltrate', { unit: T.Union([Id, T.Null()]), moves: Moves }, 'before the first turn: one of your Infiltration units makes its free Rush (moves), or unit null to give up the remaining ones (§4.2)'),
  act('deploy', { placements: T.Array(T.Object({ fig: Id, at: XY }, { additionalProperties: false }), { maxItems: 300, description: 'figure positions; unlisted figures keep the default set-up' }),
    hidden: T.Optional(T.Array(T.Object({ unit: Id, markers: T.Tuple([XY, XY, XY]) }, { additionalProperties: false }), { maxItems: 30, description: 'with Hidden movement: units deployed as 3 hidden markers within 12" of each other, out of LOS of the enemy deployment zone' })),
    dummies: T.Optional(T.Array(XY, { maxItems: 6, description: 'at night with Hidden movement: the side\'s dummy markers (at most its 1D6, the decision\'s `dummies`), each in the deployment zone out of LOS of the enemy\'s; they belong to no unit and are removed when spotted (§4.2, §7.10 p.34)' })) },
    'sealed simultaneous deployment: your figures within 12" of your home edge, committed sealed and revealed with the enemy\'s (§4.2)'),
  act('drop', { at: XY }, 'drop troops in reserve: the drop point, at least 6" from any difficult terrain feature and any enemy figure; 3D6 Quality test, scatter, anti-aircraft fire; the drop is the activation (§7.6)'),
  act('arrange', { places: T.Array(T.Object({ fig: Id, at: XY }, { additionalProperties: false }), { maxItems: 16 }) }, 'drop troops landed: place figures within 6" of the landing point, coherent, not overlapping; figures not named keep their automatic places, no places keeps the automatic arrangement (§7.6)'),
  act('lucky', { die: T.Union([T.Integer({ minimum: 0, maximum: 99 }), T.Null()]) }, 'the unit failed a test at activation (morale 3D6, Command Response, Hesitant or Cautious 1D6) or its hide roll (1D6), or made a roll inside an order that a re-roll could change (its fire dice with its weapons\' FE dice, fire at a vehicle, bunker or sentry gun, the defensive free shot, a penetration die, a blast\'s ranging-in die or Strike Effect, a damage die, its close-assault, kill or overrun revenge dice, a variable-movement roll, a task\'s 3D6, the Intruder\'s test, the charges\' dice, an attached Hero\'s shot, a sniper\'s damage die, an indirect strike\'s timing or accuracy test (its mortar\'s, or its call\'s), a penetration results roll, a Reaction card or Plasma Cooler shot; as a target, a save or defence die, against a shot, a vehicle\'s fire, a blast, an aimed shot or a mine, the Squad damage defence roll, a crossfire or future shock test): its Lucky trooper re-rolls one die (its index in the decision\'s faces), once per game, or keep them with null (§2.7)'),
  act('motivator', { reroll: T.Boolean() }, 'the unit failed its morale test: its Motivator re-rolls it (once per game), or keep the result (§2.7)'),
  act('commandReroll', { reroll: T.Boolean() }, 'the unit failed its Command Response test: your Command Vehicle (once per turn for the whole side) or an HQ figure (once per turn each) lets it re-roll, or keep the result (§2.5, §2.6); the decision\'s `by` names it'),
  act('harm', { fig: Id }, 'psionic Harm at your unit: the figure that rolls, killed on 4+ (§7.22)'),
  act('elusive', { moves: Moves }, 'Elusive: the unit fired upon falls back up to 4" per figure, coherent, ending farther from the nearest enemy, before the shot resolves, or stays with no moves; once per turn (§2.6)'),
  act('retarget', { target: T.Union([Id, T.Null()]) }, 'the Elusive target fell back out of the shooter\'s reach: fire at another legal target, or null to hold fire (§2.6)'),
  act('cooler', { unit: T.Union([Id, T.Null()]), target: T.Union([Id, T.Null()]) }, 'after the Plasma Cooler card: a unit that has not activated fires at a target within short range, or unit null to pass for the rest of the turn (§5.1)'),
  act('react', {
    unit: T.Union([Id, T.Null()]),
    moves: Moves,
    heading: T.Optional(T.Integer({ minimum: 0, maximum: 35999, description: 'a vehicle\'s reaction move: its final heading (default: along its last leg), as in drive' })),
  }, 'expanded card sequence, after a Reaction card: one of your units with LOS fires at the unit about to activate (no moves), or makes a normal move directly towards it, towards cover or directly away (moves; a vehicle: one path of its hull figure, a Cautious-speed drive without fire [P]); it keeps its own activation; or unit null (§5.1)'),
  act('inspire', {
    unit: T.Union([Id, T.Null()]),
    effect: T.Optional(T.Union([T.Literal('move'), T.Literal('removeUnderFire'), T.Literal('passMorale'), T.Literal('recoverWounded')])),
    moves: Moves,
    wounded: T.Optional(Id),
  }, 'expanded card sequence, an Inspiration card: one of your squads led by a good (veteran) squad leader Moves 3", loses Under Fire, will pass its next morale test, or rolls to recover one untreated wounded trooper (wounded: the figure, default its first; module recoverWounded); or unit null (§5.1)'),
  act('opportunity', { unit: T.Union([Id, T.Null()]) }, 'Opportunity Fire: an unactivated unit fires at the mover and loses its activation, or null to hold fire (§7.18)'),
  act('drive', {
    speed: T.Union([T.Literal('stationary'), T.Literal('cautious'), T.Literal('standard')], { description: 'stationary (pivot only), Cautious or Standard speed of the vehicle\'s mobility (§2.5)' }),
    path: T.Array(XY, { maxItems: 12, description: 'waypoints of the hull centre after its position (empty: no move); pivots are free' }),
    heading: T.Integer({ minimum: 0, maximum: 35999, description: 'the final heading in hundredths of a degree, 0 = toward +y, clockwise' }),
    fire: T.Array(T.Object({ weapon: T.Integer({ minimum: 0, maximum: 5 }), target: Id }, { additionalProperties: false }), { maxItems: 6, description: 'weapon systems (index in the vehicle\'s list) and their target units (or an enemy sentry gun\'s id, A-SG-n / B-SG-n: AT weapons only, armour 6, §7.25 [P]), within fire control (§2.5)' }),
    fireFirst: T.Optional(T.Boolean({ description: 'fire before moving (default: after)' })),
    scoot: T.Optional(T.Boolean({ description: 'Fly/Grav Scoot: instead of a normal move, redeploy anywhere on the table (path: the one end point, Standard speed), no fire (§2.5)' })),
    land: T.Optional(T.Boolean({ description: 'Fly/Grav: true lands at the end of the order, false takes off; absent keeps the status, a move takes off (§2.5)' })),
    shock: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'a Shock vehicle ends its move in contact with this enemy squad and rolls its kill dice at it (§6.12)' })),
    smoke: T.Optional(T.Tuple([XY, XY], { description: 'property Smoke: lay the vehicle\'s one smoke screen of the game between two points it sees, at most 12" apart, before (fireFirst) or after the move (§2.5, §7.26)' })),
    cids: T.Optional(T.Boolean({ description: 'property Close-In Defence System: a 4" blast round the hull at every infantry unit; counts as one weapon system (§2.5)' })),
    callFire: T.Optional(T.Object({ asset: Id, at: XY }, { additionalProperties: false, description: 'property Command Vehicle or Forward Observer: call an off-board section at a point the vehicle sees; stationary (§2.5, §7.11)' })),
    jump: T.Optional(T.Boolean({ description: 'property Jump Jets (walkers): instead of moving and firing, jump up to 10" in a straight line (path: the end point), clearing obstacles up to 6" high, not ending within 2" of enemy troops (§2.5)' })),
    medevac: T.Optional(T.Object({ unit: Id, wounded: T.Array(Id, { minItems: 1, maxItems: 2 }) }, { additionalProperties: false, description: 'property Medevac: Recover Wounded for a friendly squad within 1" of the hull, as two aid teams (up to 2 wounded); stationary (§2.5, §7.23)' })),
    disembark: T.Optional(T.Object({
      unit: Id,
      at: T.Array(T.Object({ fig: Id, at: XY }, { additionalProperties: false }), { minItems: 1, maxItems: 16 }),
    }, { additionalProperties: false, description: 'the embarked unit gets out: each figure placed within 1" of the hull, coherent; the transport\'s whole activation (stationary, no fire); the unit may then fire or close assault (§2.5)' })),
  }, 'a vehicle\'s order: move (Cautious or Standard) and fire within its fire control (§2.5, §5.3)'),
], { title: 'FastAndDirtyAction' });
