// Alarm records go out when a fault opens and again, with the same id and `end`, when it clears; an
// inverter's fault recording of the trip goes out once, when the fault opens (docs/protocol.md §5.4).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { AlarmMessage, RecordingUplink } from '@sunfleet/contracts';
import { TestBroker } from '../testing/broker.js';
import { NOON, testSite, until } from '../testing/fixtures.js';
import { SimLogger } from './sim-logger.js';

it('sends an alarm record when a fault opens and again with its end when it clears, and the recording of the trip once', async () => {
  const broker = await TestBroker.start();
  const dir = mkdtempSync(join(tmpdir(), 'sf-alarms-'));
  const logger = new SimLogger({
    sn: 'SFLG2606000004',
    secret: 's',
    brokerUrl: broker.url,
    site: testSite(),
    bufferDir: dir,
    uploadInterval: 60,
    fsync: false,
  });
  try {
    let ts = NOON - 600_000;
    logger.advanceTo(ts);
    logger.start();
    await logger.uplink.whenReady();
    const inverter = logger.devices.byUnit(1)!;
    logger.site.injectFault(inverter.sn, 2031, ts);
    logger.advanceTo((ts += 60_000));
    expect(inverter.values()).toMatchObject({ W: 0, St: 7 }); // tripped: FAULT
    logger.site.clearFault(inverter.sn, 2031, ts + 30_000);
    logger.advanceTo((ts += 60_000));
    await until(() => broker.of('alarm').length === 2, 'two alarm messages');
    const [opened, closed] = broker.of('alarm') as { alarms: Record<string, unknown>[] }[];
    for (const message of [opened, closed]) expect(Value.Check(AlarmMessage, message)).toBe(true);
    expect(opened!.alarms).toEqual([
      expect.objectContaining({
        dev: inverter.sn,
        code: 2031,
        level: 'IMPORTANT',
        start: NOON - 600_000,
        end: null,
      }),
    ]);
    expect(closed!.alarms).toEqual([
      expect.objectContaining({ id: opened!.alarms[0]!.id, end: NOON - 600_000 + 90_000 }),
    ]);
    await until(() => broker.of('recording').length === 1, 'one recording');
    const [recording] = broker.of('recording') as RecordingUplink[];
    expect(Value.Check(RecordingUplink, recording)).toBe(true);
    expect(recording).toMatchObject({
      id: opened!.alarms[0]!.id,
      dev: inverter.sn,
      source: 'MASTER_DSP',
      trigger: 'FAULT',
      faultCode: 2031,
      samplingPeriodMs: 1,
      delayMs: -40,
    });
    const voltage = recording!.channels[0]!;
    expect(voltage.address).toBe(inverter.registerOf('PhVphA')!.address);
    expect(voltage.samples).toHaveLength(100);
    // The grid voltage stays while the inverter is tripped: a 50 Hz sine of √2 × RMS.
    expect(Math.max(...voltage.samples)).toBeCloseTo((inverter.value('PhVphA') as number) * Math.SQRT2, -1);
  } finally {
    await logger.stop();
    await broker.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
