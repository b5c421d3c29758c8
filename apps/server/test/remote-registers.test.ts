// Remote register read and write against the simulator's logger over real MQTT (docs/remote.md
// "Registers"): the map from the protocol definition, a group read with decoded values, raw ranges, writes
// read back, and every bad input refused with 4000 before anything is sent.
import type { RegisterReadAnswer, RegisterWriteAnswer, RemoteRegisterMap } from '@sunfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { DATABASES } from './helpers.js';
import { startRemoteWorld, type RemoteWorld } from './remote-support.js';

describe.each(DATABASES)('remote registers on %s', (kind) => {
  let w: RemoteWorld;
  beforeAll(async () => {
    w = await startRemoteWorld(kind);
  });
  afterAll(() => w.close());

  const read = (body: Record<string, unknown>) =>
    w.installer1.post<RegisterReadAnswer>('/remote/register/read', body);
  const write = (body: Record<string, unknown>) =>
    w.installer1.post<RegisterWriteAnswer>('/remote/register/write', body);

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
    const workMode = map.data.registers.find((r) => r.key === 'WorkMode');
    expect(workMode).toMatchObject({ group: 'settings', writable: true, min: 0, max: 4, value: null, hex: null });
    const logger = await w.installer1.get<RemoteRegisterMap>(`/remote/registers?gatewayId=${w.logger.id}`);
    expect(logger.data).toMatchObject({ deviceId: null, definition: 'sunfleet-logger', sn: w.logger.sn });
    expect(logger.data.registers.map((r) => r.key)).toEqual(['Signal', 'UploadIntvl', 'IP', 'FwVr']);
    expect(await w.commandCount()).toBe(before);
  });

  it('reads a group: one command per span, values decoded with the definition', async () => {
    const answer = await read({ deviceId: w.battery.id, group: 'settings' });
    expect(answer.status).toBe(200);
    expect(answer.data.state).toBe('DONE');
    expect(answer.data.commands.every((c) => c.name === 'register.read' && c.state === 'DONE')).toBe(true);
    const byKey = Object.fromEntries(answer.data.registers.map((r) => [r.key, r]));
    expect(byKey.WorkMode).toMatchObject({ value: 2, hex: '0002' });
    expect(answer.data.registers.every((r) => r.group === 'settings')).toBe(true);
    expect(answer.data.hex).toBeNull();
  });
});
