import {
  ClientErrorLimits,
  pageWindow,
  RuleMessage,
  type ClientErrorDetail,
  type ClientErrorGroup,
  type ClientErrorQuery,
  type ClientErrorReport,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { assertFields } from '../organisation/field-rules.js';
import { optionalKeyword } from '../reference/sql-helpers.js';
import { RateLimitRepository, type RateLimit } from '../security/rate-limit.repository.js';
import { ClientErrorsRepository, type GroupRow } from './client-errors.repository.js';
import { fingerprintOf, firstFrame, normalisedMessage } from './fingerprint.js';

/** Who sent a report: the client address, and the session's user when one was presented. */
export interface Reporter {
  address: string;
  userId: number | null;
  sessionId: number | null;
  userAgent: string | null;
}

function toGroup(row: GroupRow): ClientErrorGroup {
  return {
    id: row.id,
    fingerprint: row.fingerprint,
    kind: row.kind,
    message: row.message,
    frame: row.frame,
    build: row.build,
    count: row.count,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    lastRoute: row.lastRoute,
    lastUser: row.lastUser,
  };
}

/** The console's runtime error store (docs/runtime-errors.md). */
export class ClientErrorsService {
  private readonly repo: ClientErrorsRepository;
  private readonly rates: RateLimitRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new ClientErrorsRepository(db);
    this.rates = new RateLimitRepository(db);
  }

  /** Stores one report in its group; 4029 once the address or the session has sent its share. */
  async report(body: ClientErrorReport, from: Reporter): Promise<void> {
    const now = this.clock.now();
    const window = ClientErrorLimits.windowSeconds;
    const limits: RateLimit[] = [
      {
        key: `clientError:ip:${from.address}`,
        windowSeconds: window,
        max: ClientErrorLimits.reportsPerAddress,
      },
      ...(from.sessionId === null
        ? []
        : [
            {
              key: `clientError:session:${from.sessionId}`,
              windowSeconds: window,
              max: ClientErrorLimits.reportsPerSession,
            },
          ]),
    ];
    if (await this.rates.exceeded(limits, now)) throw Errors.tooMany();
    await this.rates.hit(limits, now);
    const message = normalisedMessage(body.message);
    if (message === '') assertFields([['message', RuleMessage.cannotBeBlank]]);
    const frame = firstFrame(body.stack);
    await this.repo.record({
      fingerprint: fingerprintOf(message, frame, body.build),
      kind: body.kind,
      message,
      frame,
      stack: body.stack ?? null,
      build: body.build,
      route: body.route,
      userId: from.userId,
      userAgent: from.userAgent?.slice(0, ClientErrorLimits.userAgentMax) ?? null,
      at: now,
    });
  }

  async page(query: ClientErrorQuery): Promise<{ total: number; list: ClientErrorGroup[] }> {
    const { total, rows } = await this.repo.page(
      { q: optionalKeyword(query.q), build: optionalKeyword(query.build) },
      pageWindow(query),
    );
    return { total, list: rows.map(toGroup) };
  }

  async detail(id: number): Promise<ClientErrorDetail> {
    const group = await this.repo.group(id);
    if (!group) throw Errors.notFound();
    const samples = await this.repo.samples(id);
    return {
      ...toGroup(group),
      samples: samples.map((s) => ({ ...s, occurredAt: s.occurredAt.toISOString() })),
    };
  }
}
