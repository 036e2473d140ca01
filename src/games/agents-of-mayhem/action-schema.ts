// The JSON Schema of an Agents of Mayhem action (the Action union of state.ts): the kernel
// refuses any other shape before the rules run.
import { Type as T, type TSchema } from '@sinclair/typebox';

const Id = T.String({ minLength: 1, maxLength: 64 });
const Space = T.String({ pattern: '^\\d{1,2},\\d{1,2},[1-4]$', description: 'a space "x,y,Level"' });
const Facing = T.Union([T.Literal('N'), T.Literal('E'), T.Literal('S'), T.Literal('W')]);
const Well = T.Union([T.Literal('speed'), T.Literal('focus'), T.Literal('tech'), T.Literal('mayhem')]);
const Status = T.Union(['ATTACK_UP', 'ATTACK_DOWN', 'DEFENSE_UP', 'DEFENSE_DOWN', 'RANGE_UP', 'RANGE_DOWN', 'MOVE_UP', 'MOVE_DOWN', 'STUNNED', 'DISRUPTED'].map((x) => T.Literal(x)));
// The attacker's dice (spec 7.3.4): the colour of the die each net Attack Bonus upgrades / Penalty downgrades, in turn.
const DieUp = T.Array(T.Union([T.Literal('white'), T.Literal('yellow')]), { maxItems: 20 });
const DieDown = T.Array(T.Union([T.Literal('red'), T.Literal('yellow')]), { maxItems: 20 });
// The Stunned surcharge (spec 2.2.6): 2 cubes per Stunned marker, green, yellow or blue, the player's choice; absent: the server's default (the fullest wells).
const Surcharge = T.String({ pattern: '^[GYB]*$', maxLength: 40, description: 'the Stunned surcharge: 2 cubes per Stunned marker, G, Y or B each (absent: taken from the fullest wells)' });
const act = (type: string, fields: Record<string, TSchema> = {}, description?: string) =>
  T.Object({ type: T.Literal(type), ...fields }, { additionalProperties: false, ...(description ? { description } : {}) });

export const actionSchema = T.Union([
  act('activate', { board: Id }, 'Activate one of your boards (spec 6.3)'),
  act('act', { unit: Id, action: Id, target: T.Optional(Space), when: T.Optional(T.Union([T.Literal('before'), T.Literal('after')])), aim: T.Optional(T.Union([T.Boolean(), T.Literal('timer')])), mayhem: T.Optional(Id), gadget: T.Optional(T.Boolean()), timer: T.Optional(T.Literal(true)), dieUpgrades: T.Optional(DieUp), dieDowngrades: T.Optional(DieDown), surcharge: T.Optional(Surcharge) }, 'pay and take an Action (timer: true places the Action\'s optional timer: Until-Removed, or a Weapon Action\'s Delay Action timer, taken with no target: the Golem\'s Charge; aim: true +1 Focus, "timer" an enemy When-Removed timer, target chosen when it comes off; mayhem: a Mayhem card in hand played for one extra die; gadget: true adds the slotted Weapon gadget to this Weapon Action, its cost paid too); an attack names its target space, or when:"before" to move first; dieUpgrades / dieDowngrades: the die colour each net Attack Bonus upgrades / net Penalty downgrades in turn, at the target in the space, unnamed steps the default (lowest upgraded, highest downgraded first; spec 7.3.4); surcharge: a Stunned unit\'s extra cubes (spec 2.2.6)'),
  act('move', { unit: Id, to: Space, facing: Facing }, 'spend MP to move to a space (cheapest path)'),
  act('jump', { unit: Id, to: Space, facing: Facing }),
  act('dash', { unit: Id, to: Space, facing: Facing, surcharge: T.Optional(Surcharge) }, 'Instant: one space (surcharge: a Stunned unit\'s extra cubes, spec 2.2.6)'),
  act('fire', { target: T.Union([Space, T.Null()]), dieUpgrades: T.Optional(DieUp), dieDowngrades: T.Optional(DieDown) }, 'the attack of a weapon whose MP was spent first (null: forgo it; dieUpgrades / dieDowngrades as with act)'),
  act('group', { unit: Id, target: T.Optional(Space), dieUpgrades: T.Optional(DieUp), dieDowngrades: T.Optional(DieDown) }, 'another figure performs the group Action (+N) (dieUpgrades / dieDowngrades as with act)'),
  act('end', {}, 'end the activation'),
  act('pass'),
  act('aimBonus', { bonus: T.Union([T.String({ pattern: '^(mayhem|cube:[GYB]|weakSpot|disrupt|explosion:\\d{1,2},\\d{1,2},[1-4])$' }), T.Null()]) }, 'an Aim Bonus for an Aimed Hit (explosion:<space>: Trigger Explosion there; null: no more)'),
  act('block', { times: T.Integer({ minimum: 0, maximum: 20 }), surcharge: T.Optional(Surcharge) }, 'Block: each use ignores 1 Hit (surcharge: a Stunned unit\'s extra cubes for all the uses, in order, spec 2.2.6)'),
  act('wound', { well: Well }),
  act('push', { to: T.Union([Space, T.Null()]) }),
  act('fallDash', { dash: T.Boolean(), surcharge: T.Optional(Surcharge) }, 'Fall Dash or fall (surcharge: a Stunned unit\'s extra cubes for the Dash, spec 2.2.6)'),
  act('hack', { unit: Id, ddd: T.Optional(Id), marker: T.Optional(Space), dice: T.Integer({ minimum: 1, maximum: 6 }), surcharge: T.Optional(Surcharge) }, 'Hack a DDD (ddd) or a hackable Event Marker (marker: its space): roll this many dice of its colour, paying its cost per die (spec 7.9, 7.10); surcharge: a Stunned unit\'s extra cubes (spec 2.2.6)'),
  act('delayed', { target: T.Union([Space, T.Null()]), dieUpgrades: T.Optional(DieUp), dieDowngrades: T.Optional(DieDown) }, 'a delayed Action whose timer came off: its target now (null: forgo it; spec 7.8; dieUpgrades / dieDowngrades as with act); its MP (the Weapon Action\'s own, a Delay Action timer\'s: the Golem\'s Charge) are moved first, with move; after the attack (exposes.fired) the weapon MP not moved before, then target null ends'),
  act('arm', { ddd: Id }, 'LEGION: start a Dark Matter Bomb countdown, 3 MAYHEM When-Removed timers on it (spec 7.15)'),
  act('turret', { ddd: Id, target: T.Optional(Space), aim: T.Optional(T.Literal('timer')), dieUpgrades: T.Optional(DieUp), dieDowngrades: T.Optional(DieDown) }, 'LEGION: the Hell Tower\'s attack, once in each LEGION Turn: at a target space now, or delayed (aim: "timer", no target: a MAYHEM When-Removed timer on the DDD tile, the target chosen when it comes off, aimed; spec 7.15, 7.8; dieUpgrades / dieDowngrades as with act)'),
  act('laser', { to: Space }, 'LEGION: the Laser Satellite Controls place an Explosion marker face down on an Outside space, once in each LEGION Turn (spec 7.15)'),
  act('edmksTax', { well: T.Union([T.Literal('speed'), T.Literal('focus'), T.Literal('tech')]) }, 'EDMKS: the Action cube spent by a MAYHEM Elite starting its Activation on its Tile'),
  act('edmks', { board: Id }, 'EDMKS: the LEGION board gaining a Mayhem cube this Refresh Phase'),
  act('placeAlly', { to: Space }, 'a Downed Ally returning with its redeployed host: a free Outside space within 2 spaces of it, on its Level (spec 7.13)'),
  act('displace', { to: Space }, 'a unit from a collapsed Level whose space is taken goes to an adjacent free space (spec 7.6.3)'),
  act('deploy', { board: T.Union([Id, T.Null()]), minion: T.Optional(Id), to: T.Optional(Space) }, 'LEGION Deploy: buy one Minion (null board: done)'),
  act('redeploy', { board: Id, to: T.Union([Space, T.Null()]) }, 'Redeploy a Downed Elite in your Refresh Phase (null: not now)'),
  act('buyUpgrade', { board: T.Union([Id, T.Null()]), upgrade: T.Optional(Id), replace: T.Optional(Id) }, 'before a chained mission, with Crystals just gained: one Upgrade for a board that took part (its Elite, or a Minion type on the Squad), into an empty space of its type or replacing an owned one (replace); board null: done, unspent Crystals expire (spec 10.3)'),
  act('resetBoard', { board: T.Union([Id, T.Null()]), keep: T.Optional(T.Array(Id, { maxItems: 2 })) }, 'before a chained mission: reset an Elite board: its upgrades go back to the tray and all but the 2 gadgets kept go back to the Undiscovered deck; board null: done (spec 10.3)'),
  act('reward', { take: T.Union([T.Literal('gadget'), T.Literal('crystal')]) }, "before a chained mission: one of the last mission's Participation or Victory gains: a new gadget drawn at random from your Side's Undiscovered deck, or a Dark Matter Crystal to spend on upgrades now (spec 10.2)"),
  act('buyMinions', { buy: T.Array(T.Object({ board: Id, minion: Id, figures: T.Integer({ minimum: 1, maximum: 9 }) }, { additionalProperties: false }), { maxItems: 12 }) }, 'Advanced Setup step 3: Minion cards for your Squad boards (each type once, 3 slots per Squad) and how many of each card\'s figures to set up, paid with the Scrap your gadgets left (setup cost per figure) (spec 3.3)'),
  act('placeUnit', { to: Space }, 'Advanced Setup step 4: place the named bought figure on a free space of a Tile where the mission sets up your units'),
  act('chooseBoards', { boards: T.Array(Id, { maxItems: 8 }) }, 'Advanced Setup step 1: the 3 boards your Side plays, from the mission\'s and its extra ones; hidden from the other Side until both have chosen (spec 3.3)'),
  act('chooseGadgets', { gadgets: T.Array(Id, { maxItems: 12 }) }, 'Advanced Setup: the gadgets your Side slots, from its Discovered ones, one of each type per Elite board, within its Scrap budget; hidden from the other Side until both have chosen (spec 3.3)'),
  act('summon', { vehicle: Id, front: Space, facing: Facing, pay: T.Union(['BBB', 'BBP', 'BPP', 'PPP'].map((x) => T.Literal(x))) }, 'Add-on of the activated board: summon one of your Side\'s Vehicle tiles onto two Level-1 Outside spaces (front, and the back behind it from facing), one holding one of your units, for 3 cubes of blue Tech (B) and purple Mayhem (P) (spec 7.16.2)'),
  act('drive', { vehicle: Id, move: T.Union(['forward', 'backward', 'turnLeft', 'turnRight', 'shiftLeft', 'shiftRight', 'driftLeft', 'driftRight', 'jump'].map((x) => T.Literal(x))), spaces: T.Optional(T.Integer({ minimum: 1, maximum: 5 })) }, 'move a Driven vehicle of your Side one step: forward or backward (1 MP; backwards makes its Speed 3 for the Turn), or a Turn, Shift or Drift maneuver (1 MP; Maneuverability spaces between maneuvers); an Obstacle costs 3 MP and a Hit; jump with spaces 1-5: a Ramp Jump off the Ramp counter under its front, up one Level, terrain ignored, 1 MP a space; a step that leaves it off (or half off) its Level ends with it falling (a Hit per Level beyond the first) (spec 7.16.3)'),
  act('ramPush', { to: Space }, 'a vehicle Rams an enemy unit: the space it is pushed to, one farther from the vehicle (spec 7.16.4)'),
  act('sideSwipe', { driver: Id }, 'a Drift\'s Ram Downed an enemy: the driver (a unit of the vehicle\'s Side on it) whose board gains the Permanent Mayhem Status (spec 7.16.4 side swipe)'),
  act('mayhemDraw', { pay: T.Array(Id, { minItems: 2, maxItems: 2 }) }, 'draw a Mayhem card for 2 Mayhem cubes from the named boards (spec 7.7)'),
  act('stepTriggers', { triggers: T.Array(T.Object({ unit: Id, when: T.Union([T.Literal('zoc'), T.Literal('los')]) }, { additionalProperties: false }), { maxItems: 32 }) }, 'standing W-step triggers of your units, replacing the earlier ones ([] clears them): a W-step window for that unit before the MP where an enemy move enters its Zone of Control (zoc) or a space in its LOS (los) (spec 8.2 async protocol 4); private to your seat, given in your Turn or any of your windows'),
  act('mayhemPlay', { card: Id, board: Id, cube: T.Optional(T.Union([T.Literal('G'), T.Literal('Y'), T.Literal('B')])) }, 'a Mayhem card\'s universal use on one of your boards: Shield, Armor or an Action cube (spec 7.7)'),
  act('refresh', { reinforce: T.Optional(T.String({ pattern: '^G*Y*B*$' })), cubes: T.String({ pattern: '^G*Y*B*$' }), wound: T.Union([Well, T.Null()]), positive: T.Union([Status, T.Null()]), negative: T.Union([Status, T.Null()]) }),
], { title: 'AgentsOfMayhemAction' });
