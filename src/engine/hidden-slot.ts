// A value kept on an object under a non-enumerable symbol key: a cache that goes with the object
// and is invisible to JSON.stringify (the hash chain), spreads, Object.assign, structuredClone
// and deepStrictEqual. Why not a WeakMap: V8's young collections keep a WeakMap's entries alive
// (ephemerons), so every state a collection met was promoted to the old generation (the Duel
// bench promoted about 35 MB between full collections and spent a fifth of its time in GC).

export interface HiddenSlot<T> {
  get(o: object): T | undefined;
  set(o: object, v: T): void;
}

export function hiddenSlot<T>(name: string): HiddenSlot<T> {
  const key = Symbol(name);
  // One descriptor for every definition (no object per call).
  const desc: PropertyDescriptor = { value: undefined, writable: true, enumerable: false, configurable: true };
  return {
    get: (o) => (o as Record<symbol, T | undefined>)[key],
    set(o, v) {
      if (Object.prototype.hasOwnProperty.call(o, key)) (o as Record<symbol, T>)[key] = v;
      else {
        desc.value = v;
        Object.defineProperty(o, key, desc);
        desc.value = undefined;
      }
    },
  };
}
