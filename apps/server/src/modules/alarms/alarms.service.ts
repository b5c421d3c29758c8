import {
  AlarmApiMessage,
  pageWindow,
  TelemetryApiMessage,
  type AlarmDetail,
  type AlarmItem,
  type AlarmQuery,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { FaultCatalogue, userLanguage, withCatalogueText } from '../fault-codes/describe.js';
import { alarmScanOf } from '../iv/iv.service.js';
import type { Scope } from '../tenancy/scope.js';
import { AlarmsRepository } from './alarms.repository.js';

/** The alarm list, one alarm, and the life-cycle actions (docs/alarms.md "Alarm engine and life cycle"). */
export class AlarmsService {
  readonly repo: AlarmsRepository;
  private readonly catalogue: FaultCatalogue;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new AlarmsRepository(db);
    this.catalogue = new FaultCatalogue(db);
  }

  /** The alarm list with the fault-code catalogue's words in the caller's language. */
  async page(scope: Scope, query: AlarmQuery): Promise<{ total: number; list: AlarmItem[] }> {
    if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
      throw Errors.invalid(TelemetryApiMessage.rangeInvalid, [
        { field: 'querystring.from', rule: TelemetryApiMessage.rangeInvalid, message: 'from is after to' },
      ]);
    }
    const [page, language] = await Promise.all([
      this.repo.page(scope, query, pageWindow(query)),
      userLanguage(this.db, scope.userId),
    ]);
    return { total: page.total, list: await withCatalogueText(this.catalogue, page.list, language) };
  }

  async detail(scope: Scope, id: number): Promise<AlarmDetail> {
    const found = await this.repo.detail(scope, id);
    if (found === null) throw Errors.notFound();
    const [[described], ivScan] = await Promise.all([
      withCatalogueText(this.catalogue, [found], await userLanguage(this.db, scope.userId)),
      alarmScanOf(this.db, id),
    ]);
    return {
      ...(described ?? { ...found, known: false, description: null, cause: null, handling: null }),
      ivScan,
    };
  }

  acknowledge(scope: Scope, ids: number[], note: string | undefined): Promise<number> {
    return this.repo.act(scope, ids, this.clock.now(), { kind: 'ack', note: note?.trim() || null });
  }

  clear(scope: Scope, ids: number[], reason: string): Promise<number> {
    return this.repo.act(scope, ids, this.clock.now(), { kind: 'clear', reason: reason.trim() });
  }

  snooze(scope: Scope, ids: number[], untilMs: number): Promise<number> {
    const now = this.clock.now();
    // After the reach check: a foreign id answers 4004 whatever the time.
    return this.repo.act(scope, ids, now, { kind: 'snooze', until: new Date(untilMs) }, () => {
      if (untilMs <= now.getTime()) {
        throw Errors.invalid(AlarmApiMessage.snoozeInPast, [
          {
            field: 'body.until',
            rule: AlarmApiMessage.snoozeInPast,
            message: 'until must be later than now',
          },
        ]);
      }
    });
  }

  read(scope: Scope, ids: number[]): Promise<number> {
    return this.repo.markRead(scope, ids, this.clock.now());
  }
}
