// Deployment settings of the HTTP app, from the environment (README "Running in production").
// buildApp(rt, { settings }) overrides any of them (tests set their own limits).

export interface Budget {
  /** Requests per window from one client address. */
  perAddress: number;
  /** Requests per window with one seat token (none for creation: it has no token yet). */
  perToken: number;
}

export interface AppSettings {
  /** GraphiQL at /graphiql and the OpenAPI UI at /docs (the JSON at /docs/json stays). */
  ui: boolean;
  /** Allowed CORS origins; null: no CORS headers (same-origin only). ['*']: any origin. */
  corsOrigins: string[] | null;
  /** Rate limits; null: off. */
  rateLimit: null | { windowMs: number; create: Budget; moves: Budget; reads: Budget };
  /** GraphQL cost limits, checked before a query runs. */
  graphql: { maxDepth: number; maxAliases: number; maxCost: number };
  /** Prometheus metrics at /metrics. */
  metrics: boolean;
  /** Trust X-Forwarded-For from a proxy (the client address for rate limits); see Fastify trustProxy. */
  trustProxy: boolean | string;
}

const int = (v: string | undefined, d: number) => {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : d;
};
const flag = (v: string | undefined, d: boolean) => (v === undefined || v === '' ? d : !/^(0|off|false|no)$/i.test(v));

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): AppSettings {
  const production = env.NODE_ENV === 'production';
  const budget = (name: string, address: number, token: number): Budget => ({
    perAddress: int(env[`RATE_LIMIT_${name}`], address),
    perToken: int(env[`RATE_LIMIT_TOKEN_${name}`], token),
  });
  const cors = env.CORS_ORIGINS?.split(',').map((s) => s.trim()).filter(Boolean);
  return {
    ui: flag(env.SKYEYE_UI, !production),
    corsOrigins: cors && cors.length ? cors : null,
    // On by default in production only: tests and benchmarks are not slowed by it.
    rateLimit: flag(env.RATE_LIMIT, production) ? {
      windowMs: int(env.RATE_LIMIT_WINDOW_SECONDS, 60) * 1000,
      create: budget('CREATE', 30, 30),
      moves: budget('MOVES', 1200, 600),
      reads: budget('READS', 3000, 1500),
    } : null,
    graphql: {
      maxDepth: int(env.GRAPHQL_MAX_DEPTH, 10),
      maxAliases: int(env.GRAPHQL_MAX_ALIASES, 30),
      maxCost: int(env.GRAPHQL_MAX_COST, 3000),
    },
    metrics: flag(env.METRICS, true),
    trustProxy: env.TRUST_PROXY === undefined || env.TRUST_PROXY === '' ? false : /^(1|true|yes)$/i.test(env.TRUST_PROXY) ? true : env.TRUST_PROXY,
  };
}
