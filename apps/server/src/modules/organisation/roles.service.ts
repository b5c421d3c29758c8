import {
  OrgMessage,
  isKnownPermission,
  normalisePermissions,
  pageWindow,
  validateRequired,
  type FieldError,
  type Role,
  type RoleCreateBody,
  type RoleOption,
  type RoleQuery,
  type RoleUpdateBody,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import { Errors } from '../../lib/errors.js';
import { scopeIncludesCompany } from '../tenancy/scope.js';
import { BUILT_IN_ROLE_IDS, companyAncestors, escalation, roleApplicable, type Caller } from './access.js';
import { assertFields, optionalText } from './field-rules.js';
import {
  toRole,
  type RoleRecord,
  type RolesRepository,
  type RoleValues,
  type RoleView,
} from './roles.repository.js';

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code) => b.includes(code));
}

export class RolesService {
  constructor(
    private readonly db: Db,
    private readonly repo: RolesRepository,
  ) {}

  private async view(caller: Caller): Promise<RoleView> {
    return { scope: caller.scope, ancestors: await companyAncestors(this.db, caller.session.companyId) };
  }

  async page(caller: Caller, query: RoleQuery): Promise<{ total: number; list: Role[] }> {
    return this.repo.page(await this.view(caller), query.keyword?.trim(), pageWindow(query));
  }

  async detail(caller: Caller, id: number): Promise<Role> {
    const record = await this.repo.visible(await this.view(caller), id);
    if (!record) throw Errors.notFound();
    return toRole(record, await this.repo.holdersInScope(caller.scope, id));
  }

  /** Roles the caller may give a user of `companyId` (default: the caller's own company). */
  async options(caller: Caller, companyId: number | undefined): Promise<RoleOption[]> {
    const target = companyId ?? caller.session.companyId;
    if (!scopeIncludesCompany(caller.scope, target)) throw Errors.notFound();
    const targetAncestors = await companyAncestors(this.db, target);
    const candidates = await this.repo.allVisible(await this.view(caller));
    return candidates
      .filter(
        (r) =>
          !r.disabled &&
          roleApplicable(r, target, targetAncestors, caller) &&
          escalation(caller, r.permissions).length === 0,
      )
      .map((r) => ({
        id: r.id,
        name: r.name,
        nameKey: BUILT_IN_ROLE_IDS.has(r.id) ? r.nameKey : null,
        roleType: r.roleType,
      }));
  }

  /**
   * The role as a user of `companyId` would get it, or an error: 4004 when the caller cannot see it,
   * 4000 when it is disabled or does not serve that company, 4003 when it grants more than the caller holds.
   */
  async assignable(caller: Caller, roleId: number, companyId: number): Promise<RoleRecord> {
    const role = await this.repo.visible(await this.view(caller), roleId);
    if (!role) throw Errors.notFound();
    const fits = roleApplicable(role, companyId, await companyAncestors(this.db, companyId), caller);
    if (role.disabled || !fits)
      throw Errors.invalid(OrgMessage.roleNotAssignable, [
        {
          field: 'body.roleId',
          rule: OrgMessage.roleNotAssignable,
          message: 'disabled or not for this company',
        },
      ]);
    if (escalation(caller, role.permissions).length > 0) throw Errors.forbidden(OrgMessage.permissionNotHeld);
    return role;
  }

  async create(caller: Caller, body: RoleCreateBody): Promise<number> {
    if (caller.scope.kind === 'self') throw Errors.forbidden();
    const values = this.values(caller, body);
    if (await this.repo.nameTaken(caller.session.companyId, values.name, null))
      throw Errors.exists(OrgMessage.roleNameExists);
    return this.repo.insert(caller.session.companyId, values);
  }

  async update(caller: Caller, body: RoleUpdateBody): Promise<void> {
    const role = await this.repo.visible(await this.view(caller), body.id);
    if (!role) throw Errors.notFound();
    if (BUILT_IN_ROLE_IDS.has(role.id)) return this.updateBuiltIn(caller, role, body);
    this.assertManageable(caller, role);
    if (role.id === caller.session.roleId) throw Errors.invalid(OrgMessage.cannotEditOwnRole);
    const values = this.values(caller, body);
    if (role.companyId !== null && (await this.repo.nameTaken(role.companyId, values.name, role.id)))
      throw Errors.exists(OrgMessage.roleNameExists);
    await this.repo.update(role.id, values);
  }

  async remove(caller: Caller, id: number): Promise<void> {
    const role = await this.repo.visible(await this.view(caller), id);
    if (!role) throw Errors.notFound();
    if (BUILT_IN_ROLE_IDS.has(role.id)) throw Errors.invalid(OrgMessage.builtInRoleFixed);
    this.assertManageable(caller, role);
    if (await this.repo.held(role.id)) throw Errors.invalid(OrgMessage.roleInUse);
    await this.repo.delete(role.id);
  }

  /** Built-in roles are part of the product: the platform may only switch them off and on. */
  private async updateBuiltIn(caller: Caller, role: RoleRecord, body: RoleUpdateBody): Promise<void> {
    if (caller.scope.kind !== 'platform') throw Errors.forbidden(OrgMessage.roleNotManageable);
    const unchanged =
      body.name === role.name &&
      body.visibility === role.visibility &&
      body.roleType === role.roleType &&
      (body.remark === undefined || body.remark === (role.remark ?? '')) &&
      sameSet(normalisePermissions(body.permissions), role.permissions);
    if (!unchanged) throw Errors.invalid(OrgMessage.builtInRoleFixed);
    const disabled = body.disabled ?? role.disabled;
    if (disabled === role.disabled) return;
    if (role.id === caller.session.roleId) throw Errors.invalid(OrgMessage.cannotEditOwnRole);
    await this.repo.setDisabled(role.id, disabled);
  }

  /** Custom roles are managed inside the subtree that owns them, never from below or beside. */
  private assertManageable(caller: Caller, role: RoleRecord): void {
    const owned =
      caller.scope.kind === 'platform' ||
      (role.companyId !== null && scopeIncludesCompany(caller.scope, role.companyId));
    if (!owned) throw Errors.forbidden(OrgMessage.roleNotManageable);
    if (escalation(caller, role.permissions).length > 0) throw Errors.forbidden(OrgMessage.permissionNotHeld);
  }

  /** Checks the form (name, known codes) and the escalation guard; returns what is stored. */
  private values(caller: Caller, body: RoleCreateBody): RoleValues {
    const unknown: FieldError[] = body.permissions.flatMap((code, i) =>
      isKnownPermission(code)
        ? []
        : [
            {
              field: `body.permissions.${i}`,
              rule: OrgMessage.unknownPermission,
              message: code.slice(0, 64),
            },
          ],
    );
    assertFields([['name', validateRequired(body.name)]]);
    if (unknown.length > 0) throw Errors.invalid(OrgMessage.unknownPermission, unknown);
    const permissions = normalisePermissions(body.permissions);
    if (escalation(caller, permissions).length > 0) throw Errors.forbidden(OrgMessage.permissionNotHeld);
    return {
      name: body.name.trim(),
      roleType: body.roleType,
      visibility: body.visibility,
      remark: optionalText(body.remark),
      disabled: body.disabled ?? false,
      permissions,
    };
  }
}
