// firmware.upgrade {url, sha256, signature, version}: downloads the image over HTTP(S), verifies it, and
// runs the new version, reporting each stage on up/firmware (docs/protocol.md §6.3).
//
// Verification: `signature` is an Ed25519 signature (base64) over the 32 raw bytes of the SHA-256 digest
// that `sha256` (hex) names, made with the vendor's private key; the logger trusts the public keys of its
// configuration (`trustedKeys`). A signature that no trusted key verifies → FAILED 'signature-mismatch';
// an image whose digest is not the signed one (tampered or corrupt) → FAILED 'hash-mismatch'. Either way
// the old version keeps running. `percent` is the progress of the whole upgrade: the download fills
// 0…80, then VERIFYING 85, APPLYING 90, REBOOTING 95, DONE 100.
// The logger's own upgrade reboots it (offline for a moment, then hello with the new version before DONE);
// a device's upgrade (with `dev`) changes its firmware in model 1 (`Vr`) and in the next hello.
import { createHash, verify, type KeyObject } from 'node:crypto';
import { CommandError, stringParam, type CommandHandler, type FirmwareStep } from './types.js';

/** Largest image accepted (bigger ones are refused before they fill the logger's flash). */
export const MAX_IMAGE_BYTES = 64 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 120_000;

/** Upgrades under way, per logger: the logger's SN or a device's SN. */
const busy = new WeakMap<object, Set<string>>();

async function download(url: string, onProgress: (fraction: number) => void): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  } catch (error) {
    throw new CommandError('download-failed', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok || !response.body) {
    throw new CommandError('download-failed', `HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > MAX_IMAGE_BYTES) throw new CommandError('image-too-large', `${declared} bytes`);
  const chunks: Buffer[] = [];
  let received = 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    let chunk: Awaited<ReturnType<typeof reader.read>>;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw new CommandError('download-failed', error instanceof Error ? error.message : String(error));
    }
    if (chunk.done) break;
    received += chunk.value.byteLength;
    if (received > MAX_IMAGE_BYTES) {
      await reader.cancel();
      throw new CommandError('image-too-large', `more than ${MAX_IMAGE_BYTES} bytes`);
    }
    chunks.push(Buffer.from(chunk.value));
    if (declared > 0) onProgress(Math.min(received / declared, 1));
  }
  onProgress(1);
  return Buffer.concat(chunks);
}

function signatureValid(digest: Buffer, signature: Buffer, keys: readonly KeyObject[]): boolean {
  return keys.some((key) => {
    try {
      return verify(null, digest, key, signature);
    } catch {
      return false;
    }
  });
}

export const firmwareUpgrade: CommandHandler = async ({ request, device, target }) => {
  const params = request.params;
  const url = stringParam(params, 'url', /^https?:\/\/\S{1,2000}$/, 'an http(s) URL');
  const sha256 = stringParam(params, 'sha256', /^[0-9a-fA-F]{64}$/, '64 hex digits (SHA-256)');
  const signature = stringParam(params, 'signature', /^[A-Za-z0-9+/]{1,200}={0,2}$/, 'base64 (Ed25519)');
  const version = stringParam(params, 'version', /^[\x21-\x7e]{1,16}$/, '1…16 printable characters');
  const subject = device?.sn ?? target.sn;
  let running = busy.get(target);
  if (!running) busy.set(target, (running = new Set()));
  if (running.has(subject)) throw new CommandError('busy', `an upgrade of ${subject} is under way`);
  running.add(subject);

  let percent = 0;
  const progress = (step: Omit<FirmwareStep, 'dev'>): void => {
    percent = step.percent;
    target.firmwareProgress(request.id, { ...(device ? { dev: device.sn } : {}), ...step });
  };
  try {
    if (target.trustedKeys.length === 0) {
      throw new CommandError('no-trusted-key', 'no firmware signing key is configured');
    }
    progress({ stage: 'DOWNLOADING', percent: 0 });
    let reported = 0;
    const image = await download(url, (fraction) => {
      // Every quarter is reported, also when one chunk brought several.
      while (reported < Math.floor(fraction * 4))
        progress({ stage: 'DOWNLOADING', percent: ++reported * 20 });
    });
    progress({ stage: 'VERIFYING', percent: 85 });
    const digest = Buffer.from(sha256, 'hex');
    if (!signatureValid(digest, Buffer.from(signature, 'base64'), target.trustedKeys)) {
      throw new CommandError('signature-mismatch', 'the signature does not match the image hash');
    }
    if (!createHash('sha256').update(image).digest().equals(digest)) {
      throw new CommandError('hash-mismatch', 'the image is not the one signed');
    }
    progress({ stage: 'APPLYING', percent: 90 });
    progress({ stage: 'REBOOTING', percent: 95 });
    if (device) target.setDeviceFirmware(device, version);
    else await target.rebootWithFirmware(version);
    progress({ stage: 'DONE', percent: 100, version });
    return { version };
  } catch (error) {
    const code = error instanceof CommandError ? error.code : 'internal-error';
    progress({ stage: 'FAILED', percent, error: code });
    throw error;
  } finally {
    running.delete(subject);
  }
};
