// Sessions, permissions and user info are cached per API process and still correct across several of them:
// a logout, a disabled account, a role change, a role's new permissions, a password change and a token
// rotation take effect at once here and, as soon as the change notification arrives, on a second app over
// the same database. No sleeps: the tests await the peer's change feed.
import { RENEWED_TOKEN_HEADER, SessionPolicy, Status } from '@sunfleet/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.js';
import { bearer, createTestApp, DATABASES, type TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import { createPeerApp, nextChange, type PeerApp } from './support/peer-app.js';

const PASSWORD = 'Cache#Pass1';

interface InfoAnswer {
  status: number;
  data: { userId: number; username: string; perms: string[] } | null;
}

async function info(app: FastifyInstance, token: string): Promise<InfoAnswer> {
  const res = await app.inject({ method: 'GET', url: '/api/info', headers: bearer(token) });
  return res.json<InfoAnswer>();
}

async function status(app: FastifyInstance, url: string, token: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
  return res.json<{ status: number }>().status;
}

/** Counts the statements sent to the database while `run` runs (on PostgreSQL, by any client of this test). */
async function countQueries(database: Database, run: () => Promise<void>): Promise<number> {
  const spies =
    database.pgPool !== null
      ? [vi.spyOn(pg.Client.prototype, 'query')]
      : [
          vi.spyOn(database.pglite!, 'query'),
          vi.spyOn(database.pglite!, 'exec'),
          vi.spyOn(database.pglite!, 'transaction'),
        ];
  try {
    await run();
    return spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe.each(DATABASES)('cached sessions on %s', (kind) => {
  let t: TestApp;
  let peer: PeerApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    peer = await createPeerApp(t);
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  /** A fresh admin session (later tests move the clock on by days). */
  const admin = async (): Promise<ReturnType<typeof as>> => as(t, await t.login());

  /** A new account of the demo company (owner role unless told) and a session of it. */
  async function account(
    username: string,
    roleId = 5,
    companyId = 2,
  ): Promise<{ id: number; token: string }> {
    const created = await (
      await admin()
    ).post<{ id: number }>('/user', { username, password: PASSWORD, roleId, companyId });
    expect(created).toMatchObject({ status: 200 });
    return { id: created.data.id, token: await t.login(username, PASSWORD) };
  }

  /** Both apps have answered the token once, so both hold it in their caches. */
  async function warm(token: string): Promise<void> {
    expect((await info(t.app, token)).status).toBe(200);
    expect((await info(peer.app, token)).status).toBe(200);
  }

  it('answers a warm /api/info and /api/routes without a database round trip', async () => {
    const token = await t.login();
    await warm(token);
    expect(await status(t.app, '/api/routes', token)).toBe(200);
    const queries = await countQueries(t.database, async () => {
      for (let i = 0; i < 3; i += 1) {
        expect(await info(t.app, token)).toMatchObject({ status: 200, data: { username: 'admin' } });
        expect(await status(t.app, '/api/routes', token)).toBe(200);
      }
    });
    expect(queries).toBe(0);
    // Sliding expiry: one write per session and process once the touch interval has passed, then none.
    t.clock.advance(SessionPolicy.touchEverySeconds);
    const touches = await countQueries(t.database, async () => {
      for (let i = 0; i < 3; i += 1) expect((await info(t.app, token)).status).toBe(200);
    });
    expect(touches).toBe(1);
  });

  it("never answers one token with another token's session", async () => {
    const alice = await account('cache.alice');
    const adminToken = await t.login();
    await warm(alice.token);
    await warm(adminToken);
    for (let i = 0; i < 3; i += 1) {
      expect((await info(t.app, alice.token)).data?.username).toBe('cache.alice');
      expect((await info(peer.app, adminToken)).data?.username).toBe('admin');
      expect((await info(peer.app, alice.token)).data?.username).toBe('cache.alice');
      expect((await info(t.app, adminToken)).data?.username).toBe('admin');
    }
    const last = alice.token.at(-1) === 'A' ? 'B' : 'A';
    const forged = `${alice.token.slice(0, -1)}${last}`;
    expect((await info(t.app, forged)).status).toBe(Status.NOT_LOGGED_IN);
    expect((await info(peer.app, forged)).status).toBe(Status.NOT_LOGGED_IN);
  });

  it('refuses a logged-out token at once, here and on the other process', async () => {
    const { token } = await account('cache.bob');
    await warm(token);
    const seen = nextChange(peer.app, (c) => c.kind === 'session');
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.json()).toMatchObject({ status: 200 });
    expect((await info(t.app, token)).status).toBe(Status.NOT_LOGGED_IN);
    await seen;
    expect((await info(peer.app, token)).status).toBe(Status.NOT_LOGGED_IN);
  });

  it("ends a disabled account's cached sessions everywhere", async () => {
    const carol = await account('cache.carol');
    await warm(carol.token);
    const root = await admin();
    const seen = nextChange(peer.app, (c) => c.kind === 'user' && c.id === carol.id);
    expect(await root.put(`/user/${carol.id}/disable`)).toMatchObject({ status: 200 });
    expect((await info(t.app, carol.token)).status).toBe(Status.SESSION_ENDED);
    await seen;
    expect((await info(peer.app, carol.token)).status).toBe(Status.SESSION_ENDED);
  });

  it("applies a role's new permissions and a user's new role at once", async () => {
    const role = (name: string, permissions: string[]) => ({
      name,
      visibility: 'PRIVATE',
      roleType: 'MANAGER',
      permissions,
    });
    const root = await admin();
    const viewers = await root.post<{ id: number }>('/role', role('Cache viewers', ['account:view']));
    const others = await root.post<{ id: number }>('/role', role('Cache others', ['account:view']));
    expect([viewers.status, others.status]).toEqual([200, 200]);
    const dave = await account('cache.dave', viewers.data.id, 1);
    await warm(dave.token);
    expect(await status(peer.app, '/api/user/page?pageNum=1&pageSize=5', dave.token)).toBe(200);

    const roleSeen = nextChange(peer.app, (c) => c.kind === 'role' && c.id === viewers.data.id);
    expect(await root.put('/role', { id: viewers.data.id, ...role('Cache viewers', []) })).toMatchObject({
      status: 200,
    });
    expect(await status(t.app, '/api/user/page?pageNum=1&pageSize=5', dave.token)).toBe(Status.FORBIDDEN);
    await roleSeen;
    expect(await status(peer.app, '/api/user/page?pageNum=1&pageSize=5', dave.token)).toBe(Status.FORBIDDEN);
    expect((await info(peer.app, dave.token)).data?.perms).toEqual([]);

    const userSeen = nextChange(peer.app, (c) => c.kind === 'user' && c.id === dave.id);
    expect(await root.put('/user', { id: dave.id, roleId: others.data.id, companyId: 1 })).toMatchObject({
      status: 200,
    });
    expect((await info(t.app, dave.token)).status).toBe(Status.SESSION_ENDED);
    await userSeen;
    expect((await info(peer.app, dave.token)).status).toBe(Status.SESSION_ENDED);
  });

  it("ends a user's other sessions everywhere when they change their password", async () => {
    const { token: here } = await account('cache.erin');
    const elsewhere = await t.login('cache.erin', PASSWORD);
    await warm(here);
    await warm(elsewhere);
    const seen = nextChange(peer.app, (c) => c.kind === 'session');
    const changed = await as(t, here).put('/user/password', {
      oldPassword: PASSWORD,
      newPassword: 'Cache#Pass2',
      confirmPassword: 'Cache#Pass2',
    });
    expect(changed).toMatchObject({ status: 200 });
    expect((await info(t.app, elsewhere)).status).toBe(Status.SESSION_ENDED);
    await seen;
    expect((await info(peer.app, elsewhere)).status).toBe(Status.SESSION_ENDED);
    expect((await info(peer.app, here)).status).toBe(200);
  });

  it('widens a cached company subtree on every process when a company is added below it', async () => {
    await setPasswords(t, ['demo.distributor']);
    const token = await t.login('demo.distributor', DEMO_PASSWORD);
    expect(await status(t.app, '/api/company/3', token)).toBe(200);
    expect(await status(peer.app, '/api/company/3', token)).toBe(200);
    const seen = nextChange(peer.app, (c) => c.kind === 'company');
    const created = await as(t, token).post<{ id: number }>('/company', {
      type: 'INSTALLER',
      parentId: 2,
      name: 'Cache Roofs',
    });
    expect(created).toMatchObject({ status: 200 });
    expect(await status(t.app, `/api/company/${created.data.id}`, token)).toBe(200);
    await seen;
    expect(await status(peer.app, `/api/company/${created.data.id}`, token)).toBe(200);
  });

  it.runIf(kind === 'postgres')(
    'bypasses the cache while its listening connection is down and trusts it again once back',
    async () => {
      const { token } = await account('cache.frank');
      await warm(token);
      const pid = peer.app.changes.listenerPid;
      expect(pid).not.toBeNull();
      const down = nextChange(peer.app, (c) => c.kind === 'reset' && !peer.app.changes.live);
      const back = nextChange(peer.app, (c) => c.kind === 'reset' && peer.app.changes.live);
      await t.database.db.execute(sql`select pg_terminate_backend(${pid})`);
      await down;
      // Whether the peer is still down or already listening again, the logout must count there.
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode,
      ).toBe(200);
      expect((await info(peer.app, token)).status).toBe(Status.NOT_LOGGED_IN);
      await back;
      expect(peer.app.changes.listenerPid).not.toBe(pid);
      const again = await t.login('cache.frank', PASSWORD);
      await warm(again);
      const seen = nextChange(peer.app, (c) => c.kind === 'session');
      await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(again) });
      await seen;
      expect((await info(peer.app, again)).status).toBe(Status.NOT_LOGGED_IN);
    },
  );

  it('expires a cached session on time, and honours an expiry pushed further by the other process', async () => {
    const { token } = await account('cache.hugo');
    await warm(token);
    // Used on this process only: the peer's cached expiry falls behind the stored one.
    t.clock.advance(SessionPolicy.renewAfterSeconds - 60);
    expect((await info(t.app, token)).status).toBe(200);
    t.clock.advance(SessionPolicy.idleTtlSeconds - SessionPolicy.renewAfterSeconds + 120);
    const late = await peer.app.inject({ method: 'GET', url: '/api/info', headers: bearer(token) });
    expect(late.json()).toMatchObject({ status: 200, data: { username: 'cache.hugo' } });
    const next = late.headers[RENEWED_TOKEN_HEADER] as string;
    await warm(next);
    t.clock.advance(SessionPolicy.idleTtlSeconds);
    expect((await info(t.app, next)).status).toBe(Status.NOT_LOGGED_IN);
    expect((await info(peer.app, next)).status).toBe(Status.NOT_LOGGED_IN);
  });

  // Last: it moves the shared clock a day on, which rotates every older token on its next use.
  it('rotates a cached token: the old one lasts the grace period on every process, then ends', async () => {
    const { token } = await account('cache.gina');
    await warm(token);
    t.clock.advance(SessionPolicy.renewAfterSeconds);
    const seen = nextChange(peer.app, (c) => c.kind === 'session');
    const rotated = await t.app.inject({ method: 'GET', url: '/api/info', headers: bearer(token) });
    const renewed = rotated.headers[RENEWED_TOKEN_HEADER];
    expect(typeof renewed).toBe('string');
    await seen;
    expect((await info(peer.app, token)).status).toBe(200);
    t.clock.advance(SessionPolicy.rotationGraceSeconds + 1);
    expect((await info(peer.app, token)).status).toBe(Status.NOT_LOGGED_IN);
    expect((await info(t.app, token)).status).toBe(Status.NOT_LOGGED_IN);
    expect((await info(peer.app, renewed as string)).data?.username).toBe('cache.gina');
  });
});
