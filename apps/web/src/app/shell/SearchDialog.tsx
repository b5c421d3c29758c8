import { useState, type ReactElement } from 'react';
import { Button, Input, Modal, Tag } from 'antd';
import { Layout, MessageKey, type SearchType } from '@sunfleet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';
import { translateMessage } from '../../lib/i18n';
import { stationDetailPath } from '../../lib/paths';
import { showSuccessToast } from '../../lib/toast';
import {
  clearSearchHistory,
  fetchSearch,
  recordSearch,
  searchQueryKey,
  type QueryHistoryEntry,
} from '../../features/search/api';
import {
  SEARCH_TYPE_OPTIONS,
  labelKeyOf,
  listVisible,
  morePath,
  normaliseKeywords,
  resultLists,
  resultPath,
  useDebouncedValue,
} from '../../features/search/searchModel';
import { HistorySection, ResultSection, type ResultItem } from '../../features/search/SearchSections';
import '../../features/search/search.css';

/**
 * The global search dialog (SPEC §2, §4, §5; 640 px): a type filter shown as a removable tag, recent
 * searches with Clear, and the site, equipment and gateway lists with More and "No data". Opening starts
 * afresh (the panel is destroyed on close); typing searches 400 ms after the last key, trimmed.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={Layout.searchDialogWidthPx}
      title={t('search.title')}
      destroyOnHidden
    >
      <div data-testid={TestId.searchDialog}>{open ? <SearchPanel onClose={onClose} /> : null}</div>
    </Modal>
  );
}

function SearchPanel({ onClose }: { onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [type, setType] = useState<SearchType | undefined>(undefined);
  const keywords = useDebouncedValue(normaliseKeywords(text));
  const query = useQuery({
    queryKey: searchQueryKey(keywords, type),
    queryFn: () => fetchSearch(keywords, type),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const clear = useMutation({
    mutationFn: clearSearchHistory,
    onSuccess: async () => {
      showSuccessToast(translateMessage(MessageKey.OK));
      await client.invalidateQueries({ queryKey: ['indexSearch'] });
    },
  });
  const data = query.data;
  const searching = query.isFetching;
  const typed = keywords !== '';

  const choose = (listType: SearchType, item: ResultItem): void => {
    // SPEC §8: a failure to record the history is ignored.
    recordSearch({ keywords, type: listType, extraId: item.id }).catch(() => undefined);
    onClose();
    void navigate(resultPath(listType, item.id, item.label));
  };
  const more = (listType: SearchType): void => {
    onClose();
    void navigate(morePath(listType, keywords));
  };
  const pickHistory = (entry: QueryHistoryEntry): void => {
    setText(entry.keywords);
    setType(entry.type.key);
  };

  const openStation = (station: { id: number; name: string }): void => {
    onClose();
    void navigate(stationDetailPath(station.id, station.name));
  };
  const sections = resultLists(data);

  return (
    <div>
      <Input
        autoFocus
        allowClear
        value={text}
        maxLength={64}
        placeholder={t('search.placeholder')}
        data-testid={TestId.searchInput}
        onChange={(e) => setText(e.target.value)}
        prefix={
          type === undefined ? undefined : (
            <Tag
              closable
              color="blue"
              data-testid={TestId.searchTypeTag}
              onClose={(e) => {
                e.preventDefault();
                setType(undefined);
              }}
            >
              {t(labelKeyOf(type))}
            </Tag>
          )
        }
      />
      <div className="search-type-filter">
        {SEARCH_TYPE_OPTIONS.map((option) => (
          <Button
            key={option.type}
            size="small"
            type={type === option.type ? 'primary' : 'default'}
            data-testid={TestId.searchTypeOption}
            data-type={option.type}
            onClick={() => setType(option.type)}
          >
            {t(option.labelKey)}
          </Button>
        ))}
      </div>
      <HistorySection
        entries={data?.queryHistories ?? []}
        onPick={pickHistory}
        onClear={() => clear.mutate()}
        clearing={clear.isPending}
      />
      {typed
        ? sections
            .filter((section) => listVisible(section.type, type))
            .map((section) => (
              <ResultSection
                key={section.type}
                type={section.type}
                titleKey={section.titleKey}
                items={section.items}
                loading={searching && data === undefined}
                onPick={(item) => choose(section.type, item)}
                onMore={() => more(section.type)}
                onOpenStation={openStation}
              />
            ))
        : null}
    </div>
  );
}
