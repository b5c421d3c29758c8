import { randomBytes } from 'node:crypto';
import {
  AccountSecurityLimits,
  codePointLength,
  RuleMessage,
  SecurityMessage,
  validateNewPassword,
  validatePasswordConfirmation,
  validateRequired,
  validateVerificationCode,
  type AccountCreatedData,
  type RegisterBody,
  type SignUpBody,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import { Errors } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { AccountsRepository } from './accounts.repository.js';
import type { CodesService } from './codes.service.js';
import { conflictError, mapConflicts } from './conflicts.js';
import { assertRules, contactOf, usernameFailure, type Contact, type RuleCheck } from './input-rules.js';

/** Stable ids of the built-in roles (bootstrap/seed-data.ts ROLE_SEEDS). */
const MANAGER_ROLE_ID = 2;
const OWNER_ROLE_ID = 5;
const PLATFORM_COMPANY_ID = 1;

// Crockford's base32 alphabet: no I, L, O or U, so a code read aloud or retyped is not misread.
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 characters of 5 random bits each (80 bits), shown in groups of four: 'K7QF-2M9X-…'. */
export function newAuthorizationCode(): string {
  const chars = Array.from(randomBytes(16), (b) => CODE_ALPHABET[b & 31] as string).join('');
  return chars.replace(/(.{4})(?!$)/g, '$1-');
}

interface AccountFields {
  username: string;
  code: string;
  password: string;
  confirmPassword: string;
  email?: string | undefined;
  areaCode?: string | undefined;
  mobile?: string | undefined;
}

/** The checks shared by both forms, in the order the form shows them. */
function accountChecks(body: AccountFields): { checks: RuleCheck[]; contact: Contact | null } {
  const { checks, contact } = contactOf(body);
  return {
    contact,
    checks: [
      ['body.username', usernameFailure(body.username.trim())],
      ...checks,
      ['body.code', validateVerificationCode(body.code)],
      ['body.password', validateNewPassword(body.password)],
      ['body.confirmPassword', validatePasswordConfirmation(body.password, body.confirmPassword)],
    ],
  };
}

/**
 * Self-service accounts: an installer or distributor registers its company and first manager; a site
 * owner signs up as a customer of the company whose authorization code they were given. Both need a code
 * sent to the address they give, and create everything in one transaction or nothing.
 */
export class RegistrationService {
  constructor(
    private readonly db: Db,
    private readonly codes: CodesService,
  ) {}

  async register(body: RegisterBody, clientAddress: string): Promise<AccountCreatedData> {
    const companyName = body.companyName.trim();
    const { checks, contact } = accountChecks(body);
    assertRules([
      [
        'body.companyName',
        validateRequired(companyName) ??
          (codePointLength(companyName) > AccountSecurityLimits.companyNameMax
            ? SecurityMessage.companyNameTooLong
            : null),
      ],
      ...checks,
    ]);
    if (contact === null) throw Errors.invalid(RuleMessage.mobileOrEmailRequired);
    await this.codes.guardSubmission(clientAddress);
    const codeId = await this.codes.check('register', contact.target, body.code, null);
    const username = body.username.trim();
    const passwordHash = await hashPassword(body.password);
    return mapConflicts(() =>
      this.db.transaction(async (tx) => {
        const accounts = new AccountsRepository(tx);
        const taken = await accounts.conflict({ username, contact });
        if (taken !== null) throw conflictError(taken);
        await this.codes.consume(tx, codeId);
        const companyId = await accounts.createCompany({
          type: body.merchantType,
          parentId: PLATFORM_COMPANY_ID,
          name: companyName,
          authorizationCode: newAuthorizationCode(),
          phone: contact.kind === 'mobile' ? `+${contact.areaCode} ${contact.mobile}` : null,
        });
        const userId = await accounts.createUser({
          username,
          contact,
          passwordHash,
          companyId,
          roleId: MANAGER_ROLE_ID,
        });
        return { userId, companyId, username };
      }),
    );
  }

  async signUp(body: SignUpBody, clientAddress: string): Promise<AccountCreatedData> {
    const authorizationCode = body.authorizationCode.trim();
    const { checks, contact } = accountChecks(body);
    assertRules([['body.authorizationCode', validateRequired(authorizationCode)], ...checks]);
    if (contact === null) throw Errors.invalid(RuleMessage.mobileOrEmailRequired);
    await this.codes.guardSubmission(clientAddress);
    const codeId = await this.codes.check('register', contact.target, body.code, null);
    const companyId = await new AccountsRepository(this.db).companyByAuthorizationCode(authorizationCode);
    if (companyId === null) {
      // Each wrong authorization code costs the verification code an attempt, so one code cannot be
      // used to try authorization codes without end.
      await this.codes.recordFailure(codeId);
      throw Errors.invalid(SecurityMessage.authorizationCodeInvalid, [
        {
          field: 'body.authorizationCode',
          rule: SecurityMessage.authorizationCodeInvalid,
          message: 'unknown authorization code',
        },
      ]);
    }
    const username = body.username.trim();
    const passwordHash = await hashPassword(body.password);
    return mapConflicts(() =>
      this.db.transaction(async (tx) => {
        const accounts = new AccountsRepository(tx);
        const taken = await accounts.conflict({ username, contact });
        if (taken !== null) throw conflictError(taken);
        await this.codes.consume(tx, codeId);
        const userId = await accounts.createUser({
          username,
          contact,
          passwordHash,
          companyId,
          roleId: OWNER_ROLE_ID,
        });
        return { userId, companyId, username };
      }),
    );
  }
}
