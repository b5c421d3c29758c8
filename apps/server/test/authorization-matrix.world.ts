// The world of the authorisation matrix: tenant A (the seeded demo tree) and tenant B (built here
// through the organisation API as the administrator), the principals who log in, and what each of them
// may legitimately see. Every company, user and custom role carries a unique marker (zqC…q, zqU…q,
// zqR…q) in its name, description or email, so foreign data shows up in any response, whatever its shape.
import { isNull, not, sql } from 'drizzle-orm';
import { companies, roles, shareLinks, stationSubscriptions, users, webhooks } from '../src/db/schema.js';
import { newShareToken } from '../src/modules/share-links/share-token.js';
import type { ApiRoute } from './authorization-matrix.support.js';
import { as, DEMO_PASSWORD, setPasswords, tenantDigest, userIdOf } from './organisation-fixtures.js';
import {
  buildDeviceObjects,
  reachesDeviceObj,
  type DeviceKind,
  type DeviceObj,
} from './authorization-matrix.devices.js';
import type { TestApp } from './helpers.js';

export type Kind = 'company' | 'user' | 'role' | DeviceKind;
type OrgKind = 'company' | 'user' | 'role';

export interface Principal {
  name: string;
  kind: 'staff' | 'owner' | 'guest' | 'anonymous';
  token: string | null;
  userId: number;
  companyId: number;
  roleId: number;
}

interface Obj {
  id: number;
  companyId: number | null;
  markers: string[];
  parentId?: number | null;
  visibility?: string;
}

export interface World {
  principals: Principal[];
  anonymous: Principal;
  principal(name: string): Principal;
  companyId(label: 'B' | 'Bi'): number;
  /** The kind of object an id field names on a route, or null when the matrix does not know it. */
  kindOf(route: ApiRoute, field: string): Kind | null;
  /** Objects of another tenant for this principal (a sample of each kind). */
  foreign(p: Principal, kind: Kind): (number | string)[];
  /** An object of the principal's own reach to fill the id fields not under test. */
  own(p: Principal, kind: Kind): number | string;
  /** The current superior of a company (re-stating it is no move, so it is not probed as foreign). */
  parentOf(companyId: number): number | null;
  foreignMarkersIn(p: Principal, text: string): string[];
  digest(): Promise<Record<string, string>>;
}

const ID_FIELDS: Record<string, Kind> = {
  companyId: 'company',
  parentId: 'company',
  userId: 'user',
  roleId: 'role',
  stationId: 'station',
  gatewayId: 'gateway',
  deviceId: 'device',
  coupledDeviceId: 'device',
  stationIds: 'station',
  ownerUserId: 'user',
};
const ID_OF_PREFIX: Record<string, Kind> = {
  company: 'company',
  user: 'user',
  role: 'role',
  station: 'station',
  gateway: 'gateway',
  device: 'device',
  shareLink: 'shareLink',
  webhook: 'webhook',
};

export async function buildWorld(t: TestApp): Promise<World> {
  const demo = [
    'demo.distributor',
    'demo.installer1',
    'demo.installer2',
    'demo.owner1',
    'demo.owner2',
    'demo.owner3',
  ];
  await setPasswords(t, demo);
  const admin = as(t, await t.login());
  const id = async (p: Promise<{ status: number; data: unknown; body: string }>): Promise<number> => {
    const res = await p;
    if (res.status !== 200) throw new Error(`world setup failed: ${res.body}`);
    return (res.data as { id: number }).id;
  };
  const coB = await id(
    admin.post('/company', { type: 'DISTRIBUTOR', parentId: 1, name: 'Tenant B Distribution' }),
  );
  const coBi = await id(
    admin.post('/company', { type: 'INSTALLER', parentId: coB, name: 'Tenant B Install' }),
  );
  const person = (username: string, roleId: number, companyId: number) =>
    id(admin.post('/user', { username, password: DEMO_PASSWORD, roleId, companyId }));
  await person('zq.bdist', 2, coB);
  await person('zq.binst', 2, coBi);
  await person('zq.bown1', 5, coBi);
  const bOwner2 = await person('zq.bown2', 5, coBi);

  const guestLogin = await t.app.inject({ method: 'POST', url: '/api/login/guest' });
  const logins: [string, Principal['kind'], string | null][] = [
    ['distA', 'staff', 'demo.distributor'],
    ['instA', 'staff', 'demo.installer1'],
    ['ownerA', 'owner', 'demo.owner1'],
    ['guest', 'guest', 'guest'],
    ['distB', 'staff', 'zq.bdist'],
    ['instB', 'staff', 'zq.binst'],
    ['ownerB', 'owner', 'zq.bown1'],
  ];
  const principals: Principal[] = [];
  for (const [name, kind, username] of logins) {
    const token =
      kind === 'guest'
        ? guestLogin.json<{ data: { token: string } }>().data.token
        : await t.login(username ?? '', DEMO_PASSWORD);
    const userId = await userIdOf(t, username ?? '');
    const [row] = await t.database.db
      .select({ c: users.companyId, r: users.roleId })
      .from(users)
      .where(sql`${users.id} = ${userId}`);
    principals.push({ name, kind, token, userId, companyId: row?.c ?? 0, roleId: row?.r ?? 0 });
  }
  const by = (name: string): Principal => principals.find((p) => p.name === name) as Principal;
  const role = (p: string, name: string, visibility: string) =>
    id(
      as(t, by(p).token).post('/role', { name, visibility, roleType: 'MANAGER', permissions: ['home:view'] }),
    );
  const helios = await role('instA', 'Helios crew', 'PRIVATE');
  await role('distA', 'Demo field', 'PUBLIC');
  await role('distB', 'B office', 'PRIVATE');
  const bCrew = await role('instB', 'B crew', 'PUBLIC');
  await id(
    admin.post('/role', {
      name: 'Platform ops',
      visibility: 'PRIVATE',
      roleType: 'MANAGER',
      permissions: [],
    }),
  );
  const put = async (who: string, body: Record<string, unknown>) => {
    const res = await as(t, by(who).token).put('/user', body);
    if (res.status !== 200) throw new Error(`world setup failed: ${res.body}`);
  };
  await put('instA', { id: await userIdOf(t, 'demo.owner2'), roleId: helios, companyId: 3 });
  await put('instB', { id: bOwner2, roleId: bCrew, companyId: coBi });

  // Markers, written directly: they only label what the API built.
  const db = t.database.db;
  await db.update(companies).set({ name: sql`${companies.name} || ' zqC' || ${companies.id} || 'q'` });
  await db.update(users).set({
    description: sql`'zqU' || ${users.id} || 'q'`,
    email: sql`'zqu' || ${users.id} || 'q@example.com'`,
  });
  await db
    .update(roles)
    .set({ name: sql`${roles.name} || ' zqR' || ${roles.id} || 'q'` })
    .where(not(isNull(roles.companyId)));

  const deviceObjs: DeviceObj[] = await buildDeviceObjects(
    t,
    [
      { companyId: 3, ownerUserId: await userIdOf(t, 'demo.owner1'), label: 'A1' },
      { companyId: 4, ownerUserId: await userIdOf(t, 'demo.owner3'), label: 'A2' },
      { companyId: coBi, ownerUserId: await userIdOf(t, 'zq.bown1'), label: 'B1' },
      { companyId: coB, ownerUserId: null, label: 'B2' },
    ],
    [3, coBi],
  );
  // Managers and owners share stations here (whatever the seed grants), so the share-link routes are
  // probed past their permission check.
  await db
    .update(roles)
    .set({ permissions: sql`array_append(${roles.permissions}, 'station:share')` })
    .where(sql`${roles.id} in (2, 5) and not ('station:share' = any(${roles.permissions}))`);
  // One share link per station (Step 3), its title marked zqL…q.
  for (const station of deviceObjs.filter((o) => o.kind === 'station')) {
    const [link] = await db
      .insert(shareLinks)
      .values({ stationId: Number(station.id), token: newShareToken(), title: 'Shared' })
      .returning({ id: shareLinks.id });
    if (!link) throw new Error('share link not created');
    await db
      .update(shareLinks)
      .set({ title: `Shared zqL${link.id}q` })
      .where(sql`${shareLinks.id} = ${link.id}`);
    deviceObjs.push({ ...station, id: link.id, kind: 'shareLink', markers: [`zqL${link.id}q`] });
  }
  // Managers and owners change devices and stations here (whatever the seed grants), so the AC-coupling
  // and subscription routes are probed past their permission check.
  for (const code of ['device:update', 'station:update'])
    await db
      .update(roles)
      .set({ permissions: sql`array_append(${roles.permissions}, ${code})` })
      .where(sql`${roles.id} in (2, 5) and not (${code} = any(${roles.permissions}))`);
  // Managers and owners delete and assign stations here too (whatever the seed grants), so those routes
  // are probed past their permission check.
  for (const code of ['station:delete', 'station:assign'])
    await db
      .update(roles)
      .set({ permissions: sql`array_append(${roles.permissions}, ${code})` })
      .where(sql`${roles.id} in (2, 5) and not (${code} = any(${roles.permissions}))`);
  // One event subscription per station (Step 3), its subject marked zqE…q.
  for (const station of deviceObjs.filter((o) => o.kind === 'station')) {
    const [sub] = await db
      .insert(stationSubscriptions)
      .values({
        stationId: Number(station.id),
        subject: 'Events',
        notifyType: 'REAL_TIME',
        email: 'e@example.com',
      })
      .returning({ id: stationSubscriptions.id });
    if (!sub) throw new Error('subscription not created');
    await db
      .update(stationSubscriptions)
      .set({ subject: `Events zqE${sub.id}q` })
      .where(sql`${stationSubscriptions.id} = ${sub.id}`);
    deviceObjs.push({ ...station, id: sub.id, kind: 'subscription', markers: [`zqE${sub.id}q`] });
  }

  // One webhook per company below the platform (Step 5a), its name marked zqW…q; reached like an unbound
  // logger: by staff of the company's subtree (managers hold alarm:subscribe), never by owners.
  for (const company of await db
    .select({ id: companies.id })
    .from(companies)
    .where(not(isNull(companies.parentId)))) {
    const [hook] = await db
      .insert(webhooks)
      .values({
        companyId: company.id,
        name: 'Hook',
        url: 'https://hooks.example.com/zq',
        secret: 'matrix-webhook-secret',
        events: ['RAISED'],
      })
      .returning({ id: webhooks.id });
    if (!hook) throw new Error('webhook not created');
    await db
      .update(webhooks)
      .set({ name: `Hook zqW${hook.id}q` })
      .where(sql`${webhooks.id} = ${hook.id}`);
    deviceObjs.push({
      id: hook.id,
      kind: 'webhook',
      stationId: null,
      companyId: company.id,
      ownerUserId: null,
      markers: [`zqW${hook.id}q`],
    });
  }

  const companyRows = await db.select().from(companies);
  const userRows = await db.select().from(users);
  const roleRows = await db.select().from(roles);
  const companyObjs: Obj[] = companyRows.map((c) => ({
    id: c.id,
    companyId: c.id,
    parentId: c.parentId,
    markers: [`zqC${c.id}q`],
  }));
  const userObjs: Obj[] = userRows.map((u) => ({
    id: u.id,
    companyId: u.companyId,
    markers: [`zqU${u.id}q`, ...(u.username.includes('.') ? [u.username] : [])],
  }));
  const roleObjs: Obj[] = roleRows.map((r) => ({
    id: r.id,
    companyId: r.companyId,
    visibility: r.visibility,
    markers: r.companyId === null ? [] : [`zqR${r.id}q`],
  }));

  const subtree = (root: number): number[] => {
    const out = [root];
    for (let i = 0; i < out.length; i++)
      for (const c of companyObjs) if (c.parentId === out[i]) out.push(c.id);
    return out;
  };
  const ancestors = (companyId: number): number[] => {
    const out: number[] = [];
    for (let c = companyObjs.find((x) => x.id === companyId); c?.parentId != null;) {
      out.push(c.parentId);
      c = companyObjs.find((x) => x.id === c?.parentId);
    }
    return out;
  };
  /** What a principal may see: their subtree (staff, guest) or themselves (owners), and their superiors' names. */
  const reach = (p: Principal): Record<OrgKind, Obj[]> => {
    if (p.kind === 'anonymous') return { company: [], user: [], role: [] };
    const tree = p.kind === 'owner' ? [] : subtree(p.companyId);
    const above = ancestors(p.companyId);
    return {
      company: companyObjs.filter((c) => tree.includes(c.id) || c.id === p.companyId || above.includes(c.id)),
      user: userObjs.filter((u) =>
        p.kind === 'owner' ? u.id === p.userId : tree.includes(u.companyId ?? 0),
      ),
      role: roleObjs.filter(
        (r) =>
          p.kind !== 'owner' &&
          (r.companyId === null
            ? r.visibility === 'PUBLIC'
            : tree.includes(r.companyId) || (r.visibility === 'PUBLIC' && above.includes(r.companyId))),
      ),
    };
  };
  const deviceReach = (p: Principal): DeviceObj[] =>
    deviceObjs.filter((o) => reachesDeviceObj(o, p, p.kind === 'owner' ? [] : subtree(p.companyId)));
  const isDeviceKind = (kind: Kind): kind is DeviceKind =>
    kind === 'station' ||
    kind === 'gateway' ||
    kind === 'device' ||
    kind === 'command' ||
    kind === 'shareLink' ||
    kind === 'subscription' ||
    kind === 'webhook' ||
    kind === 'alarm';
  const allMarkers = [...companyObjs, ...userObjs, ...roleObjs, ...deviceObjs].flatMap((o) => o.markers);
  const anonymous: Principal = {
    name: 'anonymous',
    kind: 'anonymous',
    token: null,
    userId: 0,
    companyId: 0,
    roleId: 0,
  };

  return {
    principals: [...principals, anonymous],
    anonymous,
    principal: by,
    companyId: (label) => (label === 'B' ? coB : coBi),
    kindOf: (route, field) => {
      if (field === 'id' && route.url.startsWith('/api/gateway/command/')) return 'command';
      if (field === 'id' && route.url.startsWith('/api/command/')) return 'command';
      if (field === 'id' && route.url.startsWith('/api/station/gateway/inverter/acCouple/')) return 'device';
      if (field === 'id' && route.url.startsWith('/api/station/subscription')) return 'subscription';
      if ((field === 'id' || field === 'ids') && route.url.startsWith('/api/alarm/')) return 'alarm';
      if (field === 'id') return ID_OF_PREFIX[route.url.split('/')[2] ?? ''] ?? null;
      return ID_FIELDS[field] ?? null;
    },
    foreign: (p, kind) => {
      if (isDeviceKind(kind)) {
        const mine = new Set(deviceReach(p).map((o) => o.id));
        const others = deviceObjs.filter((o) => o.kind === kind && !mine.has(o.id)).map((o) => o.id);
        return p.kind === 'anonymous' ? others.slice(0, 2) : others;
      }
      const mine = new Set(reach(p)[kind].map((o) => o.id));
      // Superiors' names may show (as parentName), but their objects are out of reach.
      if (kind === 'company' && p.kind !== 'anonymous')
        for (const c of ancestors(p.companyId)) mine.delete(c);
      // The principal's own role (the guest's and display roles are private built-ins) is theirs.
      if (kind === 'role') mine.add(p.roleId);
      const pool = { company: companyObjs, user: userObjs, role: roleObjs }[kind];
      const others = pool.filter((o) => !mine.has(o.id)).map((o) => o.id);
      return p.kind === 'anonymous' ? others.slice(0, 2) : others;
    },
    own: (p, kind) => {
      if (isDeviceKind(kind)) {
        // Prefer a bound object: unbound loggers only exist for staff.
        const mine = deviceReach(p).filter((o) => o.kind === kind);
        return (mine.find((o) => o.stationId !== null) ?? mine[0])?.id ?? 1;
      }
      if (kind === 'company') return p.companyId || 1;
      if (kind === 'role') return 5;
      const candidates = reach(p).user.filter((u) => u.id !== p.userId);
      const owner = candidates.find((u) => userRows.find((r) => r.id === u.id)?.roleId === 5);
      return owner?.id ?? candidates[0]?.id ?? p.userId ?? 1;
    },
    parentOf: (companyId) => companyObjs.find((c) => c.id === companyId)?.parentId ?? null,
    foreignMarkersIn: (p, text) => {
      const allowed = new Set([
        ...Object.values(reach(p))
          .flat()
          .flatMap((o) => o.markers),
        ...deviceReach(p).flatMap((o) => o.markers),
      ]);
      const lower = text.toLowerCase();
      return allMarkers.filter((m) => !allowed.has(m) && lower.includes(m.toLowerCase()));
    },
    digest: () => tenantDigest(t),
  };
}
