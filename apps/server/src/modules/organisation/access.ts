import { permissionsNotHeld, type CompanyType, type RoleVisibility } from '@sunfleet/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE_SEEDS } from '../../bootstrap/seed-data.js';
import { queryRows, type Db } from '../../db/client.js';
import { companies } from '../../db/schema.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import type { SessionContext } from '../auth/auth.service.js';
import type { Scope } from '../tenancy/scope.js';

/** Who is asking: the session (permissions, own ids) and what it may reach. */
export interface Caller {
  session: SessionContext;
  scope: Scope;
}

/** Built-in roles keep their ids across versions; only the platform may toggle their `disabled` flag. */
export const BUILT_IN_ROLE_IDS: ReadonlySet<number> = new Set(ROLE_SEEDS.map((r) => r.id));

/** Custom role ids start here, leaving room below for built-in roles of later versions. */
export { FIRST_CUSTOM_ROLE_ID } from '../../db/schema-organisation.js';

/**
 * The company tree: platform → distributors (also under other distributors) → installers. Installers have
 * no child companies; their customers are users (owners).
 */
const ALLOWED_PARENTS: Record<Exclude<CompanyType, 'PLATFORM'>, readonly CompanyType[]> = {
  DISTRIBUTOR: ['PLATFORM', 'DISTRIBUTOR'],
  INSTALLER: ['PLATFORM', 'DISTRIBUTOR'],
};

export function parentTypeAllowed(childType: CompanyType, parentType: CompanyType): boolean {
  return childType !== 'PLATFORM' && ALLOWED_PARENTS[childType].includes(parentType);
}

/** Companies above `companyId` (parent, grandparent … platform), nearest first. */
export async function companyAncestors(db: Db, companyId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number | string; depth: number | string }>(
    db,
    sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${companies} where id = ${companyId}
      union
      select c.id, c.parent_id, u.depth + 1 from ${companies} c join up u on c.id = u.parent_id
    )
    select id, depth from up where depth > 0 order by depth`,
  );
  return rows.map((r) => Number(r.id));
}

export interface RoleAccessRow {
  companyId: number | null;
  visibility: RoleVisibility;
  disabled: boolean;
  permissions: string[];
}

/**
 * Whether a role fits a user of company `targetCompanyId`: a PRIVATE (internal) role serves its owning
 * company only; a PUBLIC (open) role serves its owner's whole subtree. Built-in roles belong to the
 * platform: the PUBLIC ones serve everybody, the PRIVATE ones only the platform hands out.
 */
export function roleApplicable(
  role: RoleAccessRow,
  targetCompanyId: number,
  targetAncestors: readonly number[],
  caller: Caller,
): boolean {
  if (role.companyId === targetCompanyId) return true;
  if (role.companyId === null) return role.visibility === 'PUBLIC' || caller.scope.kind === 'platform';
  return role.visibility === 'PUBLIC' && targetAncestors.includes(role.companyId);
}

/** The grant codes of a role the caller does not hold (non-empty: handing it out would be escalation). */
export function escalation(caller: Caller, permissions: readonly string[]): string[] {
  return permissionsNotHeld(caller.session.permissions, permissions);
}

/** The caller of a route: its session and its (memoised) scope. */
export async function callerOf(app: FastifyInstance, request: FastifyRequest): Promise<Caller> {
  return { session: sessionOf(request), scope: await app.scopeOf(request) };
}
