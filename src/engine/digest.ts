// SHA-256 of a string, hex, with node's one-shot digest (crypto.hash, Node >= 20.12): no Hash
// object per call. For long inputs (states, tokens); short keyed draws use sha256.ts.
import * as crypto from 'node:crypto';

const oneShot = typeof crypto.hash === 'function' ? crypto.hash : null;

export function sha256Hex(s: string): string {
  return oneShot ? oneShot('sha256', s, 'hex') : crypto.createHash('sha256').update(s).digest('hex');
}
