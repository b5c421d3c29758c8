import { createHash, randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { firmwareDownloads, firmwareImages, rateCounters, verificationCodes } from '../src/db/schema.js';
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

  it('drops firmware download links a day after they expired, and keeps younger ones', async () => {
    const { database, drop } = await freshDatabase(kind);
    const clock = new TestClock();
    const now = clock.now().getTime();
    const id = randomUUID();
    await database.db.insert(firmwareImages).values({
      id,
      deviceType: 'GATEWAY',
      model: 'SF-LOGGER-4G',
      version: '1.0',
      fileName: 'x.bin',
      size: 1,
      sha256: '00',
      signature: 'AA==',
      signedBy: 'PLATFORM',
      keyFingerprint: '00',
      bytes: Buffer.from('x'),
    });
    const link = (name: string, hoursAgo: number) => ({
      tokenHash: createHash('sha256').update(name).digest(),
      firmwareId: id,
      commandId: randomUUID(),
      expiresAt: new Date(now - hoursAgo * 3_600_000),
    });
    await database.db
      .insert(firmwareDownloads)
      .values([link('old', 25), link('recent', 23), link('live', -1)]);
    const jobs = startJobs({ database, clock, log: pino({ level: 'silent' }), everyMs: 3_600_000 });
    await jobs.runOnce();
    jobs.stop();
    const left = await database.db.select().from(firmwareDownloads);
    expect(left.map((r) => r.tokenHash.toString('hex')).sort()).toEqual(
      ['recent', 'live'].map((n) => createHash('sha256').update(n).digest('hex')).sort(),
    );
    await drop();
  });
});
