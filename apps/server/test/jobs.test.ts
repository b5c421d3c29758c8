import { createHash } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { rateCounters, verificationCodes } from '../src/db/schema.js';
import { startJobs } from '../src/services/jobs.js';
import { DATABASES, freshDatabase, TestClock } from './helpers.js';

describe.each(DATABASES)('housekeeping on %s', (kind) => {
  it('deletes dead verification codes and stale rate counters, and keeps live ones', async () => {
    const { database, drop } = await freshDatabase(kind);
    const clock = new TestClock();
    const now = clock.now().getTime();
    const hash = createHash('sha256').update('x').digest();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);
    await database.db.insert(verificationCodes).values([
      {
        purpose: 'register',
        target: 'old@example.com',
        codeHash: hash,
        createdAt: at(49),
        expiresAt: at(48),
      },
      {
        purpose: 'register',
        target: 'live@example.com',
        codeHash: hash,
        createdAt: at(0),
        expiresAt: at(-0.1),
      },
    ]);
    await database.db.insert(rateCounters).values([
      { key: 'old', windowStart: at(72), count: 3 },
      { key: 'live', windowStart: at(1), count: 1 },
    ]);
    const jobs = startJobs({ database, clock, log: pino({ level: 'silent' }), everyMs: 3_600_000 });
    await jobs.runOnce();
    jobs.stop();
    expect((await database.db.select().from(verificationCodes)).map((r) => r.target)).toEqual([
      'live@example.com',
    ]);
    expect((await database.db.select().from(rateCounters)).map((r) => r.key)).toEqual(['live']);
    await drop();
  });
});
