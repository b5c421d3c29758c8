import type { ReactElement } from 'react';
import { Button, Empty, Popconfirm, Spin, Tag, Typography } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import type { SearchType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/StatusTag';
import { stationDetailPath } from '../../lib/paths';
import { TestId } from '../../testids';
import { clearDisabled, labelKeyOf, showMore, type ResultItem } from './searchModel';
import type { QueryHistoryEntry } from './api';

export type { ResultItem } from './searchModel';

type Station = { id: number; name: string };

/** A device's or logger's status and its station as a link (or "no station" while unbound). */
function Place({
  place,
  onOpenStation,
}: {
  place: NonNullable<ResultItem['place']>;
  onOpenStation: (station: Station) => void;
}): ReactElement {
  const { t } = useTranslation();
  const { station } = place;
  return (
    <>
      <span className="search-result-status">
        <StatusTag {...place.status} />
      </span>
      {station === null ? (
        <Typography.Text
          type="secondary"
          className="search-result-station"
          data-testid={TestId.searchResultStation}
        >
          {t('search.unbound')}
        </Typography.Text>
      ) : (
        // A real link (a new tab on middle click); a plain click closes the dialog and opens the station.
        <a
          href={`#${stationDetailPath(station.id, station.name)}`}
          className="search-result-station"
          title={t('search.openStation', { name: station.name })}
          data-testid={TestId.searchResultStation}
          data-id={station.id}
          onClick={(e) => {
            e.preventDefault();
            onOpenStation(station);
          }}
        >
          <HomeOutlined /> {station.name}
        </a>
      )}
    </>
  );
}

/** One result list of the dialog: title, items, a More link exactly at 8 items, "No data" when empty. */
export function ResultSection({
  type,
  titleKey,
  items,
  loading,
  onPick,
  onMore,
  onOpenStation,
}: {
  type: SearchType;
  titleKey: string;
  items: readonly ResultItem[];
  loading: boolean;
  onPick: (item: ResultItem) => void;
  onMore: () => void;
  /** Opens the station of a device or logger hit. */
  onOpenStation: (station: Station) => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <section className="search-section" data-testid={TestId.searchSection} data-type={type}>
      <div className="search-section-head">
        <Typography.Text strong>{t(titleKey)}</Typography.Text>
        {showMore(items) ? (
          <Button type="link" size="small" data-testid={TestId.searchMore} onClick={onMore}>
            {t('search.more')}
          </Button>
        ) : null}
      </div>
      {loading ? (
        <Spin size="small" />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.noData')} />
      ) : (
        <ul className="search-results">
          {items.map((item) => (
            <li
              key={item.id}
              className={item.place === undefined ? undefined : 'search-result-row'}
              data-testid={TestId.searchResultRow}
            >
              <Button
                type="text"
                block={item.place === undefined}
                className="search-result"
                data-testid={TestId.searchResult}
                onClick={() => onPick(item)}
              >
                {item.label}
              </Button>
              {item.place === undefined ? null : <Place place={item.place} onOpenStation={onOpenStation} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Recent searches with Clear (disabled without history, confirmed before it deletes). */
export function HistorySection({
  entries,
  onPick,
  onClear,
  clearing,
}: {
  entries: readonly QueryHistoryEntry[];
  onPick: (entry: QueryHistoryEntry) => void;
  onClear: () => void;
  clearing: boolean;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <section className="search-section" data-testid={TestId.searchHistory}>
      <div className="search-section-head">
        <Typography.Text strong>{t('search.recent')}</Typography.Text>
        <Popconfirm
          title={t('search.clearConfirm')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={onClear}
          disabled={clearDisabled(entries)}
        >
          <Button
            type="link"
            size="small"
            danger
            disabled={clearDisabled(entries)}
            loading={clearing}
            data-testid={TestId.searchClearHistory}
          >
            {t('search.clear')}
          </Button>
        </Popconfirm>
      </div>
      {entries.length === 0 ? (
        <Typography.Text type="secondary">{t('search.noHistory')}</Typography.Text>
      ) : (
        <div className="search-history">
          {entries.map((entry) => (
            <Tag
              key={`${entry.type.key}:${entry.keywords}`}
              className="search-history-entry"
              data-testid={TestId.searchHistoryEntry}
              onClick={() => onPick(entry)}
            >
              {entry.keywords} · {t(labelKeyOf(entry.type.key))}
            </Tag>
          ))}
        </div>
      )}
    </section>
  );
}
