// Standing orders (DESIGN "Standing orders"): a seat's reflexes, set at any time, private,
// never game state. After each commit the service answers every open decision an order
// covers. Whether an order covers a decision is judged on public facts only (the public view
// and the decision's public part), so whether a window waits for a human never depends on
// that seat's secrets; the answer itself may use them and falls back to the default.
import { Ajv } from 'ajv';
import { openDecisions, publicPart, type KState } from '../engine/kernel.js';
import type { Decision, OpenDecision, Ruleset, Seat, StandingOrder } from '../engine/types.js';
import { ServiceError } from './errors.js';

const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new WeakMap<object, ReturnType<typeof ajv.compile>>();

/** The generic rule every ruleset understands: answer with the ruleset's default action. */
export const GENERIC_RULES = ['default'] as const;

function isGeneric(o: StandingOrder): boolean {
  const r = o.rule as { do?: unknown } | null;
  return typeof r === 'object' && r !== null && r.do === 'default' && Object.keys(r).length === 1;
}

/** Checks orders a seat submits; throws a 400 naming the first bad one. */
export function checkOrders(rs: Ruleset, orders: unknown): StandingOrder[] {
  if (!Array.isArray(orders)) throw new ServiceError(400, 'invalid_orders', 'orders is a list');
  if (orders.length > 20) throw new ServiceError(400, 'invalid_orders', 'at most 20 standing orders per seat');
  const ids = new Set<string>();
  return orders.map((o, i) => {
    const x = o as StandingOrder;
    if (typeof x !== 'object' || x === null || typeof x.id !== 'string' || !x.id || typeof x.match !== 'object' || x.match === null) {
      throw new ServiceError(400, 'invalid_orders', `order ${i}: needs {id, match: {kind?, context?}, rule}`);
    }
    if (ids.has(x.id)) throw new ServiceError(400, 'invalid_orders', `order ${i}: duplicate id ${x.id}`);
    ids.add(x.id);
    for (const f of ['kind', 'context'] as const) {
      if (x.match[f] !== undefined && typeof x.match[f] !== 'string') throw new ServiceError(400, 'invalid_orders', `order ${i}: match.${f} is a string`);
    }
    if (isGeneric(x)) return x;
    if (!rs.ordersSchema || !rs.covers || !rs.answer) {
      throw new ServiceError(422, 'orders_unsupported', `${rs.id} knows only the generic rule {"do":"default"}`, { order: i });
    }
    let check = compiled.get(rs.ordersSchema);
    if (!check) {
      check = ajv.compile(rs.ordersSchema);
      compiled.set(rs.ordersSchema, check);
    }
    if (!check(x)) throw new ServiceError(400, 'invalid_orders', `order ${i} does not match the ${rs.id} orders schema`, check.errors);
    return x;
  });
}

function matches(o: StandingOrder, d: Decision): boolean {
  if (o.match.kind !== undefined && o.match.kind !== d.kind) return false;
  if (o.match.context !== undefined && !d.context.includes(o.match.context)) return false;
  return true;
}

/** The first open decision some seat's order covers, and the action the order gives. */
export function coveredAnswer(rs: Ruleset, k: KState<any>, orders: Record<number, StandingOrder[]>, skip: Set<string> = new Set()):
  { seat: Seat; decision: Decision; action: unknown; order: string } | null {
  const open = openDecisions(rs, k);
  if (!open.length) return null;
  const raw: OpenDecision[] = rs.pending(k.s);
  let pub: unknown;
  for (const [i, d] of open.entries()) {
    const mine = orders[d.seat];
    if (!mine?.length || skip.has(d.id)) continue;
    for (const o of mine) {
      if (!matches(o, d)) continue;
      if (isGeneric(o)) return { seat: d.seat, decision: d, action: rs.defaultAction(k.s, raw[i]), order: o.id };
      pub ??= rs.view(k.s, null);
      if (!rs.covers!(pub, publicPart(d), o)) continue;
      let action = rs.answer!(rs.view(k.s, d.seat), d, o);
      if (rs.validate(k.s, d.seat, raw[i], action as never)) action = rs.defaultAction(k.s, raw[i]);
      return { seat: d.seat, decision: d, action, order: o.id };
    }
  }
  return null;
}
