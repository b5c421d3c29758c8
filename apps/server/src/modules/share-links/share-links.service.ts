// Share links of a station (create, read, update, revoke, delete, list) and the public read-only view
// behind a token. Tenancy: a link is reached through its station's scope; a foreign link or station
// answers 4004 exactly like a missing one.
import {
  ShareLinkLimits,
  ShareLinkMessage,
  type ShareLink,
  type ShareLinkCreateBody,
  type ShareLinkState,
  type ShareLinkUpdateBody,
  type StationShareView,
} from '@sunfleet/contracts';
import { localDate } from '@sunfleet/domain';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { Caller } from '../organisation/access.js';
import { RateLimitRepository } from '../security/rate-limit.repository.js';
import { ShareLinksRepository, type ShareLinkRow } from './share-links.repository.js';
import { newShareToken, recordShareUse, resolveShareToken } from './share-token.js';

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

export function shareLinkState(
  row: Pick<ShareLinkRow, 'revokedAt' | 'expiresAt'>,
  now: Date,
): ShareLinkState {
  if (row.revokedAt !== null) return 'REVOKED';
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

/** The public address of a link: the console's share page with the token. */
export function shareUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/#/station/share?token=${token}`;
}

function cleanTitle(title: string | null | undefined): string | null {
  const trimmed = title?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export class ShareLinksService {
  private readonly repo: ShareLinksRepository;
  private readonly rate: RateLimitRepository;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {
    this.repo = new ShareLinksRepository(db);
    this.rate = new RateLimitRepository(db);
  }

  private toResponse(row: ShareLinkRow): ShareLink {
    return {
      id: row.id,
      stationId: row.stationId,
      stationName: row.stationName,
      title: row.title,
      token: row.token,
      url: shareUrl(this.publicUrl, row.token),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      expiresAt: iso(row.expiresAt),
      revokedAt: iso(row.revokedAt),
      lastUsedAt: iso(row.lastUsedAt),
      useCount: row.useCount,
      state: shareLinkState(row, this.clock.now()),
    };
  }

  private futureOrNull(expiresAt: string | null): Date | null {
    if (expiresAt === null) return null;
    const date = new Date(expiresAt);
    if (Number.isNaN(date.getTime()) || date.getTime() <= this.clock.now().getTime())
      throw Errors.invalid(ShareLinkMessage.expiryInPast, [
        {
          field: 'expiresAt',
          rule: ShareLinkMessage.expiryInPast,
          message: 'expiresAt must lie in the future',
        },
      ]);
    return date;
  }

  async create(caller: Caller, body: ShareLinkCreateBody): Promise<ShareLink> {
    // Reach first: a foreign station answers 4004 whatever else is wrong with the request.
    if (!(await this.repo.stationReachable(caller.scope, body.stationId))) throw Errors.notFound();
    const expiresAt = this.futureOrNull(body.expiresAt);
    if ((await this.repo.countForStation(body.stationId)) >= ShareLinkLimits.perStationMax)
      throw Errors.invalid(ShareLinkMessage.tooManyLinks);
    const id = await this.repo.insert({
      stationId: body.stationId,
      token: newShareToken(),
      title: cleanTitle(body.title),
      expiresAt,
      createdByUserId: caller.session.userId,
      now: this.clock.now(),
    });
    return this.get(caller, id);
  }

  async get(caller: Caller, id: number): Promise<ShareLink> {
    const row = await this.repo.find(caller.scope, id);
    if (row === null) throw Errors.notFound();
    return this.toResponse(row);
  }

  async list(caller: Caller, stationId: number): Promise<ShareLink[]> {
    if (!(await this.repo.stationReachable(caller.scope, stationId))) throw Errors.notFound();
    return (await this.repo.listForStation(stationId)).map((row) => this.toResponse(row));
  }

  async update(caller: Caller, body: ShareLinkUpdateBody): Promise<ShareLink> {
    const row = await this.repo.find(caller.scope, body.id);
    if (row === null) throw Errors.notFound();
    const set: { title?: string | null; expiresAt?: Date | null; revokedAt?: Date } = {};
    if (body.title !== undefined) set.title = cleanTitle(body.title);
    if (body.expiresAt !== undefined) set.expiresAt = this.futureOrNull(body.expiresAt);
    // Revocation is final: `revoked: false` on a revoked link does not bring it back.
    if (body.revoked === true && row.revokedAt === null) set.revokedAt = this.clock.now();
    await this.repo.update(row.id, set, this.clock.now());
    return this.get(caller, row.id);
  }

  async delete(caller: Caller, id: number): Promise<{ stationId: number }> {
    const row = await this.repo.find(caller.scope, id);
    if (row === null) throw Errors.notFound();
    await this.repo.delete(row.id);
    return { stationId: row.stationId };
  }

  /**
   * The public view behind a token. Limited per client address (counted before the lookup, so guessing
   * tokens costs the same as using one); unknown, expired and revoked tokens answer one 4004.
   */
  async publicView(token: string, clientAddress: string): Promise<StationShareView> {
    const now = this.clock.now();
    const limit = [
      {
        key: `share:addr:${clientAddress}`,
        windowSeconds: ShareLinkLimits.publicWindowSeconds,
        max: ShareLinkLimits.publicViewsPerAddress,
      },
    ];
    if (await this.rate.exceeded(limit, now)) throw Errors.tooMany();
    await this.rate.hit(limit, now);
    const stationId = await resolveShareToken(this.db, token, now);
    if (stationId === null) throw Errors.notFound();
    const station = await this.repo.publicStation(stationId, now);
    if (station === null) throw Errors.notFound();
    await recordShareUse(this.db, token, now);
    const today = localDate(now.getTime(), station.timeZone);
    const totals = await this.repo.energyTotals(
      stationId,
      today,
      `${today.slice(0, 7)}-01`,
      today.slice(0, 4),
    );
    const link = await this.repo.expiryOfToken(token);
    return {
      station: {
        name: station.name,
        type: station.type,
        capacityKwp: station.capacityKwp,
        timeZone: station.timeZone,
        currency: station.currency,
        address: station.address,
        status: station.status,
      },
      stats: {
        // The station facts' power (the inverters online), as on the station list and page.
        powerKw: station.powerW === null ? null : station.powerW / 1000,
        ...totals,
        currency: station.currency,
        capacityKwp: station.capacityKwp,
        fullLoadHoursToday:
          totals.todayKwh === null || station.capacityKwp <= 0 ? null : totals.todayKwh / station.capacityKwp,
        updatedAt: station.updatedAt === null ? null : station.updatedAt.getTime(),
      },
      expiresAt: iso(link),
    };
  }
}
