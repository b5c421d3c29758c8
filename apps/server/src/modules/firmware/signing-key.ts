// The platform's Ed25519 firmware signing key and the vendor keys uploads may be signed with
// (docs/firmware.md "Chain of trust"). The platform key comes from FIRMWARE_SIGNING_KEY, or is generated
// once into the data directory (firmware-signing-key.pem, mode 0600) and read from there on every start.
// A signature is made over the 32 raw bytes of the image's SHA-256, as loggers verify it
// (docs/protocol.md §6.3).
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FirmwareKeyView } from '@sunfleet/contracts';

/** DER prefixes that turn 32 raw key bytes into PKCS#8 (private) and SPKI (public) Ed25519 keys. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The file a generated platform key is kept in, inside DATA_DIR. */
export const SIGNING_KEY_FILE = 'firmware-signing-key.pem';

function ed25519(key: KeyObject, what: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') throw new RangeError(`${what} must be an Ed25519 key`);
  return key;
}

/** A private key as PKCS#8 PEM, or base64 of its 32-byte seed. */
export function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return ed25519(createPrivateKey(trimmed), 'the signing key');
  const bytes = Buffer.from(trimmed, 'base64');
  if (bytes.length !== 32) throw new RangeError('the signing key must be PEM or base64 of 32 bytes');
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, bytes]), format: 'der', type: 'pkcs8' });
}

/** A public key as SPKI PEM, or base64 of its 32 raw bytes. */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return ed25519(createPublicKey(trimmed), 'a vendor key');
  const bytes = Buffer.from(trimmed, 'base64');
  if (bytes.length !== 32) throw new RangeError('a vendor key must be PEM or base64 of 32 bytes');
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, bytes]), format: 'der', type: 'spki' });
}

/** PEM, raw base64 and fingerprint (first 16 hex digits of the raw key's SHA-256) of a public key. */
export function keyView(publicKey: KeyObject): FirmwareKeyView {
  const der = publicKey.export({ format: 'der', type: 'spki' });
  const raw = der.subarray(SPKI_PREFIX.length);
  return {
    algorithm: 'Ed25519',
    pem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    raw: raw.toString('base64'),
    fingerprint: createHash('sha256').update(raw).digest('hex').slice(0, 16),
  };
}

/**
 * FIRMWARE_SIGNING_KEY when given; otherwise the key in `dataDir`, generated there on the first start.
 * Two processes starting at once on one data directory end with the same key: the file is created by a
 * hard link, which fails when the other process linked first, and then that one is read.
 */
export function loadSigningKey(configured: string | null, dataDir: string): KeyObject {
  if (configured !== null) return parsePrivateKey(configured);
  const file = join(dataDir, SIGNING_KEY_FILE);
  try {
    return parsePrivateKey(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ed25519');
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return parsePrivateKey(readFileSync(file, 'utf8'));
}

/** The platform key and the vendor keys, with what the API shows of them. */
export class FirmwareKeyring {
  readonly platform: FirmwareKeyView;
  readonly vendors: { key: KeyObject; view: FirmwareKeyView }[];

  constructor(
    private readonly signingKey: KeyObject,
    vendorKeys: readonly string[],
  ) {
    this.platform = keyView(createPublicKey(signingKey));
    this.vendors = vendorKeys.map((text) => {
      const key = parsePublicKey(text);
      return { key, view: keyView(key) };
    });
  }

  /** The platform's signature (base64) over a SHA-256 digest. */
  sign(digest: Buffer): string {
    return sign(null, digest, this.signingKey).toString('base64');
  }

  /** The vendor key that made `signature` over `digest`, or null when none did. */
  vendorOf(digest: Buffer, signature: Buffer): FirmwareKeyView | null {
    for (const vendor of this.vendors) {
      try {
        if (verify(null, digest, vendor.key, signature)) return vendor.view;
      } catch {
        // A malformed signature verifies with no key.
      }
    }
    return null;
  }
}

/** The keyring of a process: FIRMWARE_SIGNING_KEY or the data directory's key, and FIRMWARE_VENDOR_KEYS. */
export function loadFirmwareKeyring(settings: {
  signingKey: string | null;
  vendorKeys: readonly string[];
  dataDir: string;
}): FirmwareKeyring {
  return new FirmwareKeyring(loadSigningKey(settings.signingKey, settings.dataDir), settings.vendorKeys);
}

/** What a logger must trust to install this platform's images: the platform key and the vendor keys (PEM). */
export function trustedKeysOf(keyring: FirmwareKeyring): string[] {
  return [keyring.platform.pem, ...keyring.vendors.map((v) => v.view.pem)];
}
