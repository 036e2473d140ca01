// Player keys: `pk_<kid>.<secret>`. The kid (public, the row id) finds the row; only a hash
// of the 192-bit random secret is stored, compared in constant time. A high-entropy secret
// needs no slow hash (nothing to brute-force); the domain prefix keeps the hash unique to keys.
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../engine/digest.js';
import { sameHash } from '../service/tokens.js';

export type Scope = 'read' | 'act';
export const SCOPES: readonly Scope[] = ['read', 'act'];

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits (ids that survive URLs, logs and BullMQ job ids). */
export function alnum(n: number): string {
  const b = randomBytes(n);
  let s = '';
  for (let i = 0; i < n; i++) s += ALNUM[b[i] % ALNUM.length];
  return s;
}

export const newPlayerId = () => 'p_' + alnum(16);
export const newKeyId = () => 'k' + alnum(15);

export function keyHash(secret: string): string {
  return sha256Hex('skyeye/player-key/v1|' + secret);
}

export function newKey(): { kid: string; key: string; hash: string } {
  const kid = newKeyId();
  const secret = randomBytes(24).toString('base64url');
  return { kid, key: `pk_${kid}.${secret}`, hash: keyHash(secret) };
}

export function isPlayerKey(token: string): boolean {
  return token.startsWith('pk_');
}

/** The kid and secret of a key, or null when it is not shaped like one. */
export function parseKey(token: string): { kid: string; secret: string } | null {
  const m = /^pk_(k[A-Za-z0-9]{15})\.([A-Za-z0-9_-]{16,64})$/.exec(token);
  return m ? { kid: m[1], secret: m[2] } : null;
}

export function keyMatches(storedHash: string, secret: string): boolean {
  return sameHash(storedHash, keyHash(secret));
}

/** Invitation codes: shown once, stored hashed. */
export const newInviteCode = () => 'inv_' + alnum(20);
export const inviteHash = (code: string) => sha256Hex('skyeye/invite/v1|' + code);
