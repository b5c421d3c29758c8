import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh copy of the module for every test: other suites in the same worker set the minimal cost.
let password: typeof import('./password.js');
beforeEach(async () => {
  vi.resetModules();
  password = await import('./password.js');
});

describe('password hashing', () => {
  it('hashes with the production parameters by default: argon2id, 19 MiB, 2 passes, 1 lane', async () => {
    const stored = await password.hashPassword('Correct#Horse1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await password.verifyPassword(stored, 'Correct#Horse1')).toBe(true);
    expect(await password.verifyPassword(stored, 'Correct#Horse2')).toBe(false);
    expect(await password.burnVerification('Correct#Horse1')).toBe(false);
  });

  it('hashes at the minimal cost when told, and verifies each hash at the cost stored in it', async () => {
    password.usePasswordHashing('minimal');
    const cheap = await password.hashPassword('Correct#Horse1');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    password.usePasswordHashing('standard');
    expect(await password.verifyPassword(cheap, 'Correct#Horse1')).toBe(true);
    expect(await password.hashPassword('Correct#Horse1')).toMatch(/\$m=19456,t=2,p=1\$/);
  });

  it('answers false for a stored value that is not a hash', async () => {
    expect(await password.verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
