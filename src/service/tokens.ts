import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../engine/digest.js';

/** A seat token: shown once at creation or claim, stored only as its hash. */
export function newToken(): string {
  return 'sk_' + randomBytes(24).toString('base64url');
}

export function hashToken(token: string): string {
  return sha256Hex('skyeye/token/v1|' + token);
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newGameId(): string {
  return 'g_' + randomBytes(10).toString('base64url').replace(/[-_]/g, 'x');
}
