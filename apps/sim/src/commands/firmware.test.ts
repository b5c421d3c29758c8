// firmware.upgrade: an image from a local HTTP server, signed with a key pair made here; the logger trusts
// the public key from its configuration. A good image is applied after a reboot (the next hello carries
// the new version); a tampered image or a wrong signature is refused and the old version keeps running.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimLogger } from '../logger/sim-logger.js';
import { TestBroker } from '../testing/broker.js';
import { finalAnswer, sendCommand } from '../testing/commands.js';
import { NOON, testSite, until } from '../testing/fixtures.js';

const SN = 'SFLG2606000003';
const vendor = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');
const IMAGE = randomBytes(200_000);
const TAMPERED = Buffer.from(IMAGE);
TAMPERED[1_000] = (TAMPERED[1_000]! + 1) % 256;

let broker: TestBroker;
let http: Server;
let logger: SimLogger;
let dir: string;
let base: string;

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function signatureOf(hash: string, key: KeyObject = vendor.privateKey): string {
  return sign(null, Buffer.from(hash, 'hex'), key).toString('base64');
}

function newLogger(): SimLogger {
  return new SimLogger({
    sn: SN,
    secret: 's',
    brokerUrl: broker.url,
    site: testSite(),
    bufferDir: dir,
    firmware: '2.4.1',
    uploadInterval: 60,
    fsync: false,
    reconnectMinMs: 20,
    rebootMs: 50,
    trustedKeys: [vendor.publicKey.export({ format: 'pem', type: 'spki' }).toString()],
  });
}

type Progress = {
  id: string;
  stage: string;
  percent: number;
  version?: string;
  error?: string;
  dev?: string;
};
const progressOf = (id: string): Progress[] =>
  (broker.of('firmware') as unknown as Progress[]).filter((p) => p.id === id);

beforeAll(async () => {
  broker = await TestBroker.start();
  http = createServer((req, res) => {
    const body = req.url === '/good.bin' ? IMAGE : req.url === '/tampered.bin' ? TAMPERED : null;
    if (!body) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-length', body.length);
    res.end(body);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  dir = mkdtempSync(join(tmpdir(), 'sf-firmware-'));
  logger = newLogger();
  logger.advanceTo(NOON);
  logger.start();
  await logger.uplink.whenReady();
});

afterAll(async () => {
  await logger.stop();
  await broker.stop();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('firmware.upgrade', () => {
  it('refuses a tampered image (hash-mismatch) and keeps running the old version', async () => {
    const hash = sha256(IMAGE);
    const answer = await finalAnswer(broker, SN, {
      name: 'firmware.upgrade',
      params: { url: `${base}/tampered.bin`, sha256: hash, signature: signatureOf(hash), version: '2.5.0' },
    });
    expect(answer).toMatchObject({ state: 'FAILED', error: 'hash-mismatch' });
    expect(progressOf(answer.id).map((p) => p.stage)).toEqual([
      'DOWNLOADING',
      'DOWNLOADING',
      'DOWNLOADING',
      'DOWNLOADING',
      'DOWNLOADING',
      'VERIFYING',
      'FAILED',
    ]);
    expect(progressOf(answer.id).at(-1)).toMatchObject({ error: 'hash-mismatch', percent: 85 });
    expect(logger.firmware).toBe('2.4.1');
    expect(logger.stats().connects).toBe(1);
  });

  it('refuses a hash that the trusted key did not sign (signature-mismatch)', async () => {
    // The attacker hashes the tampered image and signs the hash with a key the logger does not trust.
    const hash = sha256(TAMPERED);
    for (const signature of [signatureOf(sha256(IMAGE)), signatureOf(hash, stranger.privateKey), 'AAAA']) {
      const answer = await finalAnswer(broker, SN, {
        name: 'firmware.upgrade',
        params: { url: `${base}/tampered.bin`, sha256: hash, signature, version: '6.6.6' },
      });
      expect(answer).toMatchObject({ state: 'FAILED', error: 'signature-mismatch' });
    }
    expect(logger.firmware).toBe('2.4.1');
  });

  it('fails a download that does not exist', async () => {
    const hash = sha256(IMAGE);
    expect(
      await finalAnswer(broker, SN, {
        name: 'firmware.upgrade',
        params: { url: `${base}/missing.bin`, sha256: hash, signature: signatureOf(hash), version: '2.5.0' },
      }),
    ).toMatchObject({ state: 'FAILED', error: 'download-failed' });
  });

  it('applies a good image: progress to DONE, a reboot, and the new version in the next hello', async () => {
    const hash = sha256(IMAGE);
    const hellos = broker.of('hello').length;
    const answers = await sendCommand(broker, SN, {
      name: 'firmware.upgrade',
      params: { url: `${base}/good.bin`, sha256: hash, signature: signatureOf(hash), version: '2.5.0' },
    });
    expect(answers.map((a) => a.state)).toEqual(['ACKNOWLEDGED', 'DONE']);
    expect(answers[1]!.result).toEqual({ version: '2.5.0' });
    const progress = progressOf(answers[0]!.id);
    expect(progress.map((p) => `${p.stage} ${p.percent}`)).toEqual([
      'DOWNLOADING 0',
      'DOWNLOADING 20',
      'DOWNLOADING 40',
      'DOWNLOADING 60',
      'DOWNLOADING 80',
      'VERIFYING 85',
      'APPLYING 90',
      'REBOOTING 95',
      'DONE 100',
    ]);
    expect(progress.at(-1)!.version).toBe('2.5.0');
    // The reboot: a new connection whose hello announces the new version before DONE was sent.
    expect(logger.stats().connects).toBe(2);
    const kinds = broker.committed.map((u) => u.kind);
    const newHello = broker.committed.findIndex(
      (u, i) => i >= hellos && u.kind === 'hello' && u.payload.firmware === '2.5.0',
    );
    expect(newHello).toBeGreaterThan(0);
    expect(kinds.slice(newHello).some((k) => k === 'firmware')).toBe(true);
    // It survives a restart of the logger process.
    await logger.stop();
    logger = newLogger();
    expect(logger.firmware).toBe('2.5.0');
    logger.start();
    await logger.uplink.whenReady();
    await until(() => broker.of('hello').at(-1)?.firmware === '2.5.0', 'hello after restart');
  });

  it('upgrades a device behind the logger: its model 1 Vr and the hello change', async () => {
    const inverter = logger.devices.byUnit(1)!;
    const hash = sha256(IMAGE);
    const answer = await finalAnswer(broker, SN, {
      name: 'firmware.upgrade',
      dev: inverter.sn,
      params: { url: `${base}/good.bin`, sha256: hash, signature: signatureOf(hash), version: '1.9.2' },
    });
    expect(answer).toMatchObject({ state: 'DONE', result: { version: '1.9.2' } });
    expect(progressOf(answer.id).every((p) => p.dev === inverter.sn)).toBe(true);
    expect(inverter.values(true).Vr).toBe('1.9.2');
    await until(
      () =>
        (broker.of('hello').at(-1)?.devices as { firmware: string }[] | undefined)?.[0]?.firmware === '1.9.2',
      'a hello with the device firmware',
    );
  });
});
