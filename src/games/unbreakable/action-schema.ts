// The JSON Schema of an Unbreakable action (the Action union of state.ts): the kernel refuses any
// other shape before the rules run.
import { Type as T, type TSchema } from '@sinclair/typebox';

const Id = T.String({ minLength: 1, maxLength: 32 });
const Hex = T.String({ pattern: '^[0-9]{4}$', description: 'hex label XXYY' });
const Bomb = T.Union([T.Literal('crust'), T.Literal('neutron'), T.Literal('nuke')]);
const Basic = T.Union(['force', 'laser', 'stasis', 'crust', 'neutron', 'nuke'].map((k) => T.Literal(k)));
const BeamCard = T.Union(['force', 'laser', 'stasis', 'multigun', 'rocket', 'vortex', 'conversion', 'jets'].map((k) => T.Literal(k)));
const BombCard = T.Union(['crust', 'neutron', 'nuke', 'multigun', 'rocket', 'vortex', 'conversion', 'meleeWeapon'].map((k) => T.Literal(k)));
const Count = T.Integer({ minimum: 0, maximum: 4 });
const Status = T.Union([T.Literal('ready'), T.Literal('buttoned'), T.Literal('offline')]);
const act = (type: string, fields: Record<string, TSchema> = {}, description?: string) =>
  T.Object({ type: T.Literal(type), ...fields }, { additionalProperties: false, ...(description ? { description } : {}) });

export const actionSchema = T.Union([
  act('platoon', { crawler: Count, walker: Count, squad: Count }, 'sealed setup: platoon composition (§3 step 2)'),
  act('loadout', { beams: T.Array(BeamCard, { minItems: 1, maxItems: 2 }), bombs: T.Array(BombCard, { minItems: 1, maxItems: 2 }) }, 'sealed setup: weapon cards of the next unit (§3 step 3; Chrome items §9.1, §9.5)'),
  act('place', { hex: Hex }, 'sealed setup: the next unit\'s hex'),
  act('flag', { hex: Hex }, 'sealed setup: your flag\'s hex'),
  act('fire', { unit: Id, weapon: Id, target: Id, mode: T.Optional(T.Literal('reverse')), as: T.Optional(Basic) }, 'fire a weapon at a unit (beam) or hex (bomb, force beam vs terrain, first rocket, vortex launch); as: a multi-gun\'s type'),
  act('jets', { unit: Id, weapon: Id }, 'fire jump jets: the walker hovers until its next activation (§9.5)'),
  act('convert', { unit: Id }, 'convert to or from a wheeled vehicle (conversion mechanism, §9.5)'),
  act('rocket', { hex: Hex }, 'the next rocket of a salvo: the same or an adjacent hex (§9.1.2)'),
  act('reload', { unit: Id, weapon: Id }),
  act('configure', { unit: Id }, 'walker Up/Down, squad Ground/Hovering'),
  act('clearStasis', { unit: Id }),
  act('grab', { unit: Id, object: Id }),
  act('drop', { unit: Id }),
  act('melee', { unit: Id, target: Id }),
  act('move', { unit: Id, path: T.Array(T.Union([Hex, T.Literal('off')]), { minItems: 1, maxItems: 2 }) }, '1 hex (hovering squad 1-2); "off" leaves the map'),
  act('end', {}, 'end the activation'),
  act('lasers', { fire: T.Array(T.Object({ unit: Id, weapon: Id, at: T.Union([T.Literal('launch'), T.Literal('target')]) }, { additionalProperties: false }), { maxItems: 48 }) }, 'defensive lasers committed against a bomb (empty: none)'),
  act('push', { to: T.Union([Hex, T.Null()]) }),
  act('continue', { go: T.Boolean() }),
  act('displace', { unit: Id, to: Hex }),
  act('status', { changes: T.Record(Id, Status) }, 'Time Stream status changes (sealed)'),
  act('reprogram', { squad: T.Union([Id, T.Null()]) }),
  act('grenades', { changes: T.Record(Id, Bomb) }, 'Change Grenades: new bomb types for some of your squads (sealed)'),
], { title: 'UnbreakableAction' });
