import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndSeed } from '../src/bootstrap/seed.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/client.js';
import { paths } from '../src/paths.js';
import { connectExternalBroker, startEmbeddedBroker } from '../src/services/broker.js';
import { createTestApp, freshDatabase, oneDatabase } from './helpers.js';
import { onServer } from './support/database-templates.js';

const log = pino({ level: 'silent' });
const tmp = mkdtempSync(join(tmpdir(), 'sunfleet-ops-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('embedded broker', () => {
  it('listens, reports up in health, and refuses clients it has no credential for', async () => {
    const broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      log,
      directory: { authenticate: () => Promise.resolve(false) },
      onUplink: () => Promise.reject(new Error('no uplink expected')),
    });
    const t = await createTestApp('pglite', { brokerState: () => broker.state() });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 200, data: { database: 'up', broker: 'up' } });

    const client = mqtt.connect(`mqtt://127.0.0.1:${broker.port()}`, {
      username: 'LOGGER-1',
      password: 'guess',
      reconnectPeriod: 0,
      clientId: 'LOGGER-1',
    });
    const outcome = await new Promise<string>((resolve) => {
      client.once('connect', () => resolve('connected'));
      client.once('error', (err) => resolve(err.message));
    });
    client.end(true);
    expect(outcome).toMatch(/Bad username or password/i);

    await broker.close();
    expect(broker.state()).toBe('down');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      data: { broker: 'down' },
    });
    await t.close();
  });
});

describe.runIf(process.env.TEST_MQTT_URL)('external broker (TEST_MQTT_URL)', () => {
  it('connects as a client and reports the broker up', async () => {
    const broker = await connectExternalBroker({ url: process.env.TEST_MQTT_URL ?? '', log });
    expect(broker.state()).toBe('up');
    await broker.close();
    expect(broker.state()).toBe('down');
  });
});

describe('metrics and the web console', () => {
  it('exposes Prometheus metrics including request durations by route', async () => {
    const t = await createTestApp('pglite');
    await t.app.inject({ method: 'GET', url: '/api/config' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('sunfleet_process_cpu_user_seconds_total');
    expect(res.body).toMatch(
      /sunfleet_http_request_duration_seconds_count\{method="GET",route="\/api\/config",status="200"\} 1/,
    );
    await t.close();
  });

  it('keeps /metrics to a scraper presenting METRICS_TOKEN when one is set', async () => {
    const token = 'metrics-token-0123456789';
    const t = await createTestApp('pglite', { env: { METRICS_TOKEN: token } });
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${token}x`, token]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json(), authorization).toMatchObject({ status: 4001 });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('sunfleet_process_cpu_user_seconds_total');
    await t.close();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('sends the security headers on the console and the API: CSP, no framing, nosniff, referrer policy', async () => {
    const dist = join(tmp, 'dist-headers');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sunfleet</title>');
    const t = await createTestApp('pglite', {
      webDist: dist,
      env: {
        MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        MAP_GEOCODER_URL: 'https://geo.example.org/search',
      },
    });
    for (const url of ['/', '/api/config', '/api/info', '/api/nowhere']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("img-src 'self' data: blob: https://*.tiles.example.org");
      expect(csp, url).toContain("connect-src 'self' https://geo.example.org");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
    await t.close();
  });

  it('serves the built console at / with revalidated index and long-cached assets', async () => {
    const dist = join(tmp, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sunfleet</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const t = await createTestApp('pglite', { webDist: dist });
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Sunfleet</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const api = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(api.json()).toMatchObject({ status: 200 });
    await t.close();
  });

  it('sends the build’s brotli or gzip copy of an asset to a browser that accepts it', async () => {
    const dist = join(tmp, 'dist-compressed');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sunfleet</title>');
    const script = 'console.log("sunfleet");'.repeat(100);
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    const t = await createTestApp('pglite', { webDist: dist });
    const get = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': encoding } });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // The translation table of the first visit is compressed too.
    const table = await t.app.inject({
      method: 'GET',
      url: '/api/language/EN/list',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(table.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(table.rawPayload).toString())).toMatchObject({ status: 200 });
    await t.close();
  });

  it('says the console is not built rather than failing when there is no build', async () => {
    const t = await createTestApp('pglite');
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    await t.close();
  });
});

describe.each(oneDatabase())('migrations on %s', (kind) => {
  it('create every table, and applying them again changes nothing', async () => {
    const { database, drop } = await freshDatabase(kind);
    await database.migrate();
    // current_schema() is the test's own schema on PostgreSQL and public on PGlite.
    const result: unknown = await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_name <> '__drizzle_migrations' order by table_name`,
    );
    const tables = (result as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(tables.filter((name) => !/^telemetry_p\d{6}$/.test(name))).toEqual([
      'ac_couple_settings',
      'alarm_events',
      'alarm_reads',
      'alarm_rule_state',
      'alarm_rules',
      'alarms',
      'api_keys',
      'app_releases',
      'audit_log',
      'big_screen_settings',
      'client_error_groups',
      'client_error_samples',
      'commands',
      'companies',
      'countries',
      'currencies',
      'device_latest',
      'device_models',
      'device_rules',
      'devices',
      'display_groups',
      'document_versions',
      'documents',
      'fault_code_seeds',
      'fault_codes',
      'feedback',
      'feedback_messages',
      'feedback_screenshots',
      'files',
      'firmware_downloads',
      'firmware_images',
      'firmware_progress',
      'forwarding_settings',
      'gateway_seq_seen',
      'gateways',
      'ingest_dead_letters',
      'iv_auto_scan',
      'iv_tasks',
      'login_failures',
      'mail_outbox',
      'maintenance_windows',
      'nav_routes',
      'notification_deliveries',
      'notification_queue',
      'protocol_definitions',
      'pv_strings',
      'query_history',
      'rate_counters',
      'recordings',
      'regions',
      'register_tests',
      'roles',
      'rollup_device_day',
      'rollup_device_hour',
      'rollup_device_month',
      'rollup_dirty',
      'rollup_station_5m',
      'rollup_station_day',
      'rollup_station_hour',
      'rollup_station_month',
      'server_secrets',
      'sessions',
      'share_links',
      'station_facts',
      'station_follows',
      'station_subscriptions',
      'stations',
      'statistics_views',
      'storage_settings',
      'telemetry',
      'time_zones',
      'translations',
      'upgrade_task_devices',
      'upgrade_tasks',
      'user_roles',
      'users',
      'verification_codes',
      'webhooks',
    ]);
    // Telemetry partitions exist for the current and the coming months.
    const month = (offset: number): string => {
      const d = new Date();
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() + offset);
      return `telemetry_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    expect(tables).toEqual(expect.arrayContaining([month(0), month(1), month(2)]));
    await drop();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('several copies starting on a new PostgreSQL database', () => {
  it('migrate and seed it once: every copy starts, with one administrator and one guest', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    await onServer(url, (c) => c.query(`create schema ${schema}`));
    const copies = await Promise.all(
      [1, 2, 3].map(() =>
        openDatabase({ kind: 'postgres', url, schema, poolSize: 2 }, { migrationsFolder: paths.migrations }),
      ),
    );
    try {
      // Migrated but not yet seeded, as when the copies start right after an upgrade's migrations, so
      // the seeds would run at the same moment. What every start does (server.ts, cli.ts); before the seed
      // ran under the migrations' lock, two copies raced to insert the guest user and one failed to start.
      await copies[0]!.migrate();
      const starts = await Promise.allSettled(
        copies.map((copy) =>
          migrateAndSeed(
            copy,
            { adminUsername: 'admin', adminPassword: 'Admin#Copies-2026', dataDir: null },
            log,
          ),
        ),
      );
      expect(starts.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const result: unknown = await copies[0]!.db.execute(
        sql`select count(*) filter (where role_id = 1)::int as admins,
                   count(*) filter (where username = 'guest')::int as guests from users`,
      );
      expect((result as { rows: unknown[] }).rows).toEqual([{ admins: 1, guests: 1 }]);
    } finally {
      for (const copy of copies) await copy.close();
      await onServer(url, (c) => c.query(`drop schema ${schema} cascade`));
    }
  });
});
