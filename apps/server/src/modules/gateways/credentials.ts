// Logger MQTT credentials. A secret is 32 random bytes (base64url), shown once at registration. Only a
// Mosquitto-compatible PBKDF2-SHA512 hash is stored (`$7$iterations$salt$hash`, as mosquitto_passwd
// writes it), so the same hash authenticates loggers on the embedded broker and goes verbatim into the
// password file generated for an external Mosquitto. A 256-bit random secret needs no slow hash to resist
// guessing; the iteration count only has to match what Mosquitto expects (docs/adr/003).
import { pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

export const MOSQUITTO_ITERATIONS = 101;
const SALT_BYTES = 12;
const HASH_BYTES = 64;

export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string, iterations = MOSQUITTO_ITERATIONS): string {
  const salt = randomBytes(SALT_BYTES);
  const hash = pbkdf2Sync(secret, salt, iterations, HASH_BYTES, 'sha512');
  return `$7$${iterations}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Checks a secret against a `$7$` hash in constant time; malformed hashes never match. */
export function verifySecret(secret: string | Buffer, stored: string): boolean {
  const parts = stored.split('$');
  // ['', '7', iterations, salt, hash]
  if (parts.length !== 5 || parts[1] !== '7') return false;
  const iterations = Number(parts[2]);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 1_000_000) return false;
  const salt = Buffer.from(parts[3] ?? '', 'base64');
  const expected = Buffer.from(parts[4] ?? '', 'base64');
  if (salt.length === 0 || expected.length !== HASH_BYTES) return false;
  const actual = pbkdf2Sync(secret, salt, iterations, HASH_BYTES, 'sha512');
  return timingSafeEqual(actual, expected);
}
