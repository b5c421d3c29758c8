import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gateways } from '../src/db/schema.js';
import { verifySecret } from '../src/modules/gateways/credentials.js';
import { GatewayDirectory } from '../src/modules/gateways/gateway-directory.js';
import { gatewayWorld, LOGGER_MODEL, withoutRequestId, type GatewayWorld } from './gateways-fixtures.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { countRows } from './organisation-fixtures.js';
import { registerTestLogger } from './support/loggers.js';

interface Credentials {
  id: number;
  sn: string;
  username: string;
  password: string;
  mqtt: { topicPrefix: string; publish: string; subscribe: string };
}
interface FieldError {
  field: string;
  rule: string;
}

describe.each(oneDatabase())('logger registration, binding and rename on %s', (kind) => {
  let t: TestApp;
  let w: GatewayWorld;

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await gatewayWorld(t);
  });
  afterAll(() => t.close());

  const row = async (sn: string) => {
    const [found] = await t.database.db.select().from(gateways).where(eq(gateways.sn, sn));
    return found;
  };

  it('registers a logger: credentials shown once, only a Mosquitto-style hash stored, audited', async () => {
    const res = await w.admin.post<Credentials>('/gateway/register', {
      sn: 'SFREG00001',
      model: LOGGER_MODEL,
      mac: '00-1a-2b-3c-4d-5e',
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      sn: 'SFREG00001',
      username: 'SFREG00001',
      mqtt: {
        topicPrefix: 'sf/v1/SFREG00001/',
        publish: 'sf/v1/SFREG00001/up/#',
        subscribe: 'sf/v1/SFREG00001/down/#',
      },
    });
    expect(res.data.password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await row('SFREG00001');
    expect(stored).toMatchObject({
      companyId: 1,
      stationId: null,
      mac: '00:1A:2B:3C:4D:5E',
      model: LOGGER_MODEL,
    });
    expect(stored?.secretHash).toMatch(/^\$7\$101\$/);
    expect(stored?.secretHash).not.toContain(res.data.password);
    expect(verifySecret(res.data.password, stored?.secretHash ?? '')).toBe(true);
    // The secret authenticates the logger and exists nowhere else: not in reads, not in the audit trail.
    expect(await new GatewayDirectory(t.database.db).authenticate('SFREG00001', res.data.password)).toBe(
      true,
    );
    const detail = await w.admin.get(`/gateway/${res.data.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).not.toContain(res.data.password);
    expect(detail.body).not.toContain('$7$');
    expect(detail.body).not.toMatch(/secret|password/i);
    const [audit] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'gateway.register', targetId: String(res.data.id), status: 200 });
    expect(JSON.stringify(audit?.detail)).not.toContain(res.data.password);
  });

  it('refuses duplicates (4009), malformed SNs (GatewaySNError), unknown models and bad MACs; stores nothing', async () => {
    const before = await countRows(t, 'gateways');
    const duplicate = await w.admin.post('/gateway/register', { sn: 'SFREG00001', model: LOGGER_MODEL });
    expect(duplicate).toMatchObject({ status: 4009, enMsg: 'gateway.snExists' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ sn: 'abc', model: LOGGER_MODEL }, 'GatewaySNError', 'body.sn'],
      [{ sn: 'SF REG 0002', model: LOGGER_MODEL }, 'GatewaySNError', 'body.sn'],
      [{ sn: '   ', model: LOGGER_MODEL }, 'rule.cannotBeBlank', 'body.sn'],
      [{ sn: 'SFREG00002', model: 'NO-SUCH-LOGGER' }, 'gateway.modelUnknown', 'body.model'],
      [{ sn: 'SFREG00002', model: 'SF-INV-1P-5K' }, 'gateway.modelUnknown', 'body.model'],
      [{ sn: 'SFREG00002', model: LOGGER_MODEL, mac: '00:11:22' }, 'gateway.macInvalid', 'body.mac'],
      [{ sn: 'SFREG00002', model: LOGGER_MODEL, companyId: 3 }, 'rule.unknownField', 'body.companyId'],
    ];
    for (const [body, rule, field] of cases) {
      const res = await w.admin.post<FieldError[]>('/gateway/register', body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 4000, enMsg: rule });
      expect(res.data).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
    }
    expect(await countRows(t, 'gateways')).toBe(before);
  });

  it('lets only holders of gateway:register register loggers or rotate secrets', async () => {
    const own = await registerTestLogger(t.database.db, { companyId: 3 });
    expect(
      (await w.installer1.post('/gateway/register', { sn: 'SFREG00003', model: LOGGER_MODEL })).status,
    ).toBe(4003);
    expect((await w.installer1.post(`/gateway/${own.id}/secret`)).status).toBe(4003);
    expect((await w.guest.post('/gateway/register', { sn: 'SFREG00003', model: LOGGER_MODEL })).status).toBe(
      4003,
    );
    expect(await row('SFREG00003')).toBeUndefined();
  });

  it('rotates a secret: shown once, the old one stops working', async () => {
    const logger = await registerTestLogger(t.database.db, { companyId: 1 });
    const directory = new GatewayDirectory(t.database.db);
    const res = await w.admin.post<Credentials>(`/gateway/${logger.id}/secret`);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: logger.id, sn: logger.sn, username: logger.sn });
    expect(res.data.password).not.toBe(logger.secret);
    expect(await directory.authenticate(logger.sn, logger.secret)).toBe(false);
    expect(await directory.authenticate(logger.sn, res.data.password)).toBe(true);
    expect((await w.admin.post('/gateway/999999/secret')).status).toBe(4004);
  });

  it('binds a logger to a station in scope: the station’s company takes it', async () => {
    const logger = await registerTestLogger(t.database.db, { companyId: 1 });
    const res = await w.installer1.post<{ id: number }>('/gateway/bind', {
      stationId: w.station3,
      sn: logger.sn,
    });
    expect(res).toMatchObject({ status: 200, enMsg: 'BindingSucceeded', data: { id: logger.id } });
    const stored = await row(logger.sn);
    expect(stored).toMatchObject({ stationId: w.station3, companyId: 3 });
    expect(stored?.boundAt?.toISOString()).toBe(t.clock.now().toISOString());
    // Bound now: the same answer as an SN that does not exist, so binding reveals nothing.
    const again = await w.installer1.post('/gateway/bind', { stationId: w.station3, sn: logger.sn });
    const unknown = await w.installer1.post('/gateway/bind', { stationId: w.station3, sn: 'NOSUCHLOGGER' });
    expect(again).toMatchObject({ status: 4000, enMsg: 'GatewayNotExistOrBound' });
    expect(withoutRequestId(again.body)).toEqual(withoutRequestId(unknown.body));
  });

  it('answers a foreign or missing station 4004, a malformed SN GatewaySNError', async () => {
    const logger = await registerTestLogger(t.database.db, { companyId: 1 });
    const foreign = await w.installer1.post('/gateway/bind', { stationId: w.station4, sn: logger.sn });
    const missing = await w.installer1.post('/gateway/bind', { stationId: 999999, sn: logger.sn });
    expect(foreign.status).toBe(4004);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    const malformed = await w.installer1.post<FieldError[]>('/gateway/bind', {
      stationId: w.station3,
      sn: 'a/b#c',
    });
    expect(malformed).toMatchObject({ status: 4000, enMsg: 'GatewaySNError' });
    expect(malformed.data).toEqual([expect.objectContaining({ field: 'body.sn', rule: 'GatewaySNError' })]);
    expect(await row(logger.sn)).toMatchObject({ stationId: null, companyId: 1 });
    // An owner binds only to their own station; the guest writes nothing.
    expect((await w.owner1.post('/gateway/bind', { stationId: w.station4, sn: logger.sn })).status).toBe(
      4004,
    );
    expect((await w.guest.post('/gateway/bind', { stationId: w.station3, sn: logger.sn })).status).toBe(4003);
    expect(await row(logger.sn)).toMatchObject({ stationId: null, companyId: 1 });
    const byOwner = await w.owner1.post('/gateway/bind', { stationId: w.station3, sn: logger.sn });
    expect(byOwner).toMatchObject({ status: 200, enMsg: 'BindingSucceeded' });
    expect(await row(logger.sn)).toMatchObject({ stationId: w.station3, companyId: 3 });
  });

  it('does not hand over an unbound logger another company still holds', async () => {
    const held = await registerTestLogger(t.database.db, { companyId: 3 });
    const res = await w.installer2.post('/gateway/bind', { stationId: w.station4, sn: held.sn });
    expect(res).toMatchObject({ status: 4000, enMsg: 'GatewayNotExistOrBound' });
    // Its own company may bind it, and so may the distributor above it (into another installer's station).
    const byDistributor = await w.distributor.post('/gateway/bind', { stationId: w.station4, sn: held.sn });
    expect(byDistributor).toMatchObject({ status: 200, enMsg: 'BindingSucceeded' });
    expect(await row(held.sn)).toMatchObject({ stationId: w.station4, companyId: 4 });
  });

  it('unbinds (the logger stays with its company) and renames, only within scope', async () => {
    const logger = await registerTestLogger(t.database.db, { companyId: 3, stationId: w.station3 });
    expect((await w.installer2.post('/gateway/unbind', { gatewayId: logger.id })).status).toBe(4004);
    // An owner reaches only the loggers of their own stations.
    expect((await w.owner3.post('/gateway/unbind', { gatewayId: logger.id })).status).toBe(4004);
    expect((await w.installer2.put('/gateway/name', { gatewayId: logger.id, name: 'Mine now' })).status).toBe(
      4004,
    );

    const renamed = await w.installer1.put('/gateway/name', { gatewayId: logger.id, name: '  Roof east  ' });
    expect(renamed).toMatchObject({ status: 200, enMsg: 'RenameSucceeded' });
    expect((await row(logger.sn))?.name).toBe('Roof east');
    const blank = await w.installer1.put('/gateway/name', { gatewayId: logger.id, name: '   ' });
    expect(blank).toMatchObject({ status: 4000, enMsg: 'rule.cannotBeBlank' });
    const long = await w.installer1.put('/gateway/name', { gatewayId: logger.id, name: 'x'.repeat(65) });
    expect(long).toMatchObject({ status: 4000, enMsg: 'rule.tooLong' });
    expect((await row(logger.sn))?.name).toBe('Roof east');

    const unbound = await w.installer1.post('/gateway/unbind', { gatewayId: logger.id });
    expect(unbound.status).toBe(200);
    expect(await row(logger.sn)).toMatchObject({ stationId: null, companyId: 3, boundAt: null });
    // Still reachable by its company (to bind it again), no longer by the station's owner.
    expect((await w.installer1.get(`/gateway/${logger.id}`)).status).toBe(200);
    expect((await w.owner1.get(`/gateway/${logger.id}`)).status).toBe(4004);
    const [audit] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: 'gateway.unbind',
      targetId: String(logger.id),
      username: 'demo.installer1',
    });
  });

  it('limits failed binding attempts per user (4029), then lets them try again', async () => {
    const logger = await registerTestLogger(t.database.db, { companyId: 1 });
    t.clock.advance(15 * 60 + 1); // a fresh window: earlier tests failed a few attempts too
    for (let i = 0; i < 30; i++) {
      const res = await w.installer2.post('/gateway/bind', {
        stationId: w.station4,
        sn: `GUESS${String(i).padStart(4, '0')}`,
      });
      expect(res.enMsg).toBe('GatewayNotExistOrBound');
    }
    // Even a real SN is refused now, and nothing changes.
    const blocked = await w.installer2.post('/gateway/bind', { stationId: w.station4, sn: logger.sn });
    expect(blocked).toMatchObject({ status: 4029, enMsg: 'gateway.tooManyBindAttempts' });
    expect(await row(logger.sn)).toMatchObject({ stationId: null });
    // Other users are not affected.
    const other = await w.installer1.post('/gateway/bind', { stationId: w.station3, sn: 'GUESS9999' });
    expect(other.enMsg).toBe('GatewayNotExistOrBound');
    t.clock.advance(15 * 60 + 1);
    const later = await w.installer2.post('/gateway/bind', { stationId: w.station4, sn: logger.sn });
    expect(later).toMatchObject({ status: 200, enMsg: 'BindingSucceeded' });
  });
});
