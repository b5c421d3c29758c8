import { createHash, randomBytes } from 'node:crypto';

/** An opaque session token: 256 random bits, URL-safe. Only its hash is ever stored. */
export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Tokens we issue are 43 base64url characters; anything else is rejected before touching the database. */
export function looksLikeToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
