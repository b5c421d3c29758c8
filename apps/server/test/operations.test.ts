import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { connectExternalBroker, startEmbeddedBroker } from '../src/services/broker.js';
import { createTestApp, DATABASES, freshDatabase } from './helpers.js';

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

  it('says the console is not built rather than failing when there is no build', async () => {
    const t = await createTestApp('pglite');
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    await t.close();
  });
});

describe.each(DATABASES)('migrations on %s', (kind) => {
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
      'alarms',
      'audit_log',
      'commands',
      'companies',
      'countries',
      'currencies',
      'device_latest',
      'device_models',
      'device_rules',
      'devices',
      'display_groups',
      'files',
      'firmware_progress',
      'gateway_seq_seen',
      'gateways',
      'ingest_dead_letters',
      'login_failures',
      'mail_outbox',
      'nav_routes',
      'protocol_definitions',
      'query_history',
      'rate_counters',
      'regions',
      'roles',
      'rollup_device_day',
      'rollup_device_hour',
      'rollup_device_month',
      'rollup_dirty',
      'rollup_station_5m',
      'rollup_station_day',
      'rollup_station_hour',
      'rollup_station_month',
      'sessions',
      'share_links',
      'station_facts',
      'station_follows',
      'station_subscriptions',
      'stations',
      'telemetry',
      'time_zones',
      'translations',
      'user_roles',
      'users',
      'verification_codes',
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
