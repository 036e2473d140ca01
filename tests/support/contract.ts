// Validates real responses against the served OpenAPI document (issue #15, "a test plays a
// game and validates every response against the document"): the operation is found by method
// and path, the response by status, and its JSON schema (with components) checked by ajv.
// `strict`: an object that lists its properties may carry no other (the document's objects are
// open so a field added later is still sent; strict checking keeps their lists whole). An object
// open by nature (a game's action) says `additionalProperties: {}` and stays open.
import addFormats from 'ajv-formats';
import { Ajv, type ValidateFunction } from 'ajv';

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>; components?: { schemas?: Record<string, unknown> } };

export interface Contract {
  /** Throws when the body does not match the document's schema for this operation and status. */
  check(method: string, url: string, status: number, body: unknown): void;
  /** Operations (`GET /v1/games/{id}`) checked so far. */
  seen: Set<string>;
}

export function contract(doc: Doc, opts: { strict?: boolean } = {}): Contract {
  const ajv = new Ajv({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  const fix = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(fix);
    if (typeof x !== 'object' || x === null) return x;
    const listed = opts.strict && 'properties' in x;
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k,
      k === '$ref' && typeof v === 'string' ? v.replace(/^#/, 'doc#') : listed && k === 'additionalProperties' && v === true ? false : fix(v)]));
  };
  ajv.addSchema({ components: fix(doc.components ?? {}) }, 'doc');
  const routes = Object.keys(doc.paths).map((p) => ({ p, re: new RegExp('^' + p.replace(/\{[^}]+\}/g, '[^/]+') + '$') }));
  const compiled = new Map<string, ValidateFunction>();
  const seen = new Set<string>();
  return {
    seen,
    check(method, url, status, body) {
      const path = url.split('?')[0];
      const r = routes.find((x) => x.re.test(path));
      if (!r) throw new Error(`${method} ${path} is not in the document`);
      const op = doc.paths[r.p][method.toLowerCase()];
      if (!op) throw new Error(`${method} ${r.p} is not in the document`);
      const res = op.responses?.[String(status)];
      if (!res) throw new Error(`${method} ${r.p} answered ${status}, which the document does not list`);
      seen.add(`${method} ${r.p}`);
      const schema = res.content?.['application/json']?.schema;
      if (!schema) return;
      const key = `${method} ${r.p} ${status}`;
      let v = compiled.get(key);
      if (!v) compiled.set(key, (v = ajv.compile(fix(schema) as object)));
      if (!v(body)) throw new Error(`${key}: the body does not match the document: ${ajv.errorsText(v.errors)} ${JSON.stringify((v.errors ?? []).map((e) => e.params))}\n${JSON.stringify(body).slice(0, 400)}`);
    },
  };
}
