// The skyeye TypeScript client: the types generated from the served OpenAPI document
// (schema.d.ts, by scripts/gen-client.ts with openapi-typescript) used through openapi-fetch.
//
//   const api = skyeyeClient('https://play.example.org', token);
//   const { data, error } = await api.GET('/v1/games/{id}', { params: { path: { id } } });
//
// Every path, parameter, body and answer is typed; `error` is the service's error envelope.
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
type Schemas = components['schemas'];
export type Game = Schemas['Game'];
export type Decision = Schemas['Decision'];
export type LegalActions = Schemas['LegalActions'];
export type ActResult = Schemas['ActResult'];
export type ToAct = Schemas['ToAct'];
export type LogPage = Schemas['LogPage'];
export type ErrorBody = Schemas['Error'];

/** A client for one server; `token`: a seat token (omit for a spectator or to create games). */
export function skyeyeClient(baseUrl: string, token?: string, fetchImpl?: typeof fetch): Client<paths> {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
