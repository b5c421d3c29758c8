// Upgrade tasks (Step 5d, docs/firmware.md "Upgrade tasks") with the simulator's loggers over MQTT: a good
// image is downloaded through its link, verified and installed (the new version in hello and on the device
// page); an image changed after signing and one signed with a key the loggers do not trust are refused by
// the device and the task says why; a canary failure pauses the task before the other waves; pause holds
// back the remaining devices and resume sends them; a scheduled task starts at its time; a download link is
// refused once its command has ended; an image in use cannot be deleted.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import type { FirmwareView, UpgradeTaskView } from '@sunfleet/contracts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands, firmwareImages } from '../src/db/schema.js';
import { UpgradeRunner } from '../src/modules/firmware/upgrade.runner.js';
import { freePort } from './broker-support.js';
import { bearer, oneDatabase } from './helpers.js';
import { as } from './organisation-fixtures.js';
import { formData } from './support/form-data.js';
import { remoteFleet, startSimWorld, until, type SimWorld } from './support/sim-world.js';

const platform = generateKeyPairSync('ed25519');
const vendor = generateKeyPairSync('ed25519');
const pem = (
  key: { export(o: { format: 'pem'; type: 'pkcs8' | 'spki' }): string | Buffer },
  type: 'pkcs8' | 'spki',
) => key.export({ format: 'pem', type }).toString();

describe.each(oneDatabase('postgres'))('upgrade tasks with simulated loggers on %s', (kind) => {
  const tag = kind === 'pglite' ? 'UPL' : 'UPP';
  const { fleet, sns } = remoteFleet(tag);
  let w: SimWorld;
  let token: string;
  let runner: UpgradeRunner;
  let admin: ReturnType<typeof as>;
  const id = (sn: string): number => w.deviceIds.get(sn)!;

  const upload = async (version: string, bytes: Buffer, extra: Record<string, string> = {}) => {
    const body = await formData(
      { deviceType: 'INVERTER', model: 'SF-INV-1P-5K', version, ...extra },
      { name: `inv-${version}.bin`, bytes },
    );
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/firmware',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    const answer = res.json<{ status: number; data: FirmwareView }>();
    expect(answer.status, res.body).toBe(200);
    return answer.data;
  };
  const create = async (body: Record<string, unknown>) => {
    const answer = await admin.post<UpgradeTaskView>('/upgrade/task', { healthWatchMinutes: 0, ...body });
    expect(answer.status, answer.body).toBe(200);
    return answer.data;
  };
  const task = async (taskId: string) => (await admin.get<UpgradeTaskView>(`/upgrade/task/${taskId}`)).data;
  /** Runs rounds until the task satisfies `check`. */
  const runUntil = async (taskId: string, check: (t: UpgradeTaskView) => boolean, what: string) => {
    let last: UpgradeTaskView | null = null;
    try {
      return await until(
        async () => {
          await runner.round();
          last = await task(taskId);
          return check(last) ? last : null;
        },
        what,
        40_000,
      );
    } catch (error) {
      throw new Error(`${String(error)}; the task: ${JSON.stringify(last)}`, { cause: error });
    }
  };
  const firmwareOf = async (sn: string) =>
    (await admin.get<{ firmware: string | null }>(`/device/${id(sn)}`)).data.firmware;

  beforeAll(async () => {
    const port = await freePort();
    w = await startSimWorld(
      kind,
      fleet,
      {
        env: {
          FIRMWARE_SIGNING_KEY: pem(platform.privateKey, 'pkcs8'),
          FIRMWARE_VENDOR_KEYS: pem(vendor.publicKey, 'spki'),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
        },
      },
      // The loggers trust the platform key only: the vendor's signatures are not theirs to accept.
      { trustedKeys: [pem(platform.publicKey, 'spki')] },
    );
    await w.t.app.listen({ port, host: '127.0.0.1' });
    token = await w.t.login();
    admin = as(w.t, token);
    runner = new UpgradeRunner({
      database: w.t.database,
      clock: w.t.clock,
      publicUrl: `http://127.0.0.1:${port}`,
      log: pino({ level: 'silent' }),
    });
  }, 180_000);
  afterAll(() => w?.close());

  it('installs a good image: the device reports the new version, the task completes, its link is then refused', async () => {
    const image = await upload('1.1.0', Buffer.from(`good image ${tag}`.repeat(500)));
    const created = await create({ firmwareId: image.id, deviceIds: [id(sns.inverter1)], broadcast: true });
    expect(created).toMatchObject({ state: 'RUNNING', waves: 1, counts: { total: 1, WAITING: 1 } });
    expect(created.devices[0]).toMatchObject({ sn: sns.inverter1, fromVersion: '1.0.0', wave: 0 });
    const done = await runUntil(created.id, (t) => t.state === 'COMPLETE', 'the task to complete');
    expect(done.devices[0]).toMatchObject({
      state: 'DONE',
      toVersion: '1.1.0',
      stage: 'DONE',
      percent: 100,
      attempts: 1,
    });
    await until(
      async () => (await firmwareOf(sns.inverter1)) === '1.1.0',
      'the new version on the device page',
    );

    // The command carried a link of its own; with the command done, the link serves nothing any more.
    const [command] = await w.db.select().from(commands).where(eq(commands.id, done.devices[0]!.commandId!));
    const url = new URL((command?.params as { url: string }).url);
    const again = await fetch(url);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ status: 4004, enMsg: 'firmware.downloadGone' });

    // The device's firmware history names the task, the versions and the result.
    const history = await admin.get<
      { taskId: string; state: string; fromVersion: string; toVersion: string }[]
    >(`/upgrade/history?deviceId=${id(sns.inverter1)}`);
    expect(history.data).toEqual([
      expect.objectContaining({
        taskId: created.id,
        state: 'DONE',
        fromVersion: '1.0.0',
        toVersion: '1.1.0',
      }),
    ]);

    // An image a task uses cannot be deleted.
    const refused = await admin.del(`/firmware/${image.id}`);
    expect(refused).toMatchObject({ status: 4000, enMsg: 'firmware.inUse' });
  });

  it('an image changed after signing and one signed with a key the logger does not trust are refused; the version stays', async () => {
    const tampered = await upload('1.2.0', Buffer.from(`original ${tag}`));
    // The stored bytes change after signing: the logger finds another hash than the signed one.
    await w.db
      .update(firmwareImages)
      .set({ bytes: Buffer.from(`evil ${tag}`) })
      .where(eq(firmwareImages.id, tampered.id));
    const bytes = Buffer.from(`vendor image ${tag}`);
    const digest = createHash('sha256').update(bytes).digest();
    const vendorSigned = await upload('1.3.0', bytes, {
      signature: sign(null, digest, vendor.privateKey).toString('base64'),
    });
    expect(vendorSigned.signedBy).toBe('VENDOR');

    const before = await firmwareOf(sns.inverter2);
    const first = await create({ firmwareId: tampered.id, deviceIds: [id(sns.inverter2)], broadcast: true });
    const failed = await runUntil(first.id, (t) => t.state === 'FAILED', 'the tampered image to fail');
    expect(failed.devices[0]).toMatchObject({ state: 'FAILED', error: 'hash-mismatch', attempts: 1 });
    const second = await create({
      firmwareId: vendorSigned.id,
      deviceIds: [id(sns.inverter2)],
      broadcast: true,
    });
    const refused = await runUntil(second.id, (t) => t.state === 'FAILED', 'the untrusted signature to fail');
    expect(refused.devices[0]).toMatchObject({ state: 'FAILED', error: 'signature-mismatch', attempts: 1 });
    expect(await firmwareOf(sns.inverter2)).toBe(before);
  }, 90_000);

  it('pauses by itself when the canary fails, holding back the other waves', async () => {
    const image = await upload('1.4.0', Buffer.from(`canary ${tag}`));
    await w.db
      .update(firmwareImages)
      .set({ bytes: Buffer.from('changed') })
      .where(eq(firmwareImages.id, image.id));
    // Station B's inverter and station A's second logger's: residential sites of one type may go together.
    const created = await create({
      firmwareId: image.id,
      allOfModel: true,
      canaryPercent: 1,
      waveSize: 10,
      failureThresholdPercent: 20,
    });
    expect(created.counts.total).toBeGreaterThanOrEqual(3);
    expect(created.devices.filter((d) => d.wave === 0)).toHaveLength(1);
    const paused = await runUntil(created.id, (t) => t.state === 'PAUSED', 'the automatic pause');
    expect(paused.pauseReason).toBe('FAILURE_THRESHOLD');
    expect(paused.devices.filter((d) => d.wave === 0).map((d) => d.state)).toEqual(['FAILED']);
    expect(paused.devices.filter((d) => d.wave > 0).every((d) => d.state === 'WAITING')).toBe(true);
    await runner.round();
    expect((await task(created.id)).devices.filter((d) => d.state === 'SENT')).toEqual([]);
    const cancelled = await admin.post<UpgradeTaskView>(`/upgrade/task/${created.id}/cancel`);
    expect(cancelled.data.state).toBe('CANCELLED');
    expect(cancelled.data.devices.filter((d) => d.wave > 0).every((d) => d.state === 'SKIPPED')).toBe(true);
  });

  it('a scheduled task waits for its time; a paused one sends nothing until resumed', async () => {
    const image = await upload('1.5.0', Buffer.from(`scheduled ${tag}`.repeat(100)));
    const at = w.t.clock.now().getTime() + 60_000;
    const created = await create({
      firmwareId: image.id,
      deviceIds: [id(sns.inverter4)],
      scheduledAt: at,
      broadcast: true,
    });
    expect(created).toMatchObject({ state: 'WAITING', scheduledAt: at, startedAt: null });
    await runner.round();
    expect((await task(created.id)).state).toBe('WAITING');

    expect((await admin.post(`/upgrade/task/${created.id}/pause`)).status).toBe(200);
    w.t.clock.advance(61);
    await runner.round();
    expect(await task(created.id)).toMatchObject({ state: 'PAUSED', pauseReason: 'MANUAL' });
    expect((await task(created.id)).devices[0]?.state).toBe('WAITING');
    expect(await admin.post(`/upgrade/task/${created.id}/run`)).toMatchObject({
      status: 4000,
      enMsg: 'upgrade.notInState',
    });
    expect((await admin.post<UpgradeTaskView>(`/upgrade/task/${created.id}/resume`)).data.state).toBe(
      'RUNNING',
    );
    const done = await runUntil(created.id, (t) => t.state === 'COMPLETE', 'the resumed task to complete');
    expect(done.devices[0]).toMatchObject({ state: 'DONE', toVersion: '1.5.0' });
    expect(await admin.post(`/upgrade/task/${created.id}/pause`)).toMatchObject({
      enMsg: 'upgrade.notInState',
    });
  });
});
