import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { AccountSecurityLimits, CodePolicy, SecurityMessage, type CodeScene } from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors, type AppError } from '../../lib/errors.js';
import type { Mailer } from '../../services/mailer.js';
import { CodesRepository, type CodePurpose } from './codes.repository.js';
import type { Contact } from './input-rules.js';
import type { MailTexts } from './mail-texts.js';
import { RateLimitRepository, type RateLimit } from './rate-limit.repository.js';

/** A sign-up code and a registration code prove the same thing (the address is theirs), so they share one. */
export function purposeOf(scene: CodeScene): CodePurpose {
  return scene === 'signUp' ? 'register' : scene;
}

const SALT_BYTES = 16;
// scrypt (16 MiB, ~tens of ms) rather than a bare SHA-256: a leaked table of six-digit codes cannot be
// reversed by trying all million values within the ten minutes a code lives, and no extra secret has to be
// configured and shared between API copies.
const SCRYPT = { N: 16_384, r: 8, p: 1 } as const;

function derive(input: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(input, salt, 32, SCRYPT, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export function codeInvalid(): AppError {
  return Errors.invalid(SecurityMessage.codeInvalid, [
    { field: 'body.code', rule: SecurityMessage.codeInvalid, message: 'wrong, expired or used code' },
  ]);
}

export interface IssueRequest {
  purpose: CodePurpose;
  contact: Contact;
  /** The account the code is for (change email/mobile: only that user may use it). */
  userId: number | null;
  language: string;
  clientAddress: string;
  /** False for an unknown account: the same work and answer, but nothing is stored or sent. */
  deliver: boolean;
}

/**
 * Six-digit codes: random (crypto.randomInt), stored hashed, single use, expiring after ten minutes, dead
 * after five wrong guesses; sends are limited per destination and per client address.
 */
export class CodesService {
  private readonly codes: CodesRepository;
  private readonly rate: RateLimitRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly texts: MailTexts,
  ) {
    this.codes = new CodesRepository(db);
    this.rate = new RateLimitRepository(db);
  }

  private hash(purpose: CodePurpose, target: string, code: string, salt: Buffer): Promise<Buffer> {
    return derive(`${purpose}\n${target}\n${code}`, salt);
  }

  async issue(req: IssueRequest): Promise<void> {
    const now = this.clock.now();
    const { target } = req.contact;
    const limits: RateLimit[] = [
      { key: `code:resend:${target}`, windowSeconds: CodePolicy.resendSeconds, max: 1 },
      { key: `code:day:${target}`, windowSeconds: 86_400, max: CodePolicy.perTargetPerDay },
      { key: `code:addr:${req.clientAddress}`, windowSeconds: 3_600, max: CodePolicy.perAddressPerHour },
    ];
    // Counted for unknown accounts too, or a 4029 that only real accounts reach would reveal them.
    if (await this.rate.exceeded(limits, now)) throw Errors.tooMany(SecurityMessage.tooManyCodes);
    await this.rate.hit(limits, now);

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = randomBytes(SALT_BYTES);
    const digest = await this.hash(req.purpose, target, code, salt);
    if (!req.deliver) return;

    const expiresAt = new Date(now.getTime() + CodePolicy.ttlSeconds * 1000);
    await this.codes.replace(req.purpose, target, Buffer.concat([salt, digest]), req.userId, now, expiresAt);
    const mail = await this.texts.compose(
      'code',
      req.language,
      { code, minutes: String(CodePolicy.ttlSeconds / 60) },
      ['code'],
    );
    await this.mailer.send({ to: target, ...mail, channel: req.contact.kind === 'email' ? 'email' : 'sms' });
  }

  /**
   * Checks a code without using it up; a wrong guess counts against the code (and is committed at once,
   * outside any transaction of the caller). Returns the code's id for `consume`.
   */
  async check(purpose: CodePurpose, target: string, code: string, userId: number | null): Promise<number> {
    const stored = await this.codes.live(purpose, target, this.clock.now());
    if (stored === null || stored.attempts >= CodePolicy.maxAttempts) throw codeInvalid();
    if (userId !== null && stored.userId !== userId) throw codeInvalid();
    const salt = stored.codeHash.subarray(0, SALT_BYTES);
    const expected = stored.codeHash.subarray(SALT_BYTES);
    const actual = await this.hash(purpose, target, code, salt);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      await this.codes.recordFailure(stored.id);
      throw codeInvalid();
    }
    return stored.id;
  }

  /**
   * Public forms that take a code are limited per client address too, so neither codes nor authorization
   * codes can be tried at scale from one place.
   */
  async guardSubmission(clientAddress: string): Promise<void> {
    const now = this.clock.now();
    const limit: RateLimit[] = [
      {
        key: `find:addr:${clientAddress}`,
        windowSeconds: 3_600,
        max: AccountSecurityLimits.findSubmissionsPerAddressPerHour,
      },
    ];
    if (await this.rate.exceeded(limit, now)) throw Errors.tooMany();
    await this.rate.hit(limit, now);
  }

  /** Counts a failure found after the code itself matched (e.g. an unknown authorization code). */
  async recordFailure(codeId: number): Promise<void> {
    await this.codes.recordFailure(codeId);
  }

  /**
   * Uses the code up inside the caller's transaction: if the work that needed it fails and rolls back, the
   * code stays usable. Two requests racing with one code: only one consumes it.
   */
  async consume(tx: Db, codeId: number): Promise<void> {
    if (!(await new CodesRepository(tx).consume(codeId, this.clock.now(), CodePolicy.maxAttempts))) {
      throw codeInvalid();
    }
  }
}
