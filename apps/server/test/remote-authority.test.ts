// Who may change a device from the cloud, and what happens when it does not answer (docs/remote.md
// "Control authority", "Waiting, expiry and idempotency"): a foreign device answers exactly like a missing
// one; a device under local control refuses every change with 4003 while reads go on; the guest never
// writes; a device that does not answer within the wait is reported PENDING/SENT, later EXPIRED; a double
// submit sends one command.
import type {
  CommandView,
  RegisterReadAnswer,
  RegisterWriteAnswer,
  RemoteRegisterMap,
  StorageSettings,
} from '@sunfleet/contracts';
import { Perm } from '@sunfleet/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commands, devices, roles } from '../src/db/schema.js';
import { bearer, oneDatabase } from './helpers.js';
import { as } from './organisation-fixtures.js';
import { startRemoteWorld, type RemoteWorld } from './remote-support.js';
import { withoutRequestId } from './telemetry-api-support.js';

const MISSING = 999_999;

describe.each(oneDatabase('postgres'))('remote control authority on %s', (kind) => {
  let w: RemoteWorld;
  beforeAll(async () => {
    w = await startRemoteWorld(kind);
  });
  afterAll(() => w.close());

  /** Every remote call against one device (or its logger), as [method, url, body]. */
  const calls = (deviceId: number, gatewayId: number): [string, string, Record<string, unknown>?][] => [
    ['GET', `/remote/registers?deviceId=${deviceId}`],
    ['GET', `/remote/registers?gatewayId=${gatewayId}`],
    ['POST', '/remote/register/read', { deviceId, group: 'settings' }],
    ['POST', '/remote/register/read', { gatewayId, address: 0, count: 2 }],
    ['POST', '/remote/register/write', { deviceId, writes: [{ key: 'OutWRte', value: 50 }] }],
    ['GET', `/remote/storage/${deviceId}`],
    ['PUT', `/remote/storage/${deviceId}`, { mode: 1 }],
    ['GET', `/remote/forwarding/${gatewayId}`],
    ['PUT', `/remote/forwarding/${gatewayId}`, { protocol: 'OFF' }],
    ['POST', '/remote/factoryReset', { deviceId, confirm: 'x' }],
  ];
  const inject = (token: string, method: string, url: string, payload?: Record<string, unknown>) =>
    w.t.app.inject({
      method: method as 'GET',
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });

  it('answers a foreign device or logger exactly like a missing one, sending nothing', async () => {
    const token = await w.t.login('demo.installer2', 'Demo#Pass-2026');
    const before = await w.commandCount();
    const foreign = calls(w.battery.id, w.logger.id);
    const missing = calls(MISSING, MISSING);
    for (const [i, [method, url, body]] of foreign.entries()) {
      const theirs = await inject(token, method, url, body);
      const [, missingUrl, missingBody] = missing[i]!;
      const none = await inject(token, method, missingUrl, missingBody);
      expect(theirs.json(), `${method} ${url}`).toMatchObject({ status: 4004 });
      expect(withoutRequestId(theirs.body)).toEqual(withoutRequestId(none.body));
    }
    expect(await w.commandCount()).toBe(before);
  });

  describe('a device under local control', () => {
    beforeAll(async () => {
      await w.db.update(devices).set({ localControl: true }).where(eq(devices.id, w.battery.id));
    });
    afterAll(async () => {
      await w.db.update(devices).set({ localControl: false }).where(eq(devices.id, w.battery.id));
    });

    it('refuses every change with 4003 remote.localControl and sends nothing', async () => {
      const before = await w.commandCount();
      const write = await w.installer1.post('/remote/register/write', {
        deviceId: w.battery.id,
        writes: [{ key: 'OutWRte', value: 50 }],
      });
      expect(write).toMatchObject({ status: 4003, enMsg: 'remote.localControl', http: 403 });
      expect(await w.installer1.put(`/remote/storage/${w.battery.id}`, { mode: 1 })).toMatchObject({
        status: 4003,
        enMsg: 'remote.localControl',
      });
      expect(
        await w.installer1.post('/remote/factoryReset', { deviceId: w.battery.id, confirm: w.battery.sn }),
      ).toMatchObject({ status: 4003, enMsg: 'remote.localControl' });
      // Even a write that would be refused anyway: control authority comes first.
      expect(
        await w.installer1.post('/remote/register/write', {
          deviceId: w.battery.id,
          writes: [{ key: 'BatW', value: 1 }],
        }),
      ).toMatchObject({ status: 4003 });
      expect(await w.commandCount()).toBe(before);
    });

    it('still reads, and says so', async () => {
      const map = await w.installer1.get<RemoteRegisterMap>(`/remote/registers?deviceId=${w.battery.id}`);
      expect(map.data.localControl).toBe(true);
      const read = await w.installer1.post<RegisterReadAnswer>('/remote/register/read', {
        deviceId: w.battery.id,
        group: 'settings',
      });
      expect(read.data.state).toBe('DONE');
      const storage = await w.installer1.get<StorageSettings>(`/remote/storage/${w.battery.id}`);
      expect(storage.data).toMatchObject({ state: 'DONE', localControl: true, mode: 2 });
    });
  });

  it('lets the guest change nothing: its role holds no remote action, every write answers 4003', async () => {
    const [guestRole] = await w.db.select().from(roles).where(eq(roles.roleType, 'GUEST'));
    for (const code of [
      Perm.registerRead,
      Perm.registerWrite,
      Perm.storageUpdate,
      Perm.forwardingUpdate,
      Perm.deviceFactoryReset,
    ])
      expect(guestRole?.permissions).not.toContain(code);
    const login = await w.t.app.inject({ method: 'POST', url: '/api/login/guest' });
    const token = login.json<{ data: { token: string } }>().data.token;
    const before = await w.commandCount();
    for (const [method, url, body] of calls(w.battery.id, w.logger.id).filter(([m]) => m !== 'GET')) {
      const answer = await inject(token, method, url, body);
      expect(answer.json(), `${method} ${url}`).toMatchObject({ status: 4003 });
    }
    // It may look at the storage settings, but that reads nothing from the device.
    const storage = await inject(token, 'GET', `/remote/storage/${w.battery.id}`);
    expect(storage.json()).toMatchObject({
      status: 200,
      data: { deviceId: w.battery.id, mode: null, commands: [], state: 'DONE' },
    });
    expect(await w.commandCount()).toBe(before);
  });

  it('refuses callers without the operation’s permission', async () => {
    await w.db.execute(
      sql`update roles set permissions = array_remove(permissions, 'register:write') where id = 2`,
    );
    await w.t.app.changes.caughtUp();
    try {
      const token = await w.t.login('demo.installer1', 'Demo#Pass-2026');
      const answer = await as(w.t, token).post('/remote/register/write', {
        deviceId: w.battery.id,
        writes: [{ key: 'OutWRte', value: 50 }],
      });
      expect(answer.status).toBe(4003);
    } finally {
      await w.db.execute(
        sql`update roles set permissions = array_append(permissions, 'register:write') where id = 2`,
      );
      await w.t.app.changes.caughtUp();
    }
  });

  describe('a device that does not answer', () => {
    /** The call through the app that waits only QUICK_WAIT_MS. */
    const quick = async (url: string, payload: Record<string, unknown>) => {
      const token = await w.t.login();
      return w.quick.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
    };
    const quickRead = async (payload: Record<string, unknown>) =>
      (await quick('/remote/register/read', payload)).json<{ status: number; data: RegisterReadAnswer }>();
    const quickWrite = async (payload: Record<string, unknown>) =>
      (await quick('/remote/register/write', payload)).json<{ status: number; data: RegisterWriteAnswer }>();
    const command = async (id: string): Promise<CommandView> =>
      (await w.admin.get<CommandView>(`/gateway/command/${id}`)).data;

    it('is reported with the commands’ open state after the wait, then EXPIRED after their time to live', async () => {
      const answer = await quickRead({
        deviceId: w.offline.inverterId,
        group: 'settings',
      });
      expect(answer.status).toBe(200);
      expect(['PENDING', 'SENT']).toContain(answer.data.state);
      expect(answer.data.commands).toHaveLength(1);
      expect(answer.data.registers.length).toBeGreaterThan(0);
      expect(answer.data.registers.every((r) => r.value === null && r.hex === null)).toBe(true);
      const id = answer.data.commands[0]!.id;
      const open = await command(id);
      expect(open.expiresAt - open.createdAt).toBe(300_000);
      expect(open.state).toBe(answer.data.state);

      w.t.clock.advance(301);
      await w.dispatcher.runOnce();
      expect((await command(id)).state).toBe('EXPIRED');
      // Asked again, the same read is a new command: the expired one no longer holds its place.
      const again = await quickRead({
        deviceId: w.offline.inverterId,
        group: 'settings',
      });
      expect(again.data.commands[0]!.id).not.toBe(id);
    });

    it('sends one command for a double submit of the same change', async () => {
      const body = { deviceId: w.offline.inverterId, writes: [{ key: 'WMaxLimPct', value: 70 }] };
      const before = await w.commandCount();
      const [first, second] = await Promise.all([quickWrite(body), quickWrite(body)]);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(first.data.applied).toBeNull();
      expect(first.data.commands.map((c) => c.id)).toEqual(second.data.commands.map((c) => c.id));
      expect(await w.commandCount()).toBe(before + 1);
      const [row] = await w.db.select().from(commands).where(eq(commands.id, first.data.commands[0]!.id));
      expect(row).toMatchObject({ name: 'register.write', deviceId: w.offline.inverterId });
      expect(row?.params).toMatchObject({ hex: '0046' });
      // A different change is another command.
      const other = await quickWrite({
        ...body,
        writes: [{ key: 'WMaxLimPct', value: 60 }],
      });
      expect(other.data.commands[0]!.id).not.toBe(first.data.commands[0]!.id);
      // Both calls were audited, each with the one command.
      const audited = await w.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'remote.register.write'),
            eq(auditLog.targetId, String(w.offline.inverterId)),
          ),
        );
      const sameCommand = audited.filter((r) =>
        (r.detail?.commands as string[] | undefined)?.includes(first.data.commands[0]!.id),
      );
      expect(sameCommand).toHaveLength(2);
    });
  });

  it('audits refused calls too (4003, 4004)', async () => {
    const rows = await w.db
      .select({ status: auditLog.status })
      .from(auditLog)
      .where(
        inArray(auditLog.action, ['remote.register.write', 'remote.storage.update', 'remote.factoryReset']),
      );
    expect(rows.map((r) => r.status)).toEqual(expect.arrayContaining([4003, 4004]));
  });
});
