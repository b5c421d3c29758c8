import { createHash, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FirmwareKeyring,
  keyView,
  loadSigningKey,
  parsePrivateKey,
  parsePublicKey,
  SIGNING_KEY_FILE,
  trustedKeysOf,
} from './signing-key.js';

const dir = mkdtempSync(join(tmpdir(), 'sunfleet-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const digestOf = (text: string): Buffer => createHash('sha256').update(text).digest();

describe('the firmware signing key', () => {
  it('is generated into the data directory once, readable only by its owner, and read again after', () => {
    const dataDir = join(dir, 'fresh');
    const first = loadSigningKey(null, dataDir);
    const file = join(dataDir, SIGNING_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const again = loadSigningKey(null, dataDir);
    const digest = digestOf('image');
    expect(verify(null, digest, createPublicKey(again), sign(null, digest, first))).toBe(true);
  });

  it('takes FIRMWARE_SIGNING_KEY as PKCS#8 PEM or as base64 of the 32-byte seed, and nothing else', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(16).toString('base64');
    const fromSeed = parsePrivateKey(seed);
    const digest = digestOf('x');
    expect(verify(null, digest, createPublicKey(privateKey), sign(null, digest, fromSeed))).toBe(true);
    expect(loadSigningKey(pem, join(dir, 'unused'))).toBeDefined();
    expect(() => parsePrivateKey(Buffer.alloc(31).toString('base64'))).toThrow(/32 bytes/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(() => parsePrivateKey(rsa.export({ format: 'pem', type: 'pkcs8' }).toString())).toThrow(/Ed25519/);
  });

  it('shows the public key as PEM and raw base64 with a fingerprint of the raw bytes', () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const view = keyView(publicKey);
    const raw = Buffer.from(view.raw, 'base64');
    expect(raw).toHaveLength(32);
    expect(view.fingerprint).toBe(createHash('sha256').update(raw).digest('hex').slice(0, 16));
    expect(keyView(parsePublicKey(view.raw))).toEqual(view);
    expect(keyView(parsePublicKey(view.pem))).toEqual(view);
  });

  it('signs digests with the platform key and names the vendor key that made a signature', () => {
    const platform = generateKeyPairSync('ed25519').privateKey;
    const vendor = generateKeyPairSync('ed25519');
    const stranger = generateKeyPairSync('ed25519');
    const keyring = new FirmwareKeyring(platform, [
      vendor.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    ]);
    const digest = digestOf('image');
    const signature = Buffer.from(keyring.sign(digest), 'base64');
    expect(verify(null, digest, createPublicKey(platform), signature)).toBe(true);
    expect(keyring.vendorOf(digest, sign(null, digest, vendor.privateKey))?.fingerprint).toBe(
      keyView(vendor.publicKey).fingerprint,
    );
    expect(keyring.vendorOf(digest, sign(null, digest, stranger.privateKey))).toBeNull();
    expect(keyring.vendorOf(digestOf('other'), sign(null, digest, vendor.privateKey))).toBeNull();
    expect(keyring.vendorOf(digest, Buffer.alloc(3))).toBeNull();
    expect(trustedKeysOf(keyring)).toEqual([keyring.platform.pem, keyView(vendor.publicKey).pem]);
  });
});
