import { afterEach, describe, expect, it } from 'vitest';
import { burnVerification, hashPassword, usePasswordHashing, verifyPassword } from './password.js';

describe('password hashing', () => {
  afterEach(() => usePasswordHashing('standard'));

  it('hashes with the production parameters by default: argon2id, 19 MiB, 2 passes, 1 lane', async () => {
    const stored = await hashPassword('Correct#Horse1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Correct#Horse1')).toBe(true);
    expect(await verifyPassword(stored, 'Correct#Horse2')).toBe(false);
    expect(await burnVerification('Correct#Horse1')).toBe(false);
  });

  it('hashes at the minimal cost when told, and verifies each hash at the cost stored in it', async () => {
    usePasswordHashing('minimal');
    const cheap = await hashPassword('Correct#Horse1');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    usePasswordHashing('standard');
    expect(await verifyPassword(cheap, 'Correct#Horse1')).toBe(true);
    expect(await hashPassword('Correct#Horse1')).toMatch(/\$m=19456,t=2,p=1\$/);
  });

  it('answers false for a stored value that is not a hash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
