import type { InfoData, RoleSummary } from '@sunfleet/contracts';
import type { ChangeFeed } from '../../db/change-feed.js';
import { FeedCache } from '../../db/feed-cache.js';
import { Errors } from '../../lib/errors.js';
import type { SessionContext } from '../auth/auth.service.js';
import type { RoleRow, UsersRepository } from './users.repository.js';

function summary(role: RoleRow): RoleSummary {
  return { id: role.id, name: role.name, type: role.roleType, languageKey: role.nameKey };
}

/** User-info payloads an API process keeps (one per user and active role). */
const MAX_INFO = 10_000;

export class AccountService {
  /**
   * By `userId:roleId`. A change to the user (or their extra roles) drops theirs; a change to any role or
   * company drops all, since role lists and company names appear in many users' payloads. Anything that
   * changes without a write to those tables (a counter of unread alarms, say) belongs outside it.
   */
  private readonly cache: FeedCache<string, InfoData>;

  constructor(
    private readonly users: UsersRepository,
    feed: ChangeFeed,
  ) {
    this.cache = new FeedCache<string, InfoData>(feed, {
      max: MAX_INFO,
      stale: (change, info) =>
        change.kind === 'role' ||
        change.kind === 'company' ||
        (change.kind === 'user' && change.id === info.userId),
    });
  }

  /** The user-info payload of SPEC §3 for the session's active role. */
  async info(session: SessionContext): Promise<InfoData> {
    const info = await this.cache.load(`${session.userId}:${session.roleId}`, () => this.read(session));
    if (info === null) throw Errors.notLoggedIn();
    return info;
  }

  private async read(session: SessionContext): Promise<InfoData | null> {
    const [profile, role] = await Promise.all([
      this.users.profile(session.userId),
      this.users.role(session.roleId),
    ]);
    if (!profile || !role) return null;
    const roles = await this.users.switchableRoles(profile.id, profile.roleId);
    return {
      userId: profile.id,
      username: profile.username,
      email: profile.email,
      mobile: profile.mobile === null ? null : `${profile.mobileAreaCode ?? ''}${profile.mobile}`,
      language: profile.language,
      companyId: profile.companyId,
      companyName: profile.companyName,
      // The route fills in the live count (alarms/unread-counts.ts); the cached payload never holds it.
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
      // The same test as the tenancy scope's (tenancy/scope.ts): the platform company, not as a guest.
      platform: profile.companyType === 'PLATFORM' && role.roleType !== 'GUEST',
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
