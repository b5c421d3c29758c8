import {
  AccountSecurityLimits,
  SecurityMessage,
  validateEmail,
  validateMobile,
  validateNewPassword,
  validatePasswordConfirmation,
  validatePasswordDiffersFromOld,
  validateUserDescription,
  validateVerificationCode,
  type ChangeEmailBody,
  type ChangeMobileBody,
  type ChangePasswordBody,
  type ProfileData,
  type UpdateProfileBody,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { burnVerification, hashPassword, verifyPassword } from '../../lib/password.js';
import type { SessionContext } from '../auth/auth.service.js';
import { AccountsRepository } from './accounts.repository.js';
import type { CodesService } from './codes.service.js';
import { conflictError, mapConflicts } from './conflicts.js';
import { assertRules, emailContact, mobileContact, type Contact } from './input-rules.js';
import { ProfileRepository, type ProfileRow } from './profile.repository.js';
import { RateLimitRepository } from './rate-limit.repository.js';

function toProfile(row: ProfileRow): ProfileData {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    areaCode: row.mobileAreaCode,
    mobile: row.mobile,
    description: row.description,
    language: row.language,
    avatarUrl: row.avatarPath,
    companyId: row.companyId,
    companyName: row.companyName,
    roleId: row.roleId,
    roleName: row.roleName,
    roleNameKey: row.roleNameKey,
    roleType: row.roleType,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Personal data and account security of the logged-in user (SPEC §2 profile, change password/email/mobile). */
export class ProfileService {
  private readonly profiles: ProfileRepository;
  private readonly rate: RateLimitRepository;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly codes: CodesService,
  ) {
    this.profiles = new ProfileRepository(db);
    this.rate = new RateLimitRepository(db);
  }

  async get(userId: number): Promise<ProfileData> {
    const row = await this.profiles.profile(userId);
    if (row === null) throw Errors.notFound();
    return toProfile(row);
  }

  async update(userId: number, body: UpdateProfileBody): Promise<ProfileData> {
    const description = body.description === undefined ? undefined : (body.description?.trim() ?? null);
    assertRules([['body.description', validateUserDescription(description)]]);
    await this.profiles.update(
      userId,
      {
        ...(description === undefined ? {} : { description: description === '' ? null : description }),
        ...(body.language === undefined ? {} : { language: body.language }),
      },
      this.clock.now(),
    );
    return this.get(userId);
  }

  /** New password by SPEC §5; the current one is required; every other session of the user ends. */
  async changePassword(session: SessionContext, body: ChangePasswordBody): Promise<void> {
    assertRules([
      ['body.newPassword', validateNewPassword(body.newPassword)],
      ['body.confirmPassword', validatePasswordConfirmation(body.newPassword, body.confirmPassword)],
      ['body.newPassword', validatePasswordDiffersFromOld(body.oldPassword, body.newPassword)],
    ]);
    await this.verifyCurrent(session.userId, body.oldPassword, 'body.oldPassword');
    const passwordHash = await hashPassword(body.newPassword);
    await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      await new AccountsRepository(tx).setPassword(session.userId, passwordHash, now);
      await new ProfileRepository(tx).revokeOtherSessions(session.userId, session.sessionId, now);
    });
  }

  async changeEmail(session: SessionContext, body: ChangeEmailBody): Promise<ProfileData> {
    const email = body.email.trim();
    assertRules([
      ['body.email', validateEmail(email)],
      ['body.code', validateVerificationCode(body.code)],
    ]);
    return this.changeContact(session, body.password, body.code, emailContact(email));
  }

  async changeMobile(session: SessionContext, body: ChangeMobileBody): Promise<ProfileData> {
    const mobile = body.mobile.trim();
    assertRules([
      ['body.mobile', validateMobile({ areaCode: body.areaCode.trim(), number: mobile })],
      ['body.code', validateVerificationCode(body.code)],
    ]);
    return this.changeContact(session, body.password, body.code, mobileContact(body.areaCode, mobile));
  }

  /** Current password, then the code sent to the NEW address, then the address must be free. */
  private async changeContact(
    session: SessionContext,
    password: string,
    code: string,
    contact: Contact,
  ): Promise<ProfileData> {
    await this.verifyCurrent(session.userId, password, 'body.password');
    const purpose = contact.kind === 'email' ? 'changeEmail' : 'changeMobile';
    const codeId = await this.codes.check(purpose, contact.target, code, session.userId);
    await mapConflicts(() =>
      this.db.transaction(async (tx) => {
        const taken = await new AccountsRepository(tx).conflict({ contact }, session.userId);
        if (taken !== null) throw conflictError(taken);
        await this.codes.consume(tx, codeId);
        const profiles = new ProfileRepository(tx);
        const now = this.clock.now();
        if (contact.kind === 'email') await profiles.setEmail(session.userId, contact.email, now);
        else await profiles.setMobile(session.userId, contact.areaCode, contact.mobile, now);
      }),
    );
    return this.get(session.userId);
  }

  /** Wrong current passwords are limited per user, so a stolen session cannot be used to guess it. */
  private async verifyCurrent(userId: number, password: string, field: string): Promise<void> {
    const now = this.clock.now();
    const key = `pw:user:${userId}`;
    const limit = [
      {
        key,
        windowSeconds: AccountSecurityLimits.passwordFailureWindowSeconds,
        max: AccountSecurityLimits.passwordFailuresPerUser,
      },
    ];
    if (await this.rate.exceeded(limit, now)) throw Errors.tooMany();
    const stored = await this.profiles.passwordHash(userId);
    const valid = stored !== null ? await verifyPassword(stored, password) : await burnVerification(password);
    if (!valid) {
      await this.rate.hit(limit, now);
      throw Errors.invalid(SecurityMessage.wrongPassword, [
        { field, rule: SecurityMessage.wrongPassword, message: 'the current password is wrong' },
      ]);
    }
    await this.rate.clear(key);
  }
}
