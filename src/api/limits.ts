// Cost limits: per-client rate limits (@fastify/rate-limit, its Redis store when REDIS_URL is
// set) and the GraphQL query cost rule (depth, aliases, list sizes), refused before it runs.
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GraphQLError, Kind, type ASTVisitor, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext,
} from 'graphql';
import { Redis } from 'ioredis';
import { ServiceError } from '../service/errors.js';
import type { AppSettings } from './settings.js';

export type Bucket = 'create' | 'moves' | 'reads';

const CREATE_MUTATIONS = /\b(createGame|claimSeat|createCampaign|startCampaignGame)\b/;

/** Which budget a request spends: creation, moves (every other write) or reads. */
export function bucketOf(req: FastifyRequest): Bucket | null {
  const url = req.routeOptions.url ?? '';
  if (url === '/graphql') {
    const q = req.method === 'GET' ? (req.query as { query?: unknown })?.query : (req.body as { query?: unknown } | null)?.query;
    const src = typeof q === 'string' ? q : '';
    if (!/^\s*(#[^\n]*\n\s*)*mutation\b/.test(src) && !/\}\s*mutation\b/.test(src)) return 'reads';
    return CREATE_MUTATIONS.test(src) ? 'create' : 'moves';
  }
  if (!url.startsWith('/v1/')) return null; // health, metrics, docs: not limited
  if (req.method === 'GET' || req.method === 'HEAD') return 'reads';
  if (url === '/v1/games' || url.endsWith('/claim')) return 'create';
  if (url === '/v1/campaigns' || url === '/v1/campaigns/:id/games') return 'create'; // campaigns create games too
  return 'moves';
}

function tokenOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  if (m) return m[1];
  const v = (req.body as { variables?: { token?: unknown; input?: { token?: unknown } } } | null)?.variables;
  const t = v?.token ?? v?.input?.token;
  return typeof t === 'string' ? t : null;
}

const tokenKey = (t: string) => createHash('sha256').update(t).digest('base64url').slice(0, 22);

/**
 * Registers the limits: each request spends from its address's budget and, with a seat
 * token, from the token's. Over budget: 429 `rate_limited` with Retry-After (header and
 * details.retryAfterSeconds). With Redis the counts are shared by every API process; while
 * Redis is down the limits are skipped rather than refusing everyone.
 */
export async function rateLimits(app: FastifyInstance, s: AppSettings, redisUrl?: string) {
  const cfg = s.rateLimit;
  if (!cfg) return;
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: (n) => Math.min(200 * n, 2000) });
    redis.on('error', () => undefined); // the bus logs Redis outages
    app.addHook('onClose', async () => {
      redis!.disconnect();
    });
  }
  await app.register(rateLimit, { global: false, skipOnError: true, nameSpace: 'skyeye-rl-', ...(redis ? { redis } : {}) });
  const limiter = (b: Bucket, by: 'address' | 'token') => app.createRateLimit({
    max: by === 'address' ? cfg[b].perAddress : cfg[b].perToken,
    timeWindow: cfg.windowMs,
    keyGenerator: (req) => (by === 'address' ? `${b}:a:${req.ip}` : `${b}:t:${tokenKey(tokenOf(req)!)}`),
  });
  const limiters = Object.fromEntries((['create', 'moves', 'reads'] as const).map((b) => [b, { address: limiter(b, 'address'), token: limiter(b, 'token') }])) as
    Record<Bucket, { address: ReturnType<typeof limiter>; token: ReturnType<typeof limiter> }>;

  // preHandler: after the body is parsed (GraphQL's budget depends on the operation).
  app.addHook('preHandler', async (req, reply) => {
    const b = bucketOf(req);
    if (!b) return;
    const checks = [limiters[b].address(req)];
    if (tokenOf(req)) checks.push(limiters[b].token(req));
    for (const r of await Promise.all(checks)) {
      if (r.isAllowed || !r.isExceeded) continue;
      reply.header('retry-after', String(r.ttlInSeconds));
      throw new ServiceError(429, 'rate_limited', `too many ${b === 'create' ? 'creations' : b} requests; retry in ${r.ttlInSeconds} s`, {
        bucket: b, limit: r.max, windowSeconds: Math.round(r.timeWindow / 1000), retryAfterSeconds: r.ttlInSeconds,
      });
    }
  });
}

// ---------- GraphQL query cost ----------

/** What a field costs on top of 1, given its arguments (the service's own caps apply). */
function fieldWeight(f: FieldNode, limitOf: (f: FieldNode, d: number, max: number) => number): { weight: number; fanOut: number } {
  switch (f.name.value) {
    case 'view': return { weight: 10, fanOut: 1 };
    case 'pending': case 'decisions': return { weight: 5, fanOut: 1 };
    case 'legalActions': case 'legal': return { weight: 20, fanOut: 1 };
    case 'choices': case 'query': return { weight: 20, fanOut: 1 }; // a game load and the ruleset's answer
    case 'log': return { weight: Math.ceil(limitOf(f, 500, 1000) / 10), fanOut: 1 };
    case 'chat': return { weight: Math.ceil(limitOf(f, 200, 500) / 20), fanOut: 1 };
    case 'games': return { weight: 1, fanOut: limitOf(f, 50, 200) };
    // Its `games` list has no limit of its own and counts 50: the page's limit in fifties.
    case 'gamePage': return { weight: 1, fanOut: Math.ceil(limitOf(f, 50, 200) / 50) };
    case 'rulesets': return { weight: 1, fanOut: 10 };
    case 'deliveries': return { weight: 1, fanOut: 20 };
    default: return { weight: 0, fanOut: 1 };
  }
}

/**
 * A validation rule (runs before execution, cached per query text by Mercurius): refuses a
 * query deeper than maxDepth, with more than maxAliases aliases, or whose estimated cost
 * (fields, weighted by what they load and by list sizes) exceeds maxCost. A limit given as a
 * variable counts at its maximum.
 */
export function costRule(lim: AppSettings['graphql']) {
  return (ctx: ValidationContext): ASTVisitor => {
    const doc = ctx.getDocument();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const limitOf = (f: FieldNode, d: number, max: number) => {
      const a = f.arguments?.find((x) => x.name.value === 'limit');
      if (!a) return d;
      if (a.value.kind === Kind.INT) return Math.max(0, Math.min(Number(a.value.value), max));
      return max;
    };
    let aliases = 0;
    let maxDepth = 0;
    const walk = (set: SelectionSetNode, depth: number, mult: number, seen: Set<string>): number => {
      maxDepth = Math.max(maxDepth, depth);
      if (depth > lim.maxDepth + 1) return 0; // already refused: stop walking
      let cost = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.alias) aliases++;
          if (sel.name.value.startsWith('__')) continue;
          const { weight, fanOut } = fieldWeight(sel, limitOf);
          cost += mult * (1 + weight);
          if (sel.selectionSet) cost += walk(sel.selectionSet, depth + 1, mult * fanOut, seen);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          cost += walk(sel.selectionSet, depth, mult, seen);
        } else {
          const fr = fragments.get(sel.name.value);
          if (!fr || seen.has(fr.name.value)) continue; // unknown or cyclic: graphql's own rules say so
          cost += walk(fr.selectionSet, depth, mult, new Set([...seen, fr.name.value]));
        }
      }
      return cost;
    };
    return {
      OperationDefinition(op) {
        aliases = 0;
        maxDepth = 0;
        const cost = walk(op.selectionSet, 1, 1, new Set());
        const refuse = (code: string, message: string, details: Record<string, number>) =>
          ctx.reportError(new GraphQLError(message, { nodes: [op], extensions: { code, details } }));
        if (maxDepth > lim.maxDepth) refuse('query_too_deep', `the query is nested deeper than ${lim.maxDepth} levels`, { maxDepth: lim.maxDepth });
        else if (aliases > lim.maxAliases) refuse('too_many_aliases', `the query has ${aliases} aliases; at most ${lim.maxAliases}`, { aliases, maxAliases: lim.maxAliases });
        else if (cost > lim.maxCost) refuse('query_too_costly', `the query's estimated cost ${cost} exceeds ${lim.maxCost}`, { cost, maxCost: lim.maxCost });
        return false;
      },
    };
  };
}
