// Shared set-up of the loggers API tests: the demo tree with passwords, managers allowed to bind,
// unbind and rename loggers, the factory's logger model, and one station per installer.
import { Perm } from '@sunfleet/contracts';
import { eq } from 'drizzle-orm';
import { deviceModels, roles, users } from '../src/db/schema.js';
import type { TestApp } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import { createTestStation } from './support/loggers.js';

export const LOGGER_MODEL = 'SF-LOGGER-4G';

export type Client = ReturnType<typeof as>;

export interface GatewayWorld {
  admin: Client;
  distributor: Client;
  installer1: Client;
  installer2: Client;
  owner1: Client;
  owner3: Client;
  guest: Client;
  /** Helios (company 3), associated with demo.owner1. */
  station3: number;
  /** Alpine (company 4), associated with demo.owner3. */
  station4: number;
}

/** The GATEWAY model the factory registers loggers as (seeded by the registry when present). */
export async function ensureLoggerModel(t: TestApp, model = LOGGER_MODEL): Promise<void> {
  await t.database.db.insert(deviceModels).values({ deviceType: 'GATEWAY', model }).onConflictDoNothing();
}

export async function gatewayWorld(t: TestApp): Promise<GatewayWorld> {
  await ensureLoggerModel(t);
  // Whether managers get the logger actions by default is the seed's business; these tests need them.
  const extra = [Perm.gatewayBind, Perm.gatewayUnbind, Perm.gatewayUpdate];
  const [manager] = await t.database.db
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.id, 2));
  const permissions = [...new Set([...(manager?.permissions ?? []), ...extra])];
  await t.database.db.update(roles).set({ permissions }).where(eq(roles.id, 2));
  await setPasswords(t, [
    'demo.distributor',
    'demo.installer1',
    'demo.installer2',
    'demo.owner1',
    'demo.owner3',
  ]);
  const userId = async (username: string): Promise<number> => {
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username));
    if (!row) throw new Error(username);
    return row.id;
  };
  const station3 = await createTestStation(t.database.db, {
    companyId: 3,
    ownerUserId: await userId('demo.owner1'),
  });
  const station4 = await createTestStation(t.database.db, {
    companyId: 4,
    ownerUserId: await userId('demo.owner3'),
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/login/guest' });
  return {
    admin: as(t, await t.login()),
    distributor: as(t, await t.login('demo.distributor', DEMO_PASSWORD)),
    installer1: as(t, await t.login('demo.installer1', DEMO_PASSWORD)),
    installer2: as(t, await t.login('demo.installer2', DEMO_PASSWORD)),
    owner1: as(t, await t.login('demo.owner1', DEMO_PASSWORD)),
    owner3: as(t, await t.login('demo.owner3', DEMO_PASSWORD)),
    guest: as(t, res.json<{ data: { token: string } }>().data.token),
    station3: station3.id,
    station4: station4.id,
  };
}

/** The body of an answer without its request id, to compare two answers for equality. */
export const withoutRequestId = (body: string): unknown =>
  ({ ...JSON.parse(body), requestId: null }) as unknown;
