import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/**
 * Cost of new password hashes (PASSWORD_HASHING). `standard` is OWASP's argon2id baseline: 19 MiB memory,
 * 2 passes, 1 lane. `minimal` is argon2id at its smallest (8 KiB, 1 pass) for test suites only: it makes a
 * hash cost microseconds instead of a fifth of a second, and so protects nothing.
 * algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
 */
export const PASSWORD_HASHINGS = {
  standard: { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  minimal: { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 },
} as const;
export type PasswordHashing = keyof typeof PASSWORD_HASHINGS;

let options: (typeof PASSWORD_HASHINGS)[PasswordHashing] = PASSWORD_HASHINGS.standard;

/**
 * Sets the cost of the hashes this process makes from now on (a verification always uses the cost stored
 * in the hash it checks). The process entry points apply the configured setting once at start.
 */
export function usePasswordHashing(hashing: PasswordHashing): void {
  if (options === PASSWORD_HASHINGS[hashing]) return;
  options = PASSWORD_HASHINGS[hashing];
  dummyHash = null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against a throw-away hash so that an unknown account costs the same time as a wrong password
 * and the answer reveals nothing about which accounts exist.
 */
export async function burnVerification(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A random password of the given length from an unambiguous alphabet, with every character class. */
export function generatePassword(length = 20): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '#%+-=@_'];
  const all = sets.join('');
  const bytes = randomBytes(length);
  const chars = Array.from(bytes, (b, i) => {
    const set = i < sets.length ? (sets[i] as string) : all;
    return set[b % set.length] as string;
  });
  // Shuffle so the class-guaranteeing characters are not always first.
  const order = randomBytes(length);
  return chars
    .map((c, i) => ({ c, k: order[i] ?? 0 }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.c)
    .join('');
}
