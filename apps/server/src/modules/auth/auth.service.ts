import { LoginThrottle, MessageKey, SessionPolicy, type LoginData } from '@sunfleet/contracts';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { burnVerification, verifyPassword } from '../../lib/password.js';
import { hashToken, looksLikeToken, newToken } from '../../lib/token.js';
import type { UsersRepository } from '../account/users.repository.js';
import type { SessionCache } from './session-cache.js';
import type { SessionRecord, SessionsRepository } from './sessions.repository.js';
import type { ThrottleRepository } from './throttle.repository.js';

/** What a request knows about its caller once the token is accepted. */
export interface SessionContext {
  sessionId: number;
  userId: number;
  roleId: number;
  username: string;
  companyId: number;
  permissions: string[];
  guest: boolean;
  /**
   * Set when the caller is an API key (X-API-Key, docs/api-keys.md): it acts for its company (platform:
   * the company is the platform), with `permissions` from its scopes; `userId` is the key's creator.
   */
  apiKey?: { id: number; name: string; platform: boolean };
}

export interface ResolvedSession {
  context: SessionContext;
  /** Set when this request rotated the token: the client must switch to it. */
  renewedToken: string | null;
}

interface ClientInfo {
  address: string | null;
  userAgent: string | null;
}

const MAX_GUEST_LOGINS_PER_ADDRESS = 30;

export class AuthService {
  constructor(
    private readonly sessionsRepo: SessionsRepository,
    private readonly usersRepo: UsersRepository,
    private readonly throttle: ThrottleRepository,
    private readonly clock: Clock,
    private readonly guestUserId: () => Promise<number | null>,
    private readonly cache: SessionCache,
  ) {}

  private windowStart(now: Date): Date {
    return new Date(now.getTime() - LoginThrottle.windowSeconds * 1000);
  }

  private expiry(now: Date): Date {
    return new Date(now.getTime() + SessionPolicy.idleTtlSeconds * 1000);
  }

  /**
   * Password login. Unknown accounts, disabled accounts and wrong passwords get the same answer after
   * the same amount of work. Failures count per account name and per client address.
   */
  async login(username: string, password: string, client: ClientInfo): Promise<LoginData> {
    const now = this.clock.now();
    const accountKey = `acct:${username.trim().toLowerCase()}`;
    const addressKey = `addr:${client.address ?? 'unknown'}`;
    const counts = await this.throttle.maxCount([accountKey, addressKey], this.windowStart(now));
    if (
      (counts.get(accountKey) ?? 0) >= LoginThrottle.maxFailuresPerAccount ||
      (counts.get(addressKey) ?? 0) >= LoginThrottle.maxFailuresPerAddress
    ) {
      throw Errors.tooMany(MessageKey.TOO_MANY_LOGIN_ATTEMPTS);
    }
    const user = await this.usersRepo.findForLogin(username.trim());
    const valid =
      user !== null && user.passwordHash !== null && !user.disabled
        ? await verifyPassword(user.passwordHash, password)
        : await burnVerification(password);
    if (!valid || user === null) {
      await this.throttle.increment(accountKey, now, this.windowStart(now));
      await this.throttle.increment(addressKey, now, this.windowStart(now));
      throw Errors.invalid(MessageKey.WRONG_CREDENTIALS);
    }
    await this.throttle.clear(accountKey);
    return this.openSession(user.id, user.roleId, client, now);
  }

  /** A read-only session for the demo company's guest account. */
  async guestLogin(client: ClientInfo): Promise<LoginData> {
    const now = this.clock.now();
    const key = `guest:${client.address ?? 'unknown'}`;
    const counts = await this.throttle.maxCount([key], this.windowStart(now));
    if ((counts.get(key) ?? 0) >= MAX_GUEST_LOGINS_PER_ADDRESS) throw Errors.tooMany();
    const guestId = await this.guestUserId();
    if (guestId === null) throw Errors.forbidden();
    const profile = await this.usersRepo.profile(guestId);
    if (!profile) throw Errors.forbidden();
    await this.throttle.increment(key, now, this.windowStart(now));
    return this.openSession(guestId, profile.roleId, client, now);
  }

  private async openSession(
    userId: number,
    roleId: number,
    client: ClientInfo,
    now: Date,
  ): Promise<LoginData> {
    const { token, hash } = newToken();
    const expiresAt = this.expiry(now);
    await this.sessionsRepo.create({
      tokenHash: hash,
      userId,
      roleId,
      now,
      expiresAt,
      clientAddress: client.address,
      userAgent: client.userAgent?.slice(0, 256) ?? null,
    });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Accepts or rejects a presented token. Logged-out, expired or unknown tokens answer 4001; a session
   * ended by someone else (role switch, account disabled) answers 102011 so the console can say so.
   * Sliding renewal: use extends the expiry (written at most once per touch interval per process); a
   * token older than the renewal age is rotated. A usable session comes from the cache when it is there.
   */
  /** `renew: false` never rotates the token (for answers whose headers the client does not read). */
  async resolve(token: string, options: { renew?: boolean } = {}): Promise<ResolvedSession> {
    if (!looksLikeToken(token)) throw Errors.notLoggedIn();
    const now = this.clock.now();
    const hash = hashToken(token);
    const session = this.cache.get(hash, now) ?? (await this.lookUp(hash, now));

    let renewedToken: string | null = null;
    const tokenAge = (now.getTime() - session.tokenIssuedAt.getTime()) / 1000;
    if (
      options.renew !== false &&
      session.matched === 'current' &&
      tokenAge >= SessionPolicy.renewAfterSeconds
    ) {
      // This token is about to become the previous one, which is never served from the cache.
      this.cache.drop(hash);
      const next = newToken();
      if (await this.sessionsRepo.rotate(session.id, hash, next.hash, now, this.expiry(now)))
        renewedToken = next.token;
    } else if ((now.getTime() - session.lastSeenAt.getTime()) / 1000 >= SessionPolicy.touchEverySeconds) {
      // Marked before writing so that concurrent requests of the session do not all write.
      const { lastSeenAt, expiresAt } = session;
      session.lastSeenAt = now;
      session.expiresAt = this.expiry(now);
      try {
        await this.sessionsRepo.touch(session.id, now, session.expiresAt);
      } catch (error) {
        session.lastSeenAt = lastSeenAt;
        session.expiresAt = expiresAt;
        throw error;
      }
    }
    return {
      context: {
        sessionId: session.id,
        userId: session.userId,
        roleId: session.roleId,
        username: session.username,
        companyId: session.companyId,
        permissions: session.roleDisabled ? [] : session.permissions,
        guest: session.roleType === 'GUEST',
      },
      renewedToken,
    };
  }

  /** Reads a session from the database, refuses it if it is not usable, and caches it if it is. */
  private async lookUp(hash: Buffer, now: Date): Promise<SessionRecord> {
    const mark = this.cache.mark();
    const graceCutoff = new Date(now.getTime() - SessionPolicy.rotationGraceSeconds * 1000);
    const session = await this.sessionsRepo.findByTokenHash(hash, graceCutoff);
    if (!session) throw Errors.notLoggedIn();
    if (session.revokedReason === 'ended') throw Errors.sessionEnded();
    if (session.revokedReason === 'logout' || session.expiresAt <= now) throw Errors.notLoggedIn();
    if (session.userDisabled) throw Errors.sessionEnded();
    this.cache.keep(hash, session, mark);
    return session;
  }

  async logout(sessionId: number): Promise<void> {
    await this.sessionsRepo.revoke(sessionId, 'logout', this.clock.now());
  }

  /**
   * Role switching is a server decision (ADR 001): the role must be one granted to the user; a new session
   * bound to it is issued and the old one ends (its token then answers 102011).
   */
  async switchRole(session: SessionContext, roleId: number, client: ClientInfo): Promise<LoginData> {
    const allowed = await this.usersRepo.switchableRoles(
      session.userId,
      (await this.usersRepo.profile(session.userId))?.roleId ?? -1,
    );
    if (!allowed.some((r) => r.id === roleId)) throw Errors.notFound();
    const now = this.clock.now();
    const next = await this.openSession(session.userId, roleId, client, now);
    await this.sessionsRepo.revoke(session.sessionId, 'ended', now);
    return next;
  }
}
