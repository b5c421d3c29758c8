// The global search dialog's server side: trimmed keywords, scoped result lists of at most 8 items each
// (optionally one type only), and the caller's recent searches.
import {
  SearchMessage,
  type IndexSearchQuery,
  type IndexSearchResult,
  type QueryHistoryBody,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { Caller } from '../organisation/access.js';
import { SearchRepository } from './search.repository.js';

export class SearchService {
  private readonly repo: SearchRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new SearchRepository(db);
  }

  async search(caller: Caller, query: IndexSearchQuery): Promise<IndexSearchResult> {
    const keywords = (query.keywords ?? '').trim();
    const wants = (type: NonNullable<IndexSearchQuery['type']>): boolean =>
      keywords !== '' && (query.type === undefined || query.type === type);
    const now = this.clock.now();
    const [stations, devices, gateways, history] = await Promise.all([
      wants('STATION') ? this.repo.stations(caller.scope, keywords) : [],
      wants('INVERTER') ? this.repo.devices(caller.scope, keywords, now) : [],
      wants('GATEWAY') ? this.repo.gateways(caller.scope, keywords, now) : [],
      this.repo.history(caller.session.userId),
    ]);
    return {
      stations,
      devices,
      gateways,
      queryHistories: history.map((h) => ({
        keywords: h.keywords,
        type: { key: h.type },
        extraId: h.extraId,
      })),
    };
  }

  /**
   * Records a search. The guest account is shared by every visitor of the demo, so its searches are not
   * remembered (answered as success: the dialog records after each choice and must not show an error).
   */
  async record(caller: Caller, body: QueryHistoryBody): Promise<void> {
    const keywords = body.keywords.trim();
    if (keywords === '')
      throw Errors.invalid(SearchMessage.keywordsBlank, [
        { field: 'body.keywords', rule: SearchMessage.keywordsBlank, message: 'keywords must not be blank' },
      ]);
    if (caller.session.guest) return;
    await this.repo.record(
      caller.session.userId,
      keywords,
      body.type,
      body.extraId ?? null,
      this.clock.now(),
    );
  }

  async clear(caller: Caller): Promise<number> {
    return this.repo.clear(caller.session.userId);
  }
}
