// SQL of the batch register test: the devices a test names (in the caller's reach, with their model's
// register map), the tests themselves and the commands that carry them (commands.batch_id = test id).
// A test is visible to a caller who reaches every logger it sent to.
import type { CommandState, RegisterDefinition } from '@sunfleet/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  commands,
  deviceModels,
  devices,
  gateways,
  protocolDefinitions,
  registerTests,
  stations,
  users,
} from '../../db/schema.js';
import { deviceInScope, gatewayInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

export interface TestDevice {
  id: number;
  sn: string;
  model: string;
  gatewayId: number;
  /** The register map of the device's model; null without a definition. */
  registers: RegisterDefinition[] | null;
}

/** What a test asked each device to read, as stored in register_tests.spec. */
export interface RegisterTestSpec {
  keys: string[];
  address: number;
  count: number;
  /** The definitions of the keys when the test ran (their values are decoded with these). */
  registers: RegisterDefinition[];
}

export type RegisterTestRecord = typeof registerTests.$inferSelect & { createdBy: string | null };

export interface TestCommand {
  id: string;
  testId: string;
  deviceId: number;
  deviceSn: string;
  gatewaySn: string;
  stationName: string | null;
  state: CommandState;
  error: string | null;
  result: Record<string, unknown> | null;
}

export class RegisterTestRepository {
  constructor(private readonly db: Db) {}

  /** The devices among `ids` that the caller reaches, with the register map of their model. */
  async devices(scope: Scope, ids: readonly number[]): Promise<TestDevice[]> {
    const modelOf = sql`coalesce(${devices.modelId}, (select m.id from device_models m
      where m.device_type = ${devices.deviceType} and m.model = ${devices.model}))`;
    return this.db
      .select({
        id: devices.id,
        sn: devices.sn,
        model: devices.model,
        gatewayId: devices.gatewayId,
        registers: protocolDefinitions.registers,
      })
      .from(devices)
      .leftJoin(deviceModels, sql`${deviceModels.id} = ${modelOf}`)
      .leftJoin(protocolDefinitions, eq(protocolDefinitions.id, deviceModels.definitionId))
      .where(and(inArray(devices.id, [...ids]), deviceInScope(scope)));
  }

  async insert(values: typeof registerTests.$inferInsert): Promise<void> {
    await this.db.insert(registerTests).values(values);
  }

  /** A test the caller may see, or null (foreign = missing). */
  async test(scope: Scope, id: string): Promise<RegisterTestRecord | null> {
    const rows = await this.select(and(eq(registerTests.id, id), this.visible(scope)), {
      offset: 0,
      limit: 1,
    });
    return rows[0] ?? null;
  }

  async page(
    scope: Scope,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: RegisterTestRecord[] }> {
    const where = this.visible(scope);
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(registerTests)
      .where(where);
    return { total: count?.n ?? 0, list: await this.select(where, window) };
  }

  /** The commands of these tests, by device SN and newest first within a device. */
  async commands(testIds: readonly string[]): Promise<TestCommand[]> {
    if (testIds.length === 0) return [];
    const rows = await this.db
      .select({
        id: commands.id,
        testId: commands.batchId,
        deviceId: devices.id,
        deviceSn: devices.sn,
        gatewaySn: gateways.sn,
        stationName: stations.name,
        state: commands.state,
        error: commands.error,
        result: commands.result,
      })
      .from(commands)
      .innerJoin(devices, eq(devices.id, commands.deviceId))
      .innerJoin(gateways, eq(gateways.id, commands.gatewayId))
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .where(inArray(commands.batchId, [...testIds]))
      .orderBy(asc(devices.sn), desc(commands.createdAt), desc(commands.id));
    return rows.flatMap((r) => (r.testId === null ? [] : [{ ...r, testId: r.testId }]));
  }

  /** Every logger the test sent to is in reach (undefined = all tests); an unknown answer counts as not. */
  private visible(scope: Scope): SQL | undefined {
    const inReach = gatewayInScope(scope);
    if (inReach === undefined) return undefined;
    return sql`not exists (select 1 from ${commands} join ${gateways} on ${gateways.id} = ${commands.gatewayId}
      where ${commands.batchId} = ${registerTests.id} and not coalesce((${inReach}), false))`;
  }

  private async select(
    where: SQL | undefined,
    window: { offset: number; limit: number },
  ): Promise<RegisterTestRecord[]> {
    const rows = await this.db
      .select({ test: registerTests, createdBy: users.username })
      .from(registerTests)
      .leftJoin(users, eq(users.id, registerTests.createdByUserId))
      .where(where)
      .orderBy(desc(registerTests.createdAt), desc(registerTests.id))
      .offset(window.offset)
      .limit(window.limit);
    return rows.map((r) => ({ ...r.test, createdBy: r.createdBy }));
  }
}
