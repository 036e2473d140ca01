// The JSON Schema of an Abaddon action (the Action union of state.ts): the kernel refuses any
// other shape before the rules run, so an unknown field never reaches the permanent log.
import { Type as T, type TSchema } from '@sinclair/typebox';

const XY = T.Tuple([T.Integer({ minimum: 0, maximum: 63 }), T.Integer({ minimum: 0, maximum: 63 })], { description: '[column, row] of a square' });
const Id = T.String({ minLength: 1, maxLength: 64 });
const Die = T.Integer({ minimum: 0, maximum: 15, description: 'index of an activation die' });
const act = (type: string, fields: Record<string, TSchema> = {}, description?: string) =>
  T.Object({ type: T.Literal(type), ...fields }, { additionalProperties: false, ...(description ? { description } : {}) });

export const actionSchema = T.Union([
  act('divide', { companyA: T.Record(T.Union([T.Literal('H'), T.Literal('M'), T.Literal('R'), T.Literal('I')]), T.Integer({ minimum: 0, maximum: 20 })), cardsA: T.Integer({ minimum: 0, maximum: 40 }) }, 'split a faction’s company and cards between teammates'),
  act('deploy', { unit: Id, at: XY }),
  act('displace', { at: XY }),
  act('lockOn', { at: T.Union([XY, T.Null()]) }, 'place the Lock-On Relay (null: none)'),
  act('commandDraw', { n: T.Integer({ minimum: 0, maximum: 10 }) }),
  act('assign', { die: Die, unit: Id }),
  act('bolt', { die: Die, target: Id }),
  act('removeMarker', { die: Die, unit: Id, marker: Id }),
  act('confirmOrders'),
  act('amm'),
  act('pass', { unit: T.Optional(Id) }),
  act('move', { unit: Id, to: T.Union([XY, T.Literal('exit')]) }),
  act('endMovement'),
  act('attack', { unit: Id, target: Id, card: Id }),
  act('endDeclarations'),
  act('respond', { unit: Id, attack: T.Integer({ minimum: 0 }), card: Id }),
  act('resolve', { attack: T.Integer({ minimum: 0 }) }),
  act('closeCombat', { unit: Id, target: Id }),
  act('endTurn'),
], { title: 'AbaddonAction' });
