// Deep copy of plain JSON data (objects, arrays, strings, numbers, booleans, null): what a
// ruleset's `apply` copies before it changes a state. About nine times cheaper than
// structuredClone on Undaunted's states (V8's serializer), and the copy keeps every key in
// its order, so the copy's JSON, and thus the hash chain, is the original's byte for byte.
export function copyJson<T>(x: T): T {
  if (typeof x !== 'object' || x === null) return x;
  if (Array.isArray(x)) {
    const out = x.slice(); // keeps the array's element kind (packed), unlike new Array(n)
    for (let i = 0; i < out.length; i++) {
      const v = out[i];
      if (typeof v === 'object' && v !== null) out[i] = copyJson(v);
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in x) {
    const v = (x as Record<string, unknown>)[k];
    out[k] = typeof v === 'object' && v !== null ? copyJson(v) : v;
  }
  return out as T;
}
