import {
  RuleMessage,
  validateEmail,
  validateNewPassword,
  validatePasswordConfirmation,
  validateVerificationCode,
  type FindNameBody,
  type FindPasswordBody,
  type SendCodeBody,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import type { Mailer } from '../../services/mailer.js';
import { SessionsRepository } from '../auth/sessions.repository.js';
import { AccountsRepository, type AccountRef } from './accounts.repository.js';
import { codeInvalid, purposeOf, type CodesService } from './codes.service.js';
import { assertRules, contactOf, type Contact, type RuleCheck } from './input-rules.js';
import type { MailTexts } from './mail-texts.js';

/** Who asks for a change-email or change-mobile code (those scenes need a session). */
export interface CodeCaller {
  userId: number;
}

/**
 * Sending codes, finding a password and finding an account name. None of these answers reveals whether an
 * account exists: for an unknown address nothing is sent, yet the answer (and the work done) is the same.
 */
export class RecoveryService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly codes: CodesService,
    private readonly mailer: Mailer,
    private readonly texts: MailTexts,
  ) {}

  async sendCode(
    body: SendCodeBody,
    clientAddress: string,
    language: string,
    caller: CodeCaller | null,
  ): Promise<void> {
    const { checks, contact } = contactOf(body);
    const kindCheck: RuleCheck[] =
      body.scene === 'changeEmail' && contact?.kind === 'mobile'
        ? [['body.email', validateEmail(body.email)]]
        : body.scene === 'changeMobile' && contact?.kind === 'email'
          ? [['body.mobile', RuleMessage.cannotBeBlank]]
          : [];
    assertRules([...checks, ...kindCheck]);
    if (contact === null) throw Errors.invalid(RuleMessage.mobileOrEmailRequired);

    const purpose = purposeOf(body.scene);
    switch (body.scene) {
      case 'register':
      case 'signUp':
        // Sent even when the address is taken: the registration itself answers 4009, but only to someone
        // who proved they hold the address.
        return this.codes.issue({ purpose, contact, userId: null, language, clientAddress, deliver: true });
      case 'changeEmail':
      case 'changeMobile':
        if (caller === null) throw Errors.notLoggedIn();
        return this.codes.issue({
          purpose,
          contact,
          userId: caller.userId,
          language,
          clientAddress,
          deliver: true,
        });
      case 'findPassword':
      case 'findName': {
        const account = await this.activeAccount(contact);
        return this.codes.issue({
          purpose,
          contact,
          userId: account?.id ?? null,
          language: account?.language ?? language,
          clientAddress,
          deliver: account !== null,
        });
      }
    }
  }

  /** Sets a new password with a code sent to the account's address; every session of the account ends. */
  async findPassword(body: FindPasswordBody, clientAddress: string): Promise<number> {
    const { checks, contact } = contactOf(body);
    assertRules([
      ...checks,
      ['body.code', validateVerificationCode(body.code)],
      ['body.password', validateNewPassword(body.password)],
      ['body.confirmPassword', validatePasswordConfirmation(body.password, body.confirmPassword)],
    ]);
    if (contact === null) throw Errors.invalid(RuleMessage.mobileOrEmailRequired);
    await this.codes.guardSubmission(clientAddress);
    const account = await this.activeAccount(contact);
    const codeId = await this.codes.check('findPassword', contact.target, body.code, account?.id ?? -1);
    if (account === null) throw codeInvalid();
    const passwordHash = await hashPassword(body.password);
    await this.db.transaction(async (tx) => {
      await this.codes.consume(tx, codeId);
      const now = this.clock.now();
      await new AccountsRepository(tx).setPassword(account.id, passwordHash, now);
      await new SessionsRepository(tx).revokeAllForUser(account.id, now);
    });
    return account.id;
  }

  /** Sends the account name to the address the code went to; the answer never contains it. */
  async findName(body: FindNameBody, clientAddress: string): Promise<number> {
    const { checks, contact } = contactOf(body);
    assertRules([...checks, ['body.code', validateVerificationCode(body.code)]]);
    if (contact === null) throw Errors.invalid(RuleMessage.mobileOrEmailRequired);
    await this.codes.guardSubmission(clientAddress);
    const account = await this.activeAccount(contact);
    const codeId = await this.codes.check('findName', contact.target, body.code, account?.id ?? -1);
    if (account === null) throw codeInvalid();
    await this.db.transaction((tx) => this.codes.consume(tx, codeId));
    const mail = await this.texts.compose('name', account.language, { username: account.username }, []);
    await this.mailer.send({
      to: contact.target,
      ...mail,
      channel: contact.kind === 'email' ? 'email' : 'sms',
    });
    return account.id;
  }

  /** Disabled accounts are treated like unknown ones: no code, no reset. */
  private async activeAccount(contact: Contact): Promise<AccountRef | null> {
    const account = await new AccountsRepository(this.db).findByContact(contact);
    return account !== null && !account.disabled ? account : null;
  }
}
