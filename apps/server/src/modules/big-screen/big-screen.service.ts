import {
  BigScreenLimits,
  BigScreenMessage,
  type BigScreenData,
  type BigScreenShowcase,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { SessionContext } from '../auth/auth.service.js';
import { StationAnswers, type StationAnswersOptions } from '../stations/station-answers.js';
import { StationsService } from '../stations/stations.service.js';
import type { Scope } from '../tenancy/scope.js';
import { browserDayStart, hourlyPoints, regionCounts } from './big-screen-model.js';
import { BigScreenRepository, type ShowcaseRow } from './big-screen.repository.js';
import { countryAtCached } from './countries.js';

export interface BigScreenCaller {
  scope: Scope;
  session: SessionContext;
}

type Rest = Omit<BigScreenData, 'kpis' | 'showcase' | 'generatedAt'>;

const toShowcase = (r: ShowcaseRow): BigScreenShowcase => ({
  showcase: r.showcase,
  updatedAt: r.updatedAt?.toISOString() ?? null,
});

/**
 * The big screen's summary: the Home KPIs of the caller's scope as they are (one status model, one set of
 * impact and income rules: StationsService.indexStats), plus logger counts, rankings, regions and today's
 * power; and the showcase switch only a platform administrator may turn.
 */
export class BigScreenService {
  private readonly repo: BigScreenRepository;
  private readonly stations: StationsService;
  private readonly answers: StationAnswers<Rest>;

  constructor(
    db: Db,
    private readonly clock: Clock,
    answers?: StationAnswersOptions,
  ) {
    this.repo = new BigScreenRepository(db);
    this.stations = new StationsService(db, clock, answers);
    this.answers = new StationAnswers(answers, clock);
  }

  async summary(caller: BigScreenCaller, zoneOffset: number): Promise<BigScreenData> {
    const now = this.clock.now();
    const [kpis, rest, showcase] = await Promise.all([
      this.stations.indexStats({ scope: caller.scope, userId: caller.session.userId }, undefined),
      this.answers.load(caller.scope, String(zoneOffset), () => this.readRest(caller.scope, now, zoneOffset)),
      this.repo.showcase(),
    ]);
    return { generatedAt: now.toISOString(), showcase: showcase.showcase, kpis, ...rest };
  }

  private async readRest(scope: Scope, now: Date, zoneOffset: number): Promise<Rest> {
    const from = browserDayStart(now.getTime(), zoneOffset);
    const rows = await this.repo.read(scope, now, new Date(from));
    const g = rows.gateways;
    const count = (k: string): number => g[k] ?? 0;
    const { regions, unplaced } = regionCounts(rows.points, countryAtCached);
    return {
      gateways: {
        normal: count('NORMAL'),
        fault: count('FAULT'),
        offline: count('OFFLINE'),
        other: count('OTHER'),
        total: count('NORMAL') + count('FAULT') + count('OFFLINE') + count('OTHER'),
      },
      topGeneration: rows.topGeneration.slice(0, BigScreenLimits.rankingSize),
      topOnlineRate: rows.topOnline.map((r) => ({ ...r, onlineRate: r.gatewaysOnline / r.gateways })),
      regions,
      unplaced,
      power: { from, points: hourlyPoints(from, now.getTime(), rows.hours) },
    };
  }

  async showcase(): Promise<BigScreenShowcase> {
    return toShowcase(await this.repo.showcase());
  }

  /** Only a platform administrator (role type ADMINISTRATOR in the platform company) may switch. */
  async setShowcase(caller: BigScreenCaller, showcase: boolean): Promise<BigScreenShowcase> {
    const admin =
      caller.scope.kind === 'platform' &&
      (await this.repo.roleType(caller.session.roleId)) === 'ADMINISTRATOR';
    if (!admin) throw Errors.forbidden(BigScreenMessage.showcaseForbidden);
    return toShowcase(await this.repo.setShowcase(showcase, caller.session.userId, this.clock.now()));
  }
}
