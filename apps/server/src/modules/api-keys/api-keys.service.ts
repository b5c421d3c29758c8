// API keys (docs/api-keys.md): creation (the key is answered once and stored as a SHA-256 only), the
// list, revocation, and the authentication of a request that presents `X-API-Key`.
import {
  API_KEY_PATTERN,
  ApiKeyLimits,
  ApiKeyMessage,
  apiKeyPermissions,
  API_KEY_SCOPE_PERMS,
  hasAnyPermission,
  MessageKey,
  pageWindow,
  Status,
  type ApiKeyCreateBody,
  type ApiKeyCreated,
  type ApiKeyItem,
  type ApiKeyPageQuery,
  type ApiKeyScope,
  type ApiKeyState,
} from '@sunfleet/contracts';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, Errors } from '../../lib/errors.js';
import type { SessionContext } from '../auth/auth.service.js';
import type { Caller } from '../organisation/access.js';
import { apiKeyScopeOf } from './api-key-operations.js';
import { ApiKeysRepository, type ApiKeyPrincipalRow, type ApiKeyRow } from './api-keys.repository.js';

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** A new key: the prefix and 256 random bits as base64url. */
export function newApiKey(): string {
  return `${ApiKeyLimits.prefix}${randomBytes(32).toString('base64url')}`;
}

export function apiKeyState(row: Pick<ApiKeyRow, 'revokedAt' | 'expiresAt'>, now: Date): ApiKeyState {
  if (row.revokedAt !== null) return 'REVOKED';
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

/** A refusal that tells the client when to try again (the auth hook sets Retry-After from it). */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(Status.TOO_MANY_REQUESTS, MessageKey.TOO_MANY_REQUESTS);
  }
}

/** What the auth hook needs to know about a request that presents a key. */
export interface ApiKeyRequest {
  key: string;
  method: string;
  /** The route's URL pattern, e.g. /api/station/:id. */
  routeUrl: string | undefined;
  address: string;
}

/** Keys whose last use this process wrote recently are not written again (bounded). */
const MAX_TOUCHED = 10_000;

export class ApiKeysService {
  private readonly repo: ApiKeysRepository;
  private readonly touched = new Map<number, number>();

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new ApiKeysRepository(db);
  }

  private toItem(row: ApiKeyRow): ApiKeyItem {
    return {
      id: row.id,
      name: row.name,
      companyId: row.companyId,
      companyName: row.companyName,
      scopes: row.scopes,
      hint: row.hint,
      rateLimitPerMinute: row.rateLimitPerMinute,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      expiresAt: iso(row.expiresAt),
      lastUsedAt: iso(row.lastUsedAt),
      lastUsedAddress: row.lastUsedAddress,
      revokedAt: iso(row.revokedAt),
      state: apiKeyState(row, this.clock.now()),
    };
  }

  private futureOrNull(expiresAt: string | null): Date | null {
    if (expiresAt === null) return null;
    const date = new Date(expiresAt);
    if (Number.isNaN(date.getTime()) || date.getTime() <= this.clock.now().getTime())
      throw Errors.invalid(ApiKeyMessage.expiryInPast, [
        { field: 'expiresAt', rule: ApiKeyMessage.expiryInPast, message: 'expiresAt must lie in the future' },
      ]);
    return date;
  }

  async create(caller: Caller, body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
    // Reach first: a foreign company answers 4004 whatever else is wrong with the request.
    if (!(await this.repo.companyReachable(caller.scope, body.companyId))) throw Errors.notFound();
    const name = body.name.trim();
    if (name === '')
      throw Errors.invalid(ApiKeyMessage.nameRequired, [
        { field: 'name', rule: ApiKeyMessage.nameRequired, message: 'name must not be blank' },
      ]);
    const expiresAt = this.futureOrNull(body.expiresAt);
    // No one hands a key more than they hold themselves.
    const held = caller.session.permissions;
    const notHeld = body.scopes.filter(
      (s) => !API_KEY_SCOPE_PERMS[s].every((p) => hasAnyPermission(held, [p])),
    );
    if (notHeld.length > 0) throw Errors.forbidden(ApiKeyMessage.scopeNotHeld);
    if ((await this.repo.countUnrevoked(body.companyId)) >= ApiKeyLimits.perCompanyMax)
      throw Errors.invalid(ApiKeyMessage.tooManyKeys);
    const key = newApiKey();
    const id = await this.repo.insert({
      companyId: body.companyId,
      name,
      keyHash: hashApiKey(key),
      hint: key.slice(-ApiKeyLimits.hintLength),
      scopes: [...body.scopes],
      rateLimitPerMinute: body.rateLimitPerMinute,
      createdByUserId: caller.session.userId,
      createdAt: this.clock.now(),
      expiresAt,
    });
    const row = await this.repo.get(caller.scope, id);
    if (row === null) throw Errors.notFound();
    return { key, apiKey: this.toItem(row) };
  }

  async page(caller: Caller, query: ApiKeyPageQuery): Promise<{ total: number; list: ApiKeyItem[] }> {
    const { total, list } = await this.repo.page(caller.scope, query, this.clock.now(), pageWindow(query));
    return { total, list: list.map((row) => this.toItem(row)) };
  }

  /** Revokes a key for good; a revoked key answers 4001 from its next request on. */
  async revoke(caller: Caller, id: number): Promise<ApiKeyItem> {
    const row = await this.repo.get(caller.scope, id);
    if (row === null) throw Errors.notFound();
    if (row.revokedAt === null)
      await this.repo.revoke(caller.scope, id, caller.session.userId, this.clock.now());
    const after = await this.repo.get(caller.scope, id);
    if (after === null) throw Errors.notFound();
    return this.toItem(after);
  }

  /**
   * The principal of a request that presents a key: unknown, revoked and expired keys answer 4001. The
   * answer acts for the key's company with the key's permissions; `admit` then decides this request.
   */
  async identify(request: ApiKeyRequest): Promise<{ context: SessionContext; admit: () => Promise<void> }> {
    if (!API_KEY_PATTERN.test(request.key)) throw Errors.notLoggedIn();
    const now = this.clock.now();
    const key = await this.repo.findByHash(hashApiKey(request.key));
    if (key === null || apiKeyState(key, now) !== 'ACTIVE') throw Errors.notLoggedIn();
    const context: SessionContext = {
      sessionId: 0,
      // Objects a key creates (commands) name the user who created the key; the audit trail names the key.
      userId: key.createdByUserId,
      roleId: 0,
      username: `apiKey:${key.name}`,
      companyId: key.companyId,
      permissions: apiKeyPermissions(key.scopes),
      guest: false,
      apiKey: { id: key.id, name: key.name, platform: key.companyType === 'PLATFORM' },
    };
    return { context, admit: () => this.admit(key, request, now) };
  }

  /**
   * A route keys may not call, or one whose scope the key lacks, answers 4003; a key past its rate 4029
   * (with the seconds until its window ends). Otherwise the use is recorded (at most once a minute).
   */
  private async admit(key: ApiKeyPrincipalRow, request: ApiKeyRequest, now: Date): Promise<void> {
    const needed: ApiKeyScope | null = apiKeyScopeOf(request.method, request.routeUrl);
    if (needed === null) throw Errors.forbidden(ApiKeyMessage.notForKeys);
    if (!key.scopes.includes(needed)) throw Errors.forbidden(ApiKeyMessage.scopeMissing);
    const windowMs = ApiKeyLimits.rateWindowSeconds * 1000;
    const counted = await this.repo.countRequest(key.id, now, ApiKeyLimits.rateWindowSeconds);
    if (counted.count > key.rateLimitPerMinute) {
      const left = counted.windowStart.getTime() + windowMs - now.getTime();
      throw new RateLimitedError(Math.max(1, Math.ceil(left / 1000)));
    }
    await this.touch(key.id, now, request.address);
  }

  private async touch(keyId: number, now: Date, address: string): Promise<void> {
    const everyMs = ApiKeyLimits.lastUseEverySeconds * 1000;
    const last = this.touched.get(keyId);
    if (last !== undefined && now.getTime() - last < everyMs) return;
    if (this.touched.size >= MAX_TOUCHED) this.touched.clear();
    this.touched.set(keyId, now.getTime());
    await this.repo.touch(keyId, now, address, ApiKeyLimits.lastUseEverySeconds);
  }
}
