import type { InfoData, RoleSummary } from '@sunfleet/contracts';
import { Errors } from '../../lib/errors.js';
import type { SessionContext } from '../auth/auth.service.js';
import type { RoleRow, UsersRepository } from './users.repository.js';

function summary(role: RoleRow): RoleSummary {
  return { id: role.id, name: role.name, type: role.roleType, languageKey: role.nameKey };
}

export class AccountService {
  constructor(private readonly users: UsersRepository) {}

  /** The user-info payload of SPEC §3 for the session's active role. */
  async info(session: SessionContext): Promise<InfoData> {
    const [profile, role] = await Promise.all([
      this.users.profile(session.userId),
      this.users.role(session.roleId),
    ]);
    if (!profile || !role) throw Errors.notLoggedIn();
    const roles = await this.users.switchableRoles(profile.id, profile.roleId);
    return {
      userId: profile.id,
      username: profile.username,
      email: profile.email,
      mobile: profile.mobile === null ? null : `${profile.mobileAreaCode ?? ''}${profile.mobile}`,
      language: profile.language,
      companyId: profile.companyId,
      companyName: profile.companyName,
      // Alarm records arrive with the device pipeline (Step 2b); until then there are none to count.
      unreadAlarmCount: 0,
      role: summary(role),
      roles: roles.map(summary),
      perms: role.disabled ? [] : role.permissions,
      columnOption: profile.columnOption,
      roleId: role.id,
      roleTypeEnum: { key: role.roleType },
      roleNameLang: { languageKey: role.nameKey },
      brandUrl: { thumbPath: profile.companyLogo },
      avatarUrl: { thumbPath: profile.avatarPath },
      guest: session.guest,
    };
  }

  saveColumnOption(
    session: SessionContext,
    page: string,
    columns: string[],
  ): Promise<Record<string, string[]>> {
    return this.users.saveColumnOption(session.userId, page, [...new Set(columns)]);
  }
}
