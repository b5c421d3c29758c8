// Remote register read and write against the simulator's logger over real MQTT (docs/remote.md
// "Registers"): the map from the protocol definition, group and raw reads decoded with it, writes read back
// (a register the device silently puts back is reported as not applied), and every bad input refused with
// 4000 before anything is sent.
import type {
  RegisterReadAnswer,
  RegisterWriteAnswer,
  RemoteRegister,
  RemoteRegisterMap,
} from '@sunfleet/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { oneDatabase } from './helpers.js';
import { PINNED_REGISTER, startRemoteWorld, type RemoteWorld } from './remote-support.js';

describe.each(oneDatabase('postgres'))('remote registers on %s', (kind) => {
  let w: RemoteWorld;
  /** The battery's registers by key, from the map. */
  let battery: Record<string, RemoteRegister>;
  beforeAll(async () => {
    w = await startRemoteWorld(kind);
    const map = await w.installer1.get<RemoteRegisterMap>(`/remote/registers?deviceId=${w.battery.id}`);
    battery = Object.fromEntries(map.data.registers.map((r) => [r.key, r]));
  });
  afterAll(() => w.close());

  const read = (body: Record<string, unknown>) =>
    w.installer1.post<RegisterReadAnswer>('/remote/register/read', body);
  const write = (body: Record<string, unknown>) =>
    w.installer1.post<RegisterWriteAnswer>('/remote/register/write', body);
  const values = (registers: RemoteRegister[]) => Object.fromEntries(registers.map((r) => [r.key, r.value]));

  it('gives the register map of a device and of the logger without reading anything', async () => {
    const before = await w.commandCount();
    const map = await w.installer1.get<RemoteRegisterMap>(`/remote/registers?deviceId=${w.battery.id}`);
    expect(map.status).toBe(200);
    expect(map.data).toMatchObject({
      deviceId: w.battery.id,
      gatewayId: w.logger.id,
      sn: w.battery.sn,
      definition: 'sunspec-storage',
      localControl: false,
    });
    expect(battery.WorkMode).toMatchObject({
      group: 'settings',
      writable: true,
      min: 0,
      max: 4,
      value: null,
      hex: null,
    });
    expect(battery.WorkMode?.values?.map((v) => v.value)).toEqual([0, 1, 2, 3, 4]);
    expect(battery.BatW).toMatchObject({ writable: false, dataType: 'S32', count: 2, unit: 'W' });
    const logger = await w.installer1.get<RemoteRegisterMap>(`/remote/registers?gatewayId=${w.logger.id}`);
    expect(logger.data).toMatchObject({ deviceId: null, definition: 'sunfleet-logger', sn: w.logger.sn });
    expect(logger.data.registers.map((r) => r.key)).toEqual(['Signal', 'UploadIntvl', 'IP', 'FwVr']);
    const neither = await w.installer1.get('/remote/registers');
    expect(neither).toMatchObject({ status: 4000, enMsg: 'remote.readTargetInvalid' });
    expect(await w.commandCount()).toBe(before);
  });

  it('reads a group: register.read per span, values decoded with the definition', async () => {
    const answer = await read({ deviceId: w.battery.id, group: 'settings' });
    expect(answer.status).toBe(200);
    expect(answer.data.state).toBe('DONE');
    expect(answer.data.commands.length).toBeGreaterThanOrEqual(1);
    expect(answer.data.commands.every((c) => c.name === 'register.read' && c.state === 'DONE')).toBe(true);
    expect(answer.data.registers.every((r) => r.group === 'settings')).toBe(true);
    // Full feed-in (2), the default reserve and limits of the simulated battery.
    expect(values(answer.data.registers)).toMatchObject({ WorkMode: 2, OutWRte: 100, ChaGriSet: 1 });
    expect(answer.data.registers.find((r) => r.key === 'WorkMode')?.hex).toBe('0002');
    expect(answer.data.hex).toBeNull();

    const logger = await read({ gatewayId: w.logger.id, group: 'settings' });
    expect(logger.data).toMatchObject({ state: 'DONE' });
    expect(values(logger.data.registers)).toEqual({ UploadIntvl: 5 });
  });

  it('reads a raw range: the words as hex, and the registers lying wholly inside it', async () => {
    const workMode = battery.WorkMode!;
    const answer = await read({ deviceId: w.battery.id, address: workMode.address - 2, count: 3 });
    expect(answer.data.state).toBe('DONE');
    expect(answer.data.hex).toMatch(/^[0-9A-F]{8}0002$/);
    expect(answer.data.registers.map((r) => r.key)).toContain('WorkMode');
    expect(answer.data.registers.every((r) => r.address >= workMode.address - 2)).toBe(true);
  });

  it('writes within range by key and raw address, then reads the same registers back: applied', async () => {
    const before = await w.commandCount();
    const answer = await write({
      deviceId: w.battery.id,
      writes: [
        { key: 'OutWRte', value: '55' },
        { address: battery.ChaGriSet!.address, value: '0x0000' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ state: 'DONE', applied: true });
    expect(answer.data.results).toEqual([
      { key: 'OutWRte', address: battery.OutWRte!.address, requested: 55, readBack: 55, applied: true },
      { key: null, address: battery.ChaGriSet!.address, requested: '0000', readBack: '0000', applied: true },
    ]);
    const names = answer.data.commands.map((c) => c.name);
    expect(names.filter((n) => n === 'register.write')).toHaveLength(2);
    expect(names.filter((n) => n === 'register.read')).toHaveLength(2);
    expect(await w.commandCount()).toBe(before + 4);
    const after = await read({ deviceId: w.battery.id, group: 'settings' });
    expect(values(after.data.registers)).toMatchObject({ OutWRte: 55, ChaGriSet: 0 });
  });

  it('rounds a number to the register’s step and reports what was sent', async () => {
    const answer = await write({ deviceId: w.inverter.id, writes: [{ key: 'OutPFSet', value: 0.9555 }] });
    expect(answer.data).toMatchObject({ state: 'DONE', applied: true });
    expect(answer.data.results[0]).toMatchObject({ requested: 0.956, readBack: 0.956, applied: true });
  });

  it('reports a write the device silently reverts as not applied', async () => {
    const answer = await write({ deviceId: w.battery.id, writes: [{ key: PINNED_REGISTER, value: -40 }] });
    expect(answer.status).toBe(200);
    // The device answered DONE, the read-back shows the old value.
    expect(answer.data.state).toBe('DONE');
    expect(answer.data.applied).toBe(false);
    expect(answer.data.results).toEqual([
      {
        key: PINNED_REGISTER,
        address: battery[PINNED_REGISTER]!.address,
        requested: -40,
        readBack: 100,
        applied: false,
      },
    ]);
  });

  it.each([
    ['out of range', { key: 'OutWRte', value: '150' }, 'rule.valueOutOfRange'],
    ['an enumerated value without a label', { key: 'WorkMode', value: 7 }, 'rule.valueOutOfRange'],
    ['not a number', { key: 'OutWRte', value: '5O' }, 'rule.numberInvalid'],
    ['an empty value', { key: 'OutWRte', value: ' ' }, 'rule.valueRequired'],
    ['a read-only register', { key: 'BatW', value: 5 }, 'remote.notWritable'],
    ['an unknown key', { key: 'NoSuchRegister', value: 1 }, 'remote.unknownRegister'],
    ['key and address together', { key: 'OutWRte', address: 1, value: '1' }, 'remote.writeTargetInvalid'],
  ])('refuses %s with 4000 and sends nothing', async (_what, change, enMsg) => {
    const before = await w.commandCount();
    const answer = await write({ deviceId: w.battery.id, writes: [{ key: 'MinRsvPct', value: 20 }, change] });
    expect(answer).toMatchObject({ status: 4000, enMsg });
    const fields = answer.data as unknown as { rule: string; field: string }[];
    expect(fields.map((f) => f.rule)).toEqual([enMsg]);
    expect(fields[0]?.field).toMatch(/^body\.writes\[1\]\./);
    expect(await w.commandCount()).toBe(before);
  });

  it('refuses raw writes that are malformed, touch read-only registers or repeat a register', async () => {
    const before = await w.commandCount();
    const cases: [Record<string, unknown>[], string][] = [
      [[{ address: battery.OutWRte!.address, value: '0xZZZZ' }], 'rule.hexDataLength'],
      [[{ address: battery.OutWRte!.address, value: '0x12' }], 'rule.hexDataLength'],
      [[{ address: battery.OutWRte!.address, value: 12 }], 'rule.hexDataLength'],
      // BatW is measured, not set; half of it, or an address no register describes, is not writable either.
      [[{ address: battery.BatW!.address, value: '0x00000001' }], 'remote.notWritable'],
      [[{ address: battery.BatW!.address + 1, value: '0x0001' }], 'remote.notWritable'],
      [[{ address: 1, value: '0x0001' }], 'remote.notWritable'],
      // OutWRte and InWRte are ±100 %: 0x00C8 is 200.
      [[{ address: battery.OutWRte!.address, value: '0x00C8' }], 'rule.valueOutOfRange'],
      [
        [
          { key: 'OutWRte', value: 10 },
          { address: battery.OutWRte!.address, value: '0x000A' },
        ],
        'remote.writeDuplicate',
      ],
    ];
    for (const [writes, enMsg] of cases) {
      const answer = await write({ deviceId: w.battery.id, writes });
      expect(answer, JSON.stringify(writes)).toMatchObject({ status: 4000, enMsg });
    }
    const both = await write({
      deviceId: w.battery.id,
      gatewayId: w.logger.id,
      writes: [{ key: 'OutWRte', value: 1 }],
    });
    expect(both).toMatchObject({ status: 4000, enMsg: 'remote.writeTargetInvalid' });
    expect(await w.commandCount()).toBe(before);
  });

  it('refuses a read of an unknown group or a half-given range, and sends nothing', async () => {
    const before = await w.commandCount();
    expect(await read({ deviceId: w.battery.id, group: 'nowhere' })).toMatchObject({
      status: 4000,
      enMsg: 'remote.unknownGroup',
    });
    for (const body of [
      { deviceId: w.battery.id, address: 40_000 },
      { deviceId: w.battery.id, group: 'settings', address: 40_000, count: 2 },
      { deviceId: w.battery.id, gatewayId: w.logger.id },
      { group: 'settings' },
    ])
      expect(await read(body), JSON.stringify(body)).toMatchObject({
        status: 4000,
        enMsg: 'remote.readTargetInvalid',
      });
    expect(await read({ deviceId: w.battery.id, address: 1, count: 126 })).toMatchObject({ status: 4000 });
    expect(await w.commandCount()).toBe(before);
  });

  it('audits every read and write with what was asked and how it ended', async () => {
    const rows = await w.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['remote.register.read', 'remote.register.write']));
    const reads = rows.filter((r) => r.action === 'remote.register.read');
    const writes = rows.filter((r) => r.action === 'remote.register.write');
    expect(
      reads.some((r) => r.status === 200 && r.detail?.state === 'DONE' && r.username === 'demo.installer1'),
    ).toBe(true);
    expect(reads.some((r) => r.status === 4000 && r.detail?.group === 'nowhere')).toBe(true);
    const applied = writes.find((r) => r.detail?.applied === false);
    expect(applied).toMatchObject({ status: 200, targetType: 'device', targetId: String(w.battery.id) });
    expect(writes.filter((r) => r.status === 4000).length).toBeGreaterThanOrEqual(7);
    const [refused] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'remote.register.write'), eq(auditLog.status, 4000)))
      .limit(1);
    expect(refused?.detail).toMatchObject({ deviceId: w.battery.id });
  });
});
