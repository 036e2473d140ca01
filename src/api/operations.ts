// Every HTTP operation of the public API, named once: the OpenAPI document's operationId (what a
// generated client calls the method) and a summary where the route has none. A route that is
// not listed here and not hidden fails tests/api/openapi.test.ts, so the document stays whole.
// GraphiQL's page and assets are a UI, not the API: they are hidden from the document.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { rulesets } from '../games/index.js';

const OPERATIONS: Record<string, { operationId: string; summary?: string }> = {
  'GET /v1/rulesets': { operationId: 'listRulesets' },
  'POST /v1/games': { operationId: 'createGame' },
  'GET /v1/games': { operationId: 'listGames', summary: 'Games, newest first: a page (cursor, limit) with the next cursor and the total; status and open (the lobby) filter' },
  'GET /v1/games/:id': { operationId: 'getGame' },
  'POST /v1/games/:id/seats/:index/claim': { operationId: 'claimSeat' },
  'GET /v1/games/:id/legal-actions': { operationId: 'getLegalActions' },
  'POST /v1/games/:id/actions': { operationId: 'submitAction' },
  'GET /v1/games/:id/actions': { operationId: 'getLog' },
  'POST /v1/games/:id/resign': { operationId: 'resign', summary: "Concede for the caller's seat: answers with the events and the seats to act" },
  'GET /v1/games/:id/versions/:version': { operationId: 'getVersion' },
  'GET /v1/games/:id/verify': { operationId: 'verifyGame' },
  'GET /v1/games/:id/board.svg': { operationId: 'getBoardSvg' },
  'GET /v1/games/:id/board.png': { operationId: 'getBoardPng' },
  'PUT /v1/games/:id/orders': { operationId: 'setOrders' },
  'GET /v1/games/:id/orders': { operationId: 'getOrders' },
  'POST /v1/games/:id/chat': { operationId: 'postChat' },
  'GET /v1/games/:id/chat': { operationId: 'getChat' },
  'GET /v1/games/:id/events': { operationId: 'streamEvents' },
  'POST /v1/games/:id/webhooks': { operationId: 'addWebhook' },
  'GET /v1/games/:id/webhooks': { operationId: 'listWebhooks' },
  'DELETE /v1/games/:id/webhooks/:wid': { operationId: 'removeWebhook' },
  'GET /v1/games/:id/webhooks/:wid/deliveries': { operationId: 'listWebhookDeliveries' },
  'POST /v1/campaigns': { operationId: 'createCampaign' },
  'POST /v1/campaigns/:id/games': { operationId: 'startCampaignGame' },
  'GET /v1/campaigns/:id': { operationId: 'getCampaign' },
  'GET /v1/games/:id/choices': { operationId: 'getChoices' },
  'POST /v1/games/:id/stream-tickets': { operationId: 'createStreamTicket' },
  'GET /v1/games/:id/query/:name': { operationId: 'runQuery' },
  'GET /v1/rulesets/:id/scenarios/:sid': { operationId: 'getScenarioData' },
  'GET /healthz': { operationId: 'liveness' },
  'GET /readyz': { operationId: 'readiness' },
  'POST /graphql': { operationId: 'graphql', summary: 'GraphQL over HTTP (schema.graphql; subscriptions over WebSocket at the same path)' },
  'GET /graphql': { operationId: 'graphqlGet', summary: 'GraphQL queries over GET (?query=&variables=)' },
};

/** Names every route as it is added; register before any route (and before @fastify/swagger reads them). */
export function nameOperations(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.startsWith('/graphiql')) {
      route.schema = { ...route.schema, hide: true };
      return;
    }
    for (const method of [route.method].flat()) {
      const op = OPERATIONS[`${method} ${route.url}`];
      if (!op) continue;
      route.schema = { ...route.schema, operationId: op.operationId, ...(route.schema?.summary || !op.summary ? {} : { summary: op.summary }) };
    }
  });
}

/** The `servers` of the document: PUBLIC_BASE_URL when the service sits behind a proxy, else this origin. */
export function servers(env: NodeJS.ProcessEnv = process.env): { url: string; description: string }[] {
  const base = env.PUBLIC_BASE_URL?.replace(/\/+$/, '');
  return [{ url: base || '/', description: base ? 'public address (PUBLIC_BASE_URL)' : 'this server' }];
}

/** `AbaddonAction`, `UndauntedCallistoAction`, …: every installed game's action schema as a component. */
export function actionComponents(): Record<string, unknown> {
  const name = (id: string) => id.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join('') + 'Action';
  return Object.fromEntries(rulesets().filter((r) => r.actionSchema)
    .map((r) => [name(r.id), { ...(openapi30(JSON.parse(JSON.stringify(r.actionSchema))) as object), description: `An action of ${r.title} (ruleset ${r.id}), checked before the rules run` }]));
}

/**
 * OpenAPI 3.0 has no tuples (`items` as an array, `additionalItems`): a tuple is written as an
 * array of its items' schema (anyOf when they differ) with its length. The kernel still checks
 * the exact tuple; the document describes it as closely as 3.0 can.
 */
function openapi30(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(openapi30);
  if (typeof x !== 'object' || x === null) return x;
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) if (k !== 'additionalItems') o[k] = openapi30(v);
  if (Array.isArray(o.items)) {
    const items = o.items as unknown[];
    const same = items.every((i) => JSON.stringify(i) === JSON.stringify(items[0]));
    o.items = same ? items[0] : { anyOf: items };
    o.minItems ??= items.length;
    o.maxItems ??= items.length;
  }
  return o;
}

