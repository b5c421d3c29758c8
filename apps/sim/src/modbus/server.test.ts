// The Modbus TCP server through a real Modbus client (modbus-serial's): SunSpec discovery, every model of
// every unit decoding to the simulated values, and writes that change the simulated inverter.
import ModbusRTU from 'modbus-serial';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBlocks, encodeValues } from '@sunfleet/domain';
import { SiteDevices } from '../devices/site-devices.js';
import { SiteSimulator } from '../site.js';
import { NOON, testSite } from '../testing/fixtures.js';
import { freePort, startModbusServer, type ModbusServer } from './server.js';

let site: SiteSimulator;
let devices: SiteDevices;
let server: ModbusServer;
let client: ModbusRTU;
let lastTs = NOON - 3_600_000;

function advance(minutes: number): void {
  for (let m = 0; m < minutes; m += 5) site.step((lastTs += 300_000), 300);
  devices.refresh();
}

/** Reads `count` holding registers of a unit, in requests of at most 125. */
async function readAll(unitId: number, address: number, count: number): Promise<number[]> {
  client.setID(unitId);
  const words: number[] = [];
  for (let at = address; at < address + count; at += 125) {
    const { data } = await client.readHoldingRegisters(at, Math.min(125, address + count - at));
    words.push(...data);
  }
  return words;
}

/** Walks the SunSpec chain from 40002: [ID, L, body…] until the 0xFFFF end marker. */
async function discoverModels(unitId: number): Promise<{ id: number; address: number; length: number }[]> {
  const models: { id: number; address: number; length: number }[] = [];
  let at = 40_002;
  for (;;) {
    const [id, length] = await readAll(unitId, at, 2);
    if (id === 0xffff) return models;
    models.push({ id: id!, address: at, length: length! });
    at += 2 + length!;
  }
}

async function exceptionOf(work: Promise<unknown>): Promise<number | string> {
  try {
    await work;
    return 'accepted';
  } catch (error) {
    return (error as { modbusCode?: number }).modbusCode ?? String(error);
  }
}

beforeAll(async () => {
  site = new SiteSimulator(testSite());
  devices = new SiteDevices(site);
  advance(60);
  server = await startModbusServer(devices, { host: '127.0.0.1', port: await freePort() });
  client = new ModbusRTU();
  await client.connectTCP('127.0.0.1', { port: server.port });
  client.setTimeout(2_000);
});

afterAll(async () => {
  await new Promise<void>((resolve) => client.close(() => resolve()));
  await server.close();
});

describe('Modbus TCP server', () => {
  it('answers SunSpec discovery on every unit: SunS, then models 1, 103/160/123, 124, 203, 307…', async () => {
    const chains: number[][] = [];
    for (const device of devices.devices) {
      expect(await readAll(device.unitId, 40_000, 2)).toEqual([0x5375, 0x6e53]);
      chains.push((await discoverModels(device.unitId)).map((m) => m.id));
    }
    expect(chains).toEqual([
      [1, 103, 160, 123, 64_100],
      [1, 124, 64_101],
      [1, 203],
      [1, 307, 302, 303],
    ]);
  });

  it('serves registers that decode with the definitions to the simulated values', async () => {
    for (const device of devices.devices) {
      const models = await discoverModels(device.unitId);
      const end = models.at(-1)!.address + 2 + models.at(-1)!.length;
      const words = await readAll(device.unitId, 40_000, end - 40_000);
      const decoded = decodeBlocks(device.definition.registers, [{ address: 40_000, words }]);
      expect(decoded).toMatchObject(device.values(true));
      expect(decoded).toMatchObject({ SN: device.sn, Md: device.model.model });
    }
    // …and agree with the physics within the registers' resolution.
    const inverter = decodeBlocks(devices.byUnit(1)!.definition.registers, [
      { address: 40_000, words: await readAll(1, 40_000, 464) },
    ]);
    const physics = site.readings[0]!.values;
    expect(Math.abs((inverter.W as number) - physics.W!)).toBeLessThanOrEqual(5);
    expect(inverter.W).toBeGreaterThan(5_000);
    expect(inverter.DCV_1).toBeCloseTo(physics.DCV_1!, 1);
    const battery = decodeBlocks(devices.byUnit(2)!.definition.registers, [
      { address: 40_000, words: await readAll(2, 40_000, 108) },
    ]);
    expect(battery.ChaState).toBeCloseTo(site.readings[1]!.values.ChaState!, 1);
  });

  it('takes a power-limit write (WMaxLimPct, function 16) and the inverter output follows', async () => {
    const inverter = devices.byUnit(1)!;
    const register = inverter.registerOf('WMaxLimPct')!;
    const [block] = encodeValues([register], { WMaxLimPct: 30 });
    client.setID(1);
    await client.writeRegisters(register.address, [...block!.words]);
    expect((await client.readHoldingRegisters(register.address, 1)).data).toEqual([30]);
    advance(30);
    const words = await readAll(1, 40_000, 464);
    const values = decodeBlocks(inverter.definition.registers, [{ address: 40_000, words }]);
    expect(values.W).toBeLessThanOrEqual(3_000);
    expect(values.W).toBeGreaterThan(2_500);
    expect(values.St).toBe(5);
    // A single-register write (function 6) lifts it again.
    await client.writeRegister(register.address, 100);
    advance(15);
    expect(devices.byUnit(1)!.values().W).toBeGreaterThan(5_000);
  });

  it('answers exceptions: out of range and read-only (illegal value/address), unknown unit', async () => {
    const inverter = devices.byUnit(1)!;
    client.setID(1);
    expect(await exceptionOf(client.writeRegister(inverter.registerOf('WMaxLimPct')!.address, 150))).toBe(3);
    expect(await exceptionOf(client.writeRegister(inverter.registerOf('W')!.address, 1))).toBe(2);
    expect(await exceptionOf(client.readHoldingRegisters(39_000, 2))).toBe(2);
    client.setID(9);
    expect(await exceptionOf(client.readHoldingRegisters(40_000, 2))).toBe(11);
    expect(inverter.value('WMaxLimPct')).toBe(100);
  });
});
