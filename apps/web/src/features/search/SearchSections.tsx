import type { ReactElement } from 'react';
import { Button, Empty, Popconfirm, Spin, Tag, Typography } from 'antd';
import type { SearchType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';
import { clearDisabled, labelKeyOf, showMore } from './searchModel';
import type { QueryHistoryEntry } from './api';

export interface ResultItem {
  id: number;
  label: string;
}

/** One result list of the dialog: title, items, a More link exactly at 8 items, "No data" when empty. */
export function ResultSection({
  type,
  titleKey,
  items,
  loading,
  onPick,
  onMore,
}: {
  type: SearchType;
  titleKey: string;
  items: readonly ResultItem[];
  loading: boolean;
  onPick: (item: ResultItem) => void;
  onMore: () => void;
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
            <li key={item.id}>
              <Button
                type="text"
                block
                className="search-result"
                data-testid={TestId.searchResult}
                onClick={() => onPick(item)}
              >
                {item.label}
              </Button>
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
