import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { gatewaySeqSeen } from '../src/db/schema.js';
import { startJobs } from '../src/services/jobs.js';
import { DATABASES, freshDatabase, TestClock } from './helpers.js';

const DAY = 86_400_000;

describe.each(DATABASES)('telemetry housekeeping on %s', (kind) => {
  it('makes the telemetry partitions of the next two months and prunes sequence numbers after 400 days, daily', async () => {
    const { database, drop } = await freshDatabase(kind);
    const db = database.db;
    const clock = new TestClock(); // 2026-06-01T08:00Z
    const now = clock.now().getTime();
    const partitions = async () =>
      (
        await queryRows<{ name: string }>(
          db,
          sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
              join pg_class p on p.oid = i.inhparent where p.relname = 'telemetry' order by 1`,
        )
      ).map((r) => r.name);
    expect(await partitions()).not.toContain('telemetry_p202607');
    const seq = (n: number, daysAgo: number) => ({
      gatewayId: 1,
      seq: n,
      dataTs: new Date(now - daysAgo * DAY),
      readings: 1,
    });
    await db.insert(gatewaySeqSeen).values([seq(1, 401), seq(2, 399)]);

    const jobs = startJobs({ database, clock, log: pino({ level: 'silent' }), everyMs: 3_600_000 });
    await jobs.runOnce();
    expect(await partitions()).toEqual(
      expect.arrayContaining(['telemetry_p202606', 'telemetry_p202607', 'telemetry_p202608']),
    );
    expect(await partitions()).not.toContain('telemetry_p202609');
    const left = async () =>
      (await db.select({ seq: gatewaySeqSeen.seq }).from(gatewaySeqSeen)).map((r) => r.seq).sort();
    expect(await left()).toEqual([2]);

    // Not again within the day; again the next day (when row 2 has become 400+ days old too).
    await db.insert(gatewaySeqSeen).values(seq(3, 500));
    await jobs.runOnce();
    expect(await left()).toEqual([2, 3]);
    clock.advance(2 * 86_400);
    await jobs.runOnce();
    jobs.stop();
    expect(await left()).toEqual([]);
    // A reading of the new month lands in its partition.
    await db.execute(
      sql`insert into telemetry (device_id, ts, gateway_id) values (1, '2026-08-15T00:00:00Z', 1)`,
    );
    const [row] = await queryRows<{ part: string }>(
      db,
      sql`select tableoid::regclass::text as part from telemetry where ts = '2026-08-15T00:00:00Z'`,
    );
    expect(row?.part).toContain('telemetry_p202608');
    await drop();
  });
});
