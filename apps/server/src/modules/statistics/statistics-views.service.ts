// Saved statistics views (docs/statistics.md "Saved views"): a user's own comparisons by name. A view's
// stations must lie in the caller's scope when it is saved; a schedule needs statistics:schedule and at
// least one recipient. Everything is checked before anything is written.
import {
  hasAnyPermission,
  Perm,
  StatisticsLimits,
  StatisticsMessage,
  type StatisticsView,
  type StatisticsViewBody,
} from '@sunfleet/contracts';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { Caller } from '../organisation/access.js';
import { invalidField, requiredText } from '../reference/sql-helpers.js';
import type { NewView, ViewRow } from './statistics.repository.js';
import type { StatisticsService } from './statistics.service.js';

export function toView(row: ViewRow): StatisticsView {
  return {
    id: row.id,
    name: row.name,
    stationIds: row.stationIds,
    granularity: row.granularity,
    range: row.rangeRule,
    currency: row.currency,
    rankBy: row.rankBy,
    schedule: row.schedule,
    recipients: row.recipients,
    lastSentPeriod: row.lastSentPeriod,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class StatisticsViewsService {
  constructor(
    private readonly statistics: StatisticsService,
    private readonly clock: Clock,
  ) {}

  private get repo(): StatisticsService['repo'] {
    return this.statistics.repo;
  }

  async list(caller: Caller): Promise<StatisticsView[]> {
    return (await this.repo.views(caller.session.userId)).map(toView);
  }

  async get(caller: Caller, id: number): Promise<StatisticsView> {
    const row = await this.repo.view(caller.session.userId, id);
    if (row === null) throw Errors.notFound();
    return toView(row);
  }

  async create(caller: Caller, body: StatisticsViewBody): Promise<StatisticsView> {
    const values = await this.checked(caller, body, null);
    if ((await this.repo.countViews(caller.session.userId)) >= StatisticsLimits.viewsPerUserMax)
      throw invalidField(
        'body.name',
        StatisticsMessage.tooManyViews,
        `at most ${StatisticsLimits.viewsPerUserMax} saved views`,
      );
    return toView(await this.repo.insert(values));
  }

  async update(caller: Caller, id: number, body: StatisticsViewBody): Promise<StatisticsView> {
    const existing = await this.repo.view(caller.session.userId, id);
    if (existing === null) throw Errors.notFound();
    const values = await this.checked(caller, body, id);
    // A changed schedule starts afresh; an unchanged one keeps its record, so no period is mailed twice.
    const lastSentPeriod = values.schedule === existing.schedule ? existing.lastSentPeriod : null;
    const row = await this.repo.update(caller.session.userId, id, { ...values, lastSentPeriod });
    if (row === null) throw Errors.notFound();
    return toView(row);
  }

  async delete(caller: Caller, id: number): Promise<{ name: string }> {
    const existing = await this.repo.view(caller.session.userId, id);
    if (existing === null || !(await this.repo.delete(caller.session.userId, id))) throw Errors.notFound();
    return { name: existing.name };
  }

  private async checked(caller: Caller, body: StatisticsViewBody, id: number | null): Promise<NewView> {
    const name = requiredText(body.name, 'body.name');
    const stationIds = [...new Set(body.stationIds)];
    const recipients = body.recipients.map((r) => r.trim());
    if (body.schedule !== 'NONE') {
      if (!hasAnyPermission(caller.session.permissions, [Perm.statisticsSchedule])) throw Errors.forbidden();
      if (recipients.length === 0)
        throw invalidField(
          'body.recipients',
          StatisticsMessage.recipientsRequired,
          'a schedule needs recipients',
        );
    }
    if (new Set(recipients.map((r) => r.toLowerCase())).size !== recipients.length)
      throw invalidField(
        'body.recipients',
        StatisticsMessage.recipientDuplicate,
        'an address is listed twice',
      );
    await this.statistics.checkCurrency(body.currency, 'body.currency');
    await this.statistics.stationsInScope(caller.scope, stationIds);
    if (await this.repo.nameTaken(caller.session.userId, name, id))
      throw invalidField('body.name', StatisticsMessage.nameTaken, 'a view of this name exists');
    return {
      ownerUserId: caller.session.userId,
      name,
      stationIds,
      granularity: body.granularity,
      rangeRule: body.range,
      currency: body.currency,
      rankBy: body.rankBy,
      schedule: body.schedule,
      recipients,
      updatedAt: this.clock.now(),
    };
  }
}
