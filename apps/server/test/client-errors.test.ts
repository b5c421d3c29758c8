// The runtime error store (docs/runtime-errors.md): reports from the console before and after login, the
// size cap and the rate limit (nothing stored when refused), grouping by fingerprint with bounded samples,
// the staff list and detail behind runtimeError:view, and the jobs round's retention purge.
import { ClientErrorLimits, Perm, type ClientErrorDetail, type ClientErrorGroup } from '@sunfleet/contracts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorGroups, clientErrorSamples, roles } from '../src/db/schema.js';
import { startJobs } from '../src/services/jobs.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';

interface Report {
  kind?: string;
  message?: string;
  stack?: string;
  route?: string;
  build?: string;
  [key: string]: unknown;
}

const STACK = 'TypeError: boom\n    at render (http://h/assets/index-abc.js:10:5)\n    at x (y.js:1:1)';

describe.each(oneDatabase())('runtime error store on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let addressNo = 0;

  /** Each call comes from a new client address unless one is given (the limit is per address). */
  const report = async (body: Report, opts: { token?: string; address?: string } = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clientError',
      remoteAddress: opts.address ?? `198.51.100.${++addressNo}`,
      headers: { ...(opts.token ? bearer(opts.token) : {}), 'user-agent': 'vitest-browser' },
      payload: { kind: 'error', message: 'boom', stack: STACK, route: '/index', build: 'b1', ...body },
    });
    return res.json<{ status: number; enMsg: string; data: unknown }>();
  };
  const stored = async () => ({
    groups: (await t.database.db.select().from(clientErrorGroups)).length,
    samples: (await t.database.db.select().from(clientErrorSamples)).length,
  });
  const groupOf = async (message: string): Promise<ClientErrorGroup | undefined> => {
    const page = await as(t, adminToken).get<{ list: ClientErrorGroup[] }>(
      `/clientError/page?q=${encodeURIComponent(message)}&pageSize=50`,
    );
    return page.data.list.find((g) => g.message === message);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminToken = await t.login();
    await setPasswords(t, ['demo.installer1']);
  }, 120_000);
  afterAll(() => t.close());

  it('groups reports by message, first frame and build, counting them and keeping the newest samples', async () => {
    const message = 'grouping case';
    const first = await report({ message }, { token: adminToken });
    expect(first.status, JSON.stringify(first)).toBe(200);
    t.clock.advance(60);
    // Same fingerprint: whitespace folds, a later frame differs, the route differs.
    await report({
      message: ` grouping   case `,
      route: '/gatewayCentre',
      stack: `${STACK}\n    at z (q.js:2:2)`,
    });
    const group = await groupOf(message);
    expect(group).toMatchObject({ count: 2, build: 'b1', lastRoute: '/gatewayCentre', lastUser: null });
    expect(group?.frame).toBe('at render (http://h/assets/index-abc.js:10:5)');
    expect(Date.parse(group!.lastSeenAt) - Date.parse(group!.firstSeenAt)).toBe(60_000);

    // Another build or another first frame is another group.
    await report({ message, build: 'b2' });
    await report({ message, stack: 'TypeError: boom\n    at other (a.js:1:1)' });
    const page = await as(t, adminToken).get<{ list: ClientErrorGroup[] }>(
      `/clientError/page?q=${encodeURIComponent(message)}`,
    );
    expect(page.data.list.filter((g) => g.message === message)).toHaveLength(3);

    // Samples are bounded, newest first; the count goes on.
    for (let i = 0; i < ClientErrorLimits.samplesPerGroup + 2; i++)
      await report({ message, route: `/r${i}` });
    const detail = await as(t, adminToken).get<ClientErrorDetail>(`/clientError/${group!.id}`);
    expect(detail.data.count).toBe(2 + ClientErrorLimits.samplesPerGroup + 2);
    expect(detail.data.samples).toHaveLength(ClientErrorLimits.samplesPerGroup);
    expect(detail.data.samples[0]).toMatchObject({ route: `/r${ClientErrorLimits.samplesPerGroup + 1}` });
    expect(detail.data.samples[0]?.userAgent).toBe('vitest-browser');
    const rows = await t.database.db
      .select()
      .from(clientErrorSamples)
      .where(eq(clientErrorSamples.groupId, group!.id));
    expect(rows).toHaveLength(ClientErrorLimits.samplesPerGroup);
  });

  it('names the user of a valid session and takes reports without one (or with an ended one)', async () => {
    await report({ message: 'signed in case' }, { token: adminToken });
    expect((await groupOf('signed in case'))?.lastUser).toBe('admin');
    const anonymous = await report({ message: 'login page case' }, { token: 'x'.repeat(43) });
    expect(anonymous.status).toBe(200);
    expect((await groupOf('login page case'))?.lastUser).toBeNull();
  });

  it('refuses oversized or malformed reports with 4000 and stores nothing', async () => {
    const before = await stored();
    const cases: Report[] = [
      { message: 'm'.repeat(ClientErrorLimits.messageMax + 1) },
      { stack: 's'.repeat(ClientErrorLimits.stackMax + 1) },
      { route: 'r'.repeat(ClientErrorLimits.routeMax + 1) },
      { build: '' },
      { message: '   ' },
      { kind: 'console' },
      { extra: 'field' },
    ];
    for (const body of cases) {
      const answer = await report(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(4000);
    }
    // A body over the byte cap is refused before it is parsed.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clientError',
      remoteAddress: '203.0.113.200',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        kind: 'error',
        message: 'big',
        route: '/',
        build: 'b',
        pad: 'x'.repeat(ClientErrorLimits.bodyBytesMax),
      }),
    });
    expect(res.json<{ status: number }>().status).toBe(4000);
    expect(await stored()).toEqual(before);
  });

  it('answers 4029 once an address has sent its share in the window, and stores nothing more', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < ClientErrorLimits.reportsPerAddress; i++)
      expect((await report({ message: 'flood case' }, { address })).status).toBe(200);
    const before = await stored();
    const refused = await report({ message: 'flood case' }, { address });
    expect(refused.status).toBe(4029);
    expect(await stored()).toEqual(before);
    // Other addresses go on; the address itself again after the window.
    expect((await report({ message: 'flood case' })).status).toBe(200);
    t.clock.advance(ClientErrorLimits.windowSeconds + 1);
    expect((await report({ message: 'flood case' }, { address })).status).toBe(200);
  });

  it('limits one session across addresses too', async () => {
    const token = await t.login('demo.installer1', DEMO_PASSWORD);
    for (let i = 0; i < ClientErrorLimits.reportsPerSession; i++)
      expect((await report({ message: 'session flood' }, { token })).status).toBe(200);
    expect((await report({ message: 'session flood' }, { token })).status).toBe(4029);
    t.clock.advance(ClientErrorLimits.windowSeconds + 1);
  });

  it('shows the store to runtimeError:view only', async () => {
    const installer = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
    expect((await installer.get('/clientError/page')).status).toBe(4003);
    expect((await installer.get('/clientError/1')).status).toBe(4003);
    expect((await as(t, null).get('/clientError/page')).status).toBe(4001);
    expect((await as(t, adminToken).get('/clientError/999999')).status).toBe(4004);
    // The developer role (platform staff) holds it by seed; the manager role does not.
    const [developer] = await t.database.db.select().from(roles).where(eq(roles.id, 3));
    const [manager] = await t.database.db.select().from(roles).where(eq(roles.id, 2));
    expect(developer?.permissions).toContain(Perm.runtimeErrorView);
    expect(manager?.permissions).not.toContain(Perm.runtimeErrorView);
  });

  it('drops groups and samples older than the retention in the jobs round', async () => {
    await report({ message: 'old case' });
    const retentionDays = 7;
    t.clock.advance(retentionDays * 86_400 - 3600);
    await report({ message: 'recent case' });
    t.clock.advance(2 * 3600);
    const jobs = startJobs({
      database: t.database,
      clock: t.clock,
      log: pino({ level: 'silent' }),
      everyMs: 3_600_000,
      clientErrorRetentionDays: retentionDays,
    });
    try {
      await jobs.runOnce();
    } finally {
      jobs.stop();
    }
    adminToken = await t.login();
    expect(await groupOf('old case')).toBeUndefined();
    expect(await groupOf('recent case')).toMatchObject({ count: 1 });
    const oldSamples = await t.database.db.select().from(clientErrorSamples);
    const cutoff = t.clock.now().getTime() - retentionDays * 86_400_000;
    expect(oldSamples.every((s) => s.occurredAt.getTime() >= cutoff)).toBe(true);
  });
});
