// Logger authentication under a connection storm (docs/soak.md): thousands of CONNECTs at once are
// answered by a few registry queries that hold at most two of the pool's connections, so the other work
// of the server (the ingest, the console) still gets the pool, and no lookup times out waiting for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolClient } from 'pg';
import { gateways } from '../src/db/schema.js';
import { generateSecret, hashSecret } from '../src/modules/gateways/credentials.js';
import { GatewayDirectory } from '../src/modules/gateways/gateway-directory.js';
import { DATABASES, freshDatabase, type TestDatabase } from './helpers.js';

const LOGGERS = 600;

describe.each(DATABASES)('logger authentication storm on %s', (kind) => {
  let database: TestDatabase;
  const loggers: { sn: string; secret: string }[] = [];

  beforeAll(async () => {
    database = await freshDatabase(kind);
    for (let i = 0; i < LOGGERS; i++)
      loggers.push({ sn: `STORM${String(i).padStart(6, '0')}`, secret: generateSecret() });
    // One hash for all: what is checked here is the lookup, not the hashing.
    const rows = loggers.map((l) => ({ sn: l.sn, model: 'SF-LOGGER-4G', secretHash: hashSecret(l.secret) }));
    await database.database.db.insert(gateways).values(rows);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('answers every logger of a storm rightly, with a handful of queries', async () => {
    const directory = new GatewayDirectory(database.database.db);
    const attempts = [
      ...loggers.map((l) => ({ sn: l.sn, password: l.secret, allowed: true })),
      ...loggers.map((l, i) => ({
        sn: l.sn,
        password: loggers[(i + 1) % LOGGERS]?.secret ?? '',
        allowed: false,
      })),
      ...loggers.slice(0, 200).map((l, i) => ({ sn: `NOSUCH${i}`, password: l.secret, allowed: false })),
    ];
    const answers = await Promise.all(
      attempts.map((a) => directory.authenticate(a.sn, Buffer.from(a.password))),
    );
    expect(answers).toEqual(attempts.map((a) => a.allowed));
    // 800 distinct SNs: two single-SN queries start at once, then batches of up to 500 SNs.
    expect(directory.queryCount).toBeLessThanOrEqual(4);
  });

  it.runIf(kind === 'postgres')(
    'leaves the pool to other work while thousands of loggers authenticate',
    async () => {
      const pool = database.database.pgPool;
      if (pool === null) throw new Error('no pool');
      // The test database's pool has 4 connections: 3 held elsewhere (the ingest, say), 1 left.
      const held: PoolClient[] = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      try {
        const directory = new GatewayDirectory(database.database.db);
        let authenticated = 0;
        const storm = loggers.map((l) =>
          directory.authenticate(l.sn, Buffer.from(l.secret)).then((ok) => {
            if (ok) authenticated++;
          }),
        );
        // Once the storm has reached the pool (a turn of the event loop): at most the directory's two
        // queries wait there, not 600 — so other work queued now goes before most of the storm.
        await new Promise((resolve) => setImmediate(resolve));
        expect(pool.waitingCount).toBeLessThanOrEqual(2);
        await pool.query('select 1');
        expect(authenticated).toBeLessThan(LOGGERS / 2);
        await Promise.all(storm);
        expect(authenticated).toBe(LOGGERS);
      } finally {
        for (const client of held) client.release();
      }
    },
  );
});
