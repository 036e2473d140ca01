// The JSON Schema of an Undaunted 2200: Callisto action (the Action union of rules.ts): the
// kernel refuses any other shape before the rules run.
import { Type as T } from '@sinclair/typebox';

const Id = T.String({ minLength: 1, maxLength: 64 });
const Seat = T.Integer({ minimum: 0, maximum: 7 });
const Ids = T.Array(Id, { maxItems: 64 });

export const actionSchema = T.Union([
  T.Object({
    type: T.Literal('play'),
    card: Id,
    use: T.Union([T.Literal('action'), T.Literal('ready'), T.Literal('hunker'), T.Literal('equipment')]),
    action: T.Optional(T.Integer({ minimum: 0, maximum: 15, description: "index of the card's action" })),
    spawn: T.Optional(Id), to: T.Optional(Id), passengers: T.Optional(Ids), path: T.Optional(Ids),
    unit: T.Optional(Id), cards: T.Optional(Ids), from: T.Optional(Seat), count: T.Optional(T.Integer({ minimum: 0, maximum: 64 })),
    seat: T.Optional(Seat), spaces: T.Optional(Ids), recon: T.Optional(Id), target: T.Optional(Id),
    space: T.Optional(Id), door: T.Optional(Id),
  }, { additionalProperties: false, description: 'play a card from hand for one of its uses' }),
  T.Object({ type: T.Literal('end') }, { additionalProperties: false }),
  T.Object({ type: T.Literal('bid'), card: Id }, { additionalProperties: false, description: 'the sealed initiative bid' }),
  T.Object({ type: T.Literal('casualty'), card: Id }, { additionalProperties: false }),
  T.Object({ type: T.Literal('target'), target: Id }, { additionalProperties: false }),
  T.Object({ type: T.Literal('push'), to: T.Union([Id, T.Null()]) }, { additionalProperties: false }),
], { title: 'UndauntedCallistoAction' });
