// Tenancy of stations, loggers and devices (Step 2b), built on scopeWhere so the rule lives in one place:
// a station belongs to its company (and, for owners, to its associated account); a logger belongs to its
// station, or — while unbound — to the company that registered or holds it; a device to its logger.
import { and, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import { devices, gateways, stations } from '../../db/schema.js';
import { scopeWhere, type Scope } from './scope.js';

/** Condition on `stations` rows the caller may reach (undefined = all). */
export function stationInScope(scope: Scope): SQL | undefined {
  return scopeWhere(scope, { companyId: stations.companyId, userId: stations.ownerUserId });
}

/** Condition on `gateways` rows the caller may reach (undefined = all). */
export function gatewayInScope(scope: Scope): SQL | undefined {
  if (scope.kind === 'platform') return undefined;
  const viaStation = stationInScope(scope);
  const boundAndReachable = exists(
    sql`(select 1 from ${stations} where ${stations.id} = ${gateways.stationId} and ${viaStation ?? sql`true`})`,
  );
  // Owners reach loggers only through their stations; company staff also reach unbound loggers their
  // company holds (to bind them).
  if (scope.kind === 'self') return boundAndReachable;
  const unboundHeld = and(
    isNull(gateways.stationId),
    scopeWhere(scope, { companyId: gateways.companyId }) ?? sql`true`,
  );
  return or(boundAndReachable, unboundHeld);
}

/** Condition on `devices` rows the caller may reach, through their logger (undefined = all). */
export function deviceInScope(scope: Scope): SQL | undefined {
  const viaGateway = gatewayInScope(scope);
  if (viaGateway === undefined) return undefined;
  return exists(
    sql`(select 1 from ${gateways} where ${gateways.id} = ${devices.gatewayId} and ${viaGateway})`,
  );
}

/** A single-row lookup condition: `table.id = id AND in scope`. */
export function idInScope(
  idColumn: typeof stations.id | typeof gateways.id | typeof devices.id,
  id: number,
  scopeCondition: SQL | undefined,
): SQL {
  return scopeCondition === undefined ? eq(idColumn, id) : (and(eq(idColumn, id), scopeCondition) as SQL);
}
