// Answers about stations kept per API process (docs/stations.md, Scale): station list pages, Home, and the
// power and energy charts of logged-in callers. Their figures may be up to STATION_FIGURES_MAX_AGE_MS old
// (readings arrive every few minutes; readers see them a few seconds later at most); an edit to what they
// are built from — a station, a follow, a company, a user or role, an exchange rate — drops them on every
// process as its notification arrives (db/change-feed.ts), and a write request is answered only once its
// own process has dropped them.
import type { Change, ChangeFeed } from '../../db/change-feed.js';
import { FeedCache } from '../../db/feed-cache.js';
import type { Clock } from '../../lib/clock.js';
import type { Scope } from '../tenancy/scope.js';

/** Answers kept per kind and process; each well under 50 KB (a chart day ≈ 30 KB). */
const CACHED_ANSWERS_MAX = 1_000;

export interface StationAnswersOptions {
  changes: ChangeFeed;
  /** STATION_FIGURES_MAX_AGE_MS: how old cached figures may be; 0 = every answer read afresh. */
  maxAgeMs: number;
}

/**
 * Every change but a session's, the navigation catalogue's or an alarm's can touch a station answer
 * (alarm-driven figures, such as faults, come from the station facts, which age like the live figures).
 */
const editsStationAnswers = (change: Exclude<Change, { kind: 'reset' }>): boolean =>
  change.kind !== 'session' && change.kind !== 'navigation' && change.kind !== 'alarm';

/** One kind of answer, per caller (user, scope kind and company) and question. */
export class StationAnswers<V extends object> {
  private readonly cache: FeedCache<string, V> | null;

  constructor(options: StationAnswersOptions | undefined, clock: Clock) {
    this.cache =
      options === undefined || options.maxAgeMs <= 0
        ? null
        : new FeedCache<string, V>(options.changes, {
            max: CACHED_ANSWERS_MAX,
            stale: editsStationAnswers,
            maxAge: { ms: options.maxAgeMs, now: () => clock.now().getTime() },
          });
  }

  /** The kept answer to `question` for this caller, or `read()` (kept if nothing changed meanwhile). */
  load(scope: Scope, question: string, read: () => Promise<V>): Promise<V> {
    if (this.cache === null) return read();
    const key = `${String(scope.userId)}|${scope.kind}|${String(scope.companyId)}|${question}`;
    return this.cache.load(key, read);
  }
}
