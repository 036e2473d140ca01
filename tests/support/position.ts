// A ruleset's position format read directly: write a state out, read a position back over a base
// state, and expect it accepted or refused with a code (and message). Shared by the games'
// position suites.
import assert from 'node:assert/strict';
import { isViolation, type PositionFormat, type Violation } from '../../src/engine/types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Pos = any;

export function positionHelpers<S>(P: PositionFormat<S>, base: () => S) {
  const pos = (s: S): Pos => {
    const p = P.toPosition(s);
    assert.ok(!isViolation(p), `not a position: ${JSON.stringify(p)}`);
    return JSON.parse(JSON.stringify(p));
  };
  const read = (p: Pos, b: S = base()) => P.fromPosition(p, b);
  const ok = (p: Pos, b?: S): S => {
    const r = read(p, b);
    assert.ok(!isViolation(r), `refused: ${JSON.stringify(r)}`);
    return r as S;
  };
  const bad = (p: Pos, code: string, message?: string | RegExp, b?: S): Violation => {
    const r = read(p, b);
    assert.ok(isViolation(r), `accepted, expected ${code}`);
    assert.equal(r.code, code, r.message);
    if (typeof message === 'string') assert.equal(r.message, message);
    else if (message) assert.match(r.message, message);
    return r;
  };
  /** Moves card `c` from one list of a position to another. */
  const move = (from: string[], to: string[], c: string) => {
    const i = from.indexOf(c);
    assert.ok(i >= 0, `${c} not there`);
    from.splice(i, 1);
    to.push(c);
  };
  return { pos, read, ok, bad, move };
}
