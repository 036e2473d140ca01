import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A seat token: shown once at creation or claim, stored only as its hash. */
export function newToken(): string {
  return 'sk_' + randomBytes(24).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update('skyeye/token/v1|' + token).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newGameId(): string {
  return 'g_' + randomBytes(10).toString('base64url').replace(/[-_]/g, 'x');
}
