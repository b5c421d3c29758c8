// The telemetry transaction keeps the facts of its loggers' stations (facts/facts.writer.ts): after the
// PUBACK the station's row holds the new reading's status, counts and power, for the station the logger
// is bound to at that moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './helpers.js';
import {
  connectTestLogger,
  deviceSn,
  hello,
  queryRows,
  sql,
  startIngestWorld,
  type IngestWorld,
  type TestLoggerClient,
} from './ingest-support.js';

type Facts = {
  status: string;
  holds: boolean;
  gateways_online: number;
  devices: number;
  devices_running: number;
  power_w: number | null;
};

describe.each(DATABASES)('station facts kept by the ingest (%s)', (kind) => {
  let world: IngestWorld;
  let logger: TestLoggerClient;
  const inverter = deviceSn('SFI3A');
  let first = 0;
  let second = 0;

  const station = async (name: string): Promise<number> => {
    const [row] = await queryRows<{ id: number }>(
      world.db,
      sql`insert into stations (company_id, name, type) values (1, ${name}, 'HOUSEHOLD_PV') returning id`,
    );
    return row!.id;
  };
  const bind = (stationId: number) =>
    world.db.execute(sql`update gateways set station_id = ${stationId} where sn = ${logger.sn}`);
  const factsOf = async (stationId: number): Promise<Facts | undefined> =>
    (
      await queryRows<Facts>(
        world.db,
        sql`select status, valid_until >= now() as holds, gateways_online, devices, devices_running, power_w
          from station_facts where station_id = ${stationId}`,
      )
    )[0];
  const upload = (seq: number, w: number) =>
    logger.publish('telemetry', {
      v: 1,
      seq,
      readings: [{ dev: inverter, ts: Date.now() - 30_000 + seq, values: { W: w, St: 4 } }],
    });

  beforeAll(async () => {
    world = await startIngestWorld(kind);
    logger = await connectTestLogger(world);
    first = await station('Facts first');
    second = await station('Facts second');
    await bind(first);
    await logger.publish('hello', hello([{ sn: inverter, type: 'INVERTER', model: 'SF-INV-3P-10K' }]));
  }, 60_000);
  afterAll(async () => {
    await logger.client.endAsync();
    await world.close();
  });

  it('refreshes the facts of the logger’s station with the batch', async () => {
    await upload(1, 4200);
    expect(await factsOf(first)).toEqual({
      status: 'ONLINE',
      holds: true,
      gateways_online: 1,
      devices: 1,
      devices_running: 1,
      power_w: 4200,
    });
  });

  it('follows the logger to the station it is bound to now', async () => {
    await bind(second);
    await upload(2, 3100);
    expect(await factsOf(second)).toMatchObject({ status: 'ONLINE', holds: true, devices: 1, power_w: 3100 });
    // The old station lost its logger outside the writer: marked stale, readers compute it on the spot.
    expect(await factsOf(first)).toMatchObject({ holds: false });
  });
});
