// The authorisation matrix (Step 2a): two tenant trees, eight principals, every /api route of the router.
// Each principal calls each route with objects of another tenant and must get no foreign data back, a
// refusal (4001/4003/4004) for ids it may not reach, and a database that did not change. Routes the
// matrix cannot probe fail the test by name unless an allow-list below says why they need no probe.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema.js';
import { createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { listApiRoutes, operationOf, type ApiRoute } from './authorization-matrix.support.js';
import { buildWorld, type World } from './authorization-matrix.world.js';
import { probeRoute, type Finding } from './authorization-matrix.probe.js';

/** Reachable without a session, on purpose. */
const PUBLIC: Record<string, string> = {
  'POST /api/login': 'the login form',
  'POST /api/login/guest': 'the guest button of the login page',
  'GET /api/config': 'settings the login page needs',
  'GET /api/health': 'load balancer probe, no tenant data',
  'GET /api/language/:key/list': 'translations for the login page',
  'GET /api/openapi.json': 'the API description',
  'GET /api/docs*': 'the API browser',
  'GET /api/file/:id': 'stored images by unguessable random id (logos, avatars)',
  'POST /api/find/code': 'verification codes for registration and recovery; never reveals accounts',
  'POST /api/find/user/register': 'installer and distributor registration',
  'POST /api/find/signUp': 'site owners sign up with an authorization code',
  'POST /api/find/password': 'password recovery by code',
  'POST /api/find/name': 'account name recovery by code (sent, never returned)',
  'POST /api/mqtt/emqx/auth': 'EMQX asks whether a logger may connect (shared secret, else 4004)',
  'POST /api/mqtt/emqx/acl': 'EMQX asks whether a logger may use a topic (shared secret, else 4004)',
  'POST /api/mqtt/goauth/user': 'mosquitto-go-auth: may a logger connect (shared secret, else 4004)',
  'POST /api/mqtt/goauth/superuser': 'mosquitto-go-auth: is this the server user (shared secret, else 4004)',
  'POST /api/mqtt/goauth/acl': 'mosquitto-go-auth: may a logger use a topic (shared secret, else 4004)',
  'GET /api/station/share':
    'read-only station view behind an unguessable 256-bit share token (one 4004 for unknown, expired, revoked)',
  'GET /api/station/powerChartData/share':
    'power chart of a shared station (share token, rate-limited per address)',
  'GET /api/station/electricityChartData/share':
    'energy chart of a shared station (share token, rate-limited per address)',
  'GET /api/station/weather/share': 'weather of a shared station (share token, rate-limited per address)',
  'GET /api/subscription/unsubscribe':
    'the unsubscribe link of a notification mail: a server-signed token naming one subscription',
  'POST /api/subscription/unsubscribe':
    'the button of the unsubscribe page: the same server-signed token, switches that subscription off',
  'GET /api/firmware/download/:token':
    "a logger's firmware download: an unguessable 256-bit link valid while its upgrade command is open (firmware.test.ts)",
  'GET /api/appRelease/current':
    'the current companion-app release per platform: what the login page and the app itself show (app-release.test.ts)',
  'GET /api/appRelease/download/:id':
    'the package of a published companion-app release, the link phones scan from the login page (app-release.test.ts)',
  'POST /api/clientError':
    "the console's error reports, also from the login page: size-capped, rate-limited per address (client-errors.test.ts)",
};

/** Writes that name no object: they act on the caller's own session, account or company only. */
const SELF_ONLY: Record<string, string> = {
  'POST /api/logout': "ends the caller's own session",
  'POST /api/columnOption': "the caller's own column choice",
  'PUT /api/user/profile': "the caller's own personal data",
  'PUT /api/user/password': "the caller's own password (current password required)",
  'PUT /api/user/email': "the caller's own email (password and code required)",
  'PUT /api/user/mobile': "the caller's own mobile number (password and code required)",
  'POST /api/user/avatar': "the caller's own avatar",
  'POST /api/role': "creates a role owned by the caller's own company",
  'POST /api/gateway/register': "factory registration: the new logger belongs to the caller's company",
  'POST /api/gateway/import': "factory import: the new loggers belong to the caller's company",
  'POST /api/queryHistory': "the caller's own search history (extraId is only echoed back to them)",
  'DELETE /api/clearQueryHistory': "clears the caller's own search history",
  'POST /api/webhook': "creates a webhook of the caller's own company",
  'POST /api/station/photo':
    "stores a picture of the caller's own; it reaches a station only via POST/PUT /station",
};

/** Reference data shared by every tenant: reads for all, writes only with a platform permission. */
const GLOBAL: Record<string, string> = {
  '/api/currency': 'currencies',
  '/api/region': 'regions',
  '/api/timezone': 'time zones',
  '/api/country': 'countries',
  '/api/translation': 'the translation table',
  '/api/language/list': 'the language list',
  '/api/deviceProtocol': 'device protocol definitions (register maps), platform-edited',
  '/api/displayGroup': 'display groups of the register screens',
  '/api/deviceRule': 'SN-prefix rules that identify device models',
  '/api/deviceModel': 'the device model catalogue',
  '/api/faultCode': 'the fault-code catalogue (alarm code texts), platform-edited',
  '/api/firmware': 'the firmware library: images for device models, platform-managed (firmware.test.ts)',
  '/api/bigScreen/showcase':
    "the big screen's demonstration switch: one platform setting, switched by platform administrators only (big-screen.test.ts)",
  // Platform-wide on purpose (docs/documents.md): no company owns a document; reads are filtered by the
  // caller's roles (hidden = 4004 like missing), writes need documents:update (documents.test.ts).
  '/api/document': 'platform documents, shown per role (documents.test.ts)',
  '/api/appRelease': 'companion-app releases of the platform (app-release.test.ts)',
  '/api/clientError':
    "the console's runtime errors: no tenant data, read by platform staff only (runtimeError:view)",
};

/**
 * Routes whose bodies are consistent only as a whole (a rule's kind-specific fields; a maintenance window
 * either one-off or weekly), which the generated samples cannot give: their tenancy (foreign and unknown
 * stations, devices, rules and windows → 4004; global and model rules → 4003 outside the platform; lists
 * without foreign rows) is tested in alarm-engine.test.ts.
 */
const TESTED_IN_SUITE: Record<string, string> = {
  '/api/alarmRule*': 'alarm rules (alarm-engine.test.ts)',
  '/api/maintenanceWindow*': 'maintenance windows (alarm-engine.test.ts)',
  // A run's devices must all be of its model; foreign devices → 4000 naming them, foreign tests → 4004
  // like missing ones, pages without foreign tests, exports likewise.
  '/api/remote/registerTest*': 'batch register tests (register-test.test.ts)',
  // Only a battery has storage settings, and the matrix's own device is an inverter; foreign and missing
  // devices answer 4004 alike and nothing is sent, for every remote call (remote-authority.test.ts).
  '/api/remote/storage*': 'battery storage settings (remote-authority.test.ts)',
  // A scan's devices must be inverters of its station: foreign devices → 4000 naming them (as a register
  // test's), foreign stations and tasks → 4004 like missing ones, pages without foreign tasks.
  '/api/iv/*': 'IV scan tasks (iv-scan.test.ts)',
  // A recording's device must be an inverter in reach (4000 recording.notInverter for others, 4004 for
  // foreign and missing ones, nothing stored or sent); foreign recordings and their CSV answer 4004.
  '/api/recording/*': 'fault recordings (recording.test.ts)',
  // A task's devices must share its image's type and model and obey the joint-upgrade rules: foreign
  // devices and stations → 4004 like missing ones, nothing stored; foreign tasks → 4004; pages without
  // foreign tasks (upgrade-rules.test.ts).
  '/api/upgrade/*': 'upgrade tasks (upgrade-rules.test.ts)',
  // A key's company must lie in reach (foreign and missing → 4004, nothing stored), pages hold no foreign
  // keys, foreign keys cannot be revoked (4004); what a key itself may call is tested there too.
  '/api/apiKey*': 'API keys of interface management (api-keys.test.ts)',
  // A comparison names its stations in one comma-separated query value and a view's stations must all be
  // in reach: foreign stations → 4004 like missing ones, another user's views → 4004, nothing stored
  // (statistics.test.ts).
  '/api/statistics/*': 'income and yield statistics and saved views (statistics.test.ts)',
  // Multipart bodies the generated samples cannot build: another user's feedback, and feedback of a company
  // outside a staff member's scope, answer 4004 like a missing id for every route, screenshots included;
  // lists hold only the caller's own or in-scope feedback; nothing is stored (feedback.test.ts).
  '/api/feedback*': 'comments and feedback (feedback.test.ts)',
};

/** Streams that never end, so app.inject cannot read them: their tenancy is tested over a real server. */
const STREAMING: Record<string, string> = {
  'GET /api/live':
    'Server-Sent Events; refusals (4004 for foreign = missing, before streaming) and delivery in live.test.ts',
  'GET /api/live/alarms':
    "Server-Sent Events; only alarms in the caller's reach are sent (live-alarms.test.ts); alarm:view checked by the route's perm",
  'GET /api/live/commands':
    "Server-Sent Events; only commands in the caller's reach are sent (command-centre.test.ts); gateway:view checked by the route's perm",
};

const key = (r: ApiRoute): string => `${r.method} ${r.url}`;
const listed = (table: Record<string, string>, r: ApiRoute): boolean =>
  key(r) in table || Object.keys(table).some((k) => k.endsWith('*') && key(r).startsWith(k.slice(0, -1)));
const inSuite = (r: ApiRoute): boolean =>
  Object.keys(TESTED_IN_SUITE).some((k) => r.url === k.slice(0, -1) || r.url.startsWith(k.slice(0, -1)));
const isGlobal = (r: ApiRoute): boolean =>
  Object.keys(GLOBAL).some((prefix) => r.url === prefix || r.url.startsWith(`${prefix}/`));

const SELFTEST = '/api/matrix-selftest';

/**
 * Two routes "added later" that a careless module might register: an unscoped read of any company and a
 * write naming no object. The matrix must catch both, which shows it covers routes nobody told it about.
 */
function addCarelessRoutes(app: FastifyInstance, db: () => TestApp['database']['db']): void {
  void app.register(
    async (api) => {
      api.get(
        '/matrix-selftest/:companyId',
        { schema: { params: Type.Object({ companyId: Type.Integer({ minimum: 1 }) }) } },
        async (request) => {
          const { companyId } = request.params as { companyId: number };
          const rows = await db()
            .select({ name: companies.name })
            .from(companies)
            .where(eq(companies.id, companyId));
          return { status: 200, enMsg: 'OperationSuccess', data: rows[0] ?? null };
        },
      );
      api.post(
        '/matrix-selftest/note',
        { schema: { body: Type.Object({ note: Type.String() }) } },
        async () => ({
          status: 200,
          enMsg: 'OperationSuccess',
          data: null,
        }),
      );
    },
    { prefix: '/api' },
  );
}

describe.each(oneDatabase())('authorisation matrix on %s', (kind) => {
  let t: TestApp;
  let world: World;
  let routes: ApiRoute[];
  let careless: ApiRoute[];

  beforeAll(async () => {
    t = await createTestApp(kind, { extend: (app) => addCarelessRoutes(app, () => t.database.db) });
    world = await buildWorld(t);
    const all = listApiRoutes(t.app);
    routes = all.filter((r) => !r.url.startsWith(SELFTEST));
    careless = all.filter((r) => r.url.startsWith(SELFTEST));
  }, 240_000);
  afterAll(() => t.close());

  /** Routes neither probed nor allow-listed, with what is missing. */
  async function unclassified(list: readonly ApiRoute[]): Promise<string[]> {
    const out: string[] = [];
    for (const route of list) {
      if (
        listed(PUBLIC, route) ||
        listed(SELF_ONLY, route) ||
        isGlobal(route) ||
        listed(STREAMING, route) ||
        inSuite(route)
      )
        continue;
      const op = operationOf(t.app, route);
      if (op === null) {
        out.push(`${key(route)}: not in the OpenAPI document, so its request shape is unknown`);
        continue;
      }
      const ids = [...Object.keys(op.pathParams), ...Object.keys(op.body?.properties ?? {})];
      if (route.method !== 'GET' && !ids.some((f) => world.kindOf(route, f) !== null))
        out.push(
          `${key(route)}: a write naming no object id; add it to SELF_ONLY with a reason, or probe it`,
        );
      for (const field of ids.filter((f) => /^(id|.*Ids?)$/.test(f) && world.kindOf(route, f) === null))
        out.push(`${key(route)}: id field '${field}' of an unknown kind; teach world.kindOf about it`);
    }
    // Public routes answer without a session; anything else answering so is a hole.
    for (const route of list) {
      // A wildcard cannot be requested literally (printRoutes also folds its prefix away): it must be listed.
      if (route.url.includes('*')) {
        if (!listed(PUBLIC, route)) out.push(`${key(route)}: a wildcard route nobody listed`);
        continue;
      }
      const res = await t.app.inject({ method: route.method, url: route.url.replace(/:\w+/g, '1') });
      const json = String(res.headers['content-type'] ?? '').includes('json');
      const status = (json ? res.json<{ status?: number }>().status : undefined) ?? res.statusCode * 10;
      const open = status !== 4001;
      if (open && !listed(PUBLIC, route)) out.push(`${key(route)}: answers without a session (${status})`);
      if (!open && listed(PUBLIC, route)) out.push(`${key(route)}: listed as PUBLIC but asks for a session`);
    }
    return out;
  }

  it('sees the whole route table, including the organisation routes', () => {
    const keys = routes.map(key);
    expect(keys).toEqual(
      expect.arrayContaining(['GET /api/company/:id', 'PUT /api/user', 'DELETE /api/role/:id']),
    );
    expect(routes.length).toBeGreaterThan(30);
  });

  it('classifies every route: probed, or allow-listed with a reason', async () => {
    expect(await unclassified(routes)).toEqual([]);
  });

  it('no principal reaches another tenant’s objects, and refused calls change nothing', async () => {
    const findings: Finding[] = [];
    let probes = 0;
    // Nothing runs between two probes: one probe's `after` is the next one's `before`.
    let before = await world.digest();
    for (const route of routes) {
      if (listed(PUBLIC, route) && route.method !== 'GET') continue;
      if (listed(STREAMING, route) || inSuite(route)) continue;
      const op = operationOf(t.app, route);
      if (op === null) continue;
      const mode = listed(PUBLIC, route)
        ? 'public'
        : listed(SELF_ONLY, route)
          ? 'self'
          : isGlobal(route)
            ? 'global'
            : 'tenant';
      const result = await probeRoute(t, world, route, op, mode);
      probes += result.probes;
      findings.push(...result.findings);
      const after = await world.digest();
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0)
        findings.push({ route: key(route), who: '*', problem: `changed ${changed.join(', ')}` });
      before = after;
    }
    expect(findings).toEqual([]);
    expect(probes).toBeGreaterThan(500);
  }, 600_000);

  it('notices a change to any row of any table in its digest', async () => {
    const before = await world.digest();
    const id = world.companyId('B');
    const [row] = await t.database.db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, id));
    await t.database.db
      .update(companies)
      .set({ name: `${row!.name}!` })
      .where(eq(companies.id, id));
    const after = await world.digest();
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual(['companies']);
    await t.database.db.update(companies).set({ name: row!.name }).where(eq(companies.id, id));
    expect(await world.digest()).toEqual(before);
  });

  it('catches routes added later: an unscoped read and an unlisted write', async () => {
    expect(await unclassified(careless)).toEqual([
      'POST /api/matrix-selftest/note: a write naming no object id; add it to SELF_ONLY with a reason, or probe it',
    ]);
    const read = careless.find((r) => r.method === 'GET') as ApiRoute;
    const op = operationOf(t.app, read);
    const { findings } = await probeRoute(t, world, read, op!, 'tenant');
    const distA = findings.filter((f) => f.who === 'distA').map((f) => f.problem);
    expect(distA).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`companyId=${world.companyId('B')}: foreign data`)),
      ]),
    );
  });
});
