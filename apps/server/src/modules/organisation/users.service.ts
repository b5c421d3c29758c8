import {
  OrgMessage,
  USERNAME_PATTERN,
  pageWindow,
  patternRegExp,
  validateNewPassword,
  validateUserDescription,
  type ManagedUser,
  type UserCreateBody,
  type UserQuery,
  type UserUpdateBody,
} from '@sunfleet/contracts';
import type { Clock } from '../../lib/clock.js';
import { Errors, type AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import { escalation, type Caller } from './access.js';
import type { CompaniesRepository } from './companies.repository.js';
import { assertFields, contactChecks, optionalText, uniqueViolation, type Contact } from './field-rules.js';
import type { RolesService } from './roles.service.js';
import type { Conflict, UserAdminRepository, UserRecord, UserValues } from './users.repository.js';

const CONFLICT_MESSAGE: Record<Conflict, string> = {
  username: OrgMessage.usernameExists,
  email: OrgMessage.emailExists,
  mobile: OrgMessage.mobileExists,
};

/** The unique indexes of users, for a race the pre-check did not see. */
const CONFLICT_OF_INDEX: Record<string, Conflict> = {
  users_username_lower_key: 'username',
  users_email_lower_key: 'email',
  users_mobile_key: 'mobile',
};

function conflictError(conflict: Conflict): AppError {
  return Errors.exists(CONFLICT_MESSAGE[conflict]);
}

export class UserAdminService {
  constructor(
    private readonly repo: UserAdminRepository,
    private readonly companies: CompaniesRepository,
    private readonly roles: RolesService,
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
  ) {}

  page(caller: Caller, query: UserQuery): Promise<{ total: number; list: ManagedUser[] }> {
    return this.repo.page(caller.scope, query, pageWindow(query));
  }

  async detail(caller: Caller, id: number): Promise<ManagedUser> {
    const user = await this.repo.detail(caller.scope, id);
    if (!user) throw Errors.notFound();
    return user;
  }

  async create(caller: Caller, body: UserCreateBody): Promise<number> {
    const { checks, contact } = contactChecks(body);
    assertFields([
      ['username', patternRegExp(USERNAME_PATTERN).test(body.username) ? null : OrgMessage.usernameInvalid],
      ['password', validateNewPassword(body.password)],
      ...checks,
      ['description', validateUserDescription(body.description)],
    ]);
    await this.reachableCompany(caller, body.companyId);
    await this.roles.assignable(caller, body.roleId, body.companyId);
    const conflict = await this.repo.conflict({ username: body.username, ...contact }, null);
    if (conflict) throw conflictError(conflict);
    const passwordHash = await hashPassword(body.password);
    return this.mapRace(() =>
      this.repo.insert({ ...this.values(body, contact), username: body.username, passwordHash }),
    );
  }

  async update(caller: Caller, body: UserUpdateBody): Promise<void> {
    const { checks, contact } = contactChecks(body);
    assertFields([...checks, ['description', validateUserDescription(body.description)]]);
    const target = await this.manageable(caller, body.id);
    const moved = body.companyId !== target.companyId;
    const roleChanged = body.roleId !== target.roleId;
    if (target.id === caller.session.userId && (moved || roleChanged))
      throw Errors.invalid(OrgMessage.cannotChangeOwnAccess);
    if (moved) await this.reachableCompany(caller, body.companyId);
    if (moved || roleChanged) await this.roles.assignable(caller, body.roleId, body.companyId);
    const conflict = await this.repo.conflict({ username: null, ...contact }, target.id);
    if (conflict) throw conflictError(conflict);
    await this.mapRace(() => this.repo.update(target.id, this.values(body, contact)));
    // A session carries its company and role: after a move or a new role the old ones must not linger.
    if (moved || roleChanged) await this.sessions.revokeAllForUser(target.id, this.clock.now());
  }

  async setDisabled(caller: Caller, id: number, disabled: boolean): Promise<void> {
    const target = await this.manageable(caller, id);
    if (disabled && target.id === caller.session.userId)
      throw Errors.invalid(OrgMessage.cannotDisableYourself);
    await this.repo.setDisabled(target.id, disabled);
    if (disabled) await this.sessions.revokeAllForUser(target.id, this.clock.now());
  }

  async resetPassword(caller: Caller, id: number, password: string): Promise<void> {
    assertFields([['password', validateNewPassword(password)]]);
    const target = await this.manageable(caller, id);
    // Changing one's own password needs the current one (PUT /api/user/password), not this shortcut.
    if (target.id === caller.session.userId) throw Errors.invalid(OrgMessage.cannotResetOwnPassword);
    await this.repo.setPasswordHash(target.id, await hashPassword(password));
    await this.sessions.revokeAllForUser(target.id, this.clock.now());
  }

  /** A user in scope whose role grants nothing the caller lacks (else they could take over a stronger account). */
  private async manageable(caller: Caller, id: number): Promise<UserRecord> {
    const target = await this.repo.record(caller.scope, id);
    if (!target) throw Errors.notFound();
    if (escalation(caller, target.rolePermissions).length > 0)
      throw Errors.forbidden(OrgMessage.userNotManageable);
    return target;
  }

  private async reachableCompany(caller: Caller, companyId: number): Promise<void> {
    if (!(await this.companies.row(caller.scope, companyId))) throw Errors.notFound();
  }

  private values(body: UserCreateBody | UserUpdateBody, contact: Contact): UserValues {
    return {
      ...contact,
      roleId: body.roleId,
      companyId: body.companyId,
      description: optionalText(body.description),
    };
  }

  private async mapRace<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const index = uniqueViolation(error);
      const conflict = index === null ? undefined : CONFLICT_OF_INDEX[index];
      if (conflict) throw conflictError(conflict);
      throw error;
    }
  }
}
