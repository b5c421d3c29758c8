import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from './args.js';
import { readTrustedKeys } from './fleet-options.js';

const dir = mkdtempSync(join(tmpdir(), 'sunfleet-trusted-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('--trusted-keys', () => {
  it('reads a JSON list of Ed25519 public keys as PEM or raw base64; none without the option', () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
    const path = file('keys.json', JSON.stringify([pem, raw]));
    expect(readTrustedKeys(path)).toEqual([pem, raw]);
    expect(readTrustedKeys(undefined)).toEqual([]);
  });

  it('refuses a missing file, a file that is not a list of strings, and a key that is not Ed25519', () => {
    expect(() => readTrustedKeys(join(dir, 'missing.json'))).toThrow(UsageError);
    expect(() => readTrustedKeys(file('object.json', '{"a": 1}'))).toThrow(/JSON list of public keys/);
    expect(() => readTrustedKeys(file('numbers.json', '[1]'))).toThrow(/JSON list of public keys/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    const rsaPem = rsa.export({ format: 'pem', type: 'spki' }).toString();
    expect(() => readTrustedKeys(file('rsa.json', JSON.stringify([rsaPem])))).toThrow(/key 1: .*Ed25519/);
  });
});
