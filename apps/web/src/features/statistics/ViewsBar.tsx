import { useState, type ReactElement } from 'react';
import { Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatisticsView } from '@sunfleet/contracts';
import { ConfirmButton } from '../../components/ConfirmButton';
import { showSuccessToast } from '../../lib/toast';
import { deleteView, useViews } from './api';
import type { StatisticsFilters } from './model';
import { StatisticsTestId } from './testIds';
import { ViewModal } from './ViewModal';

/** The saved views: open one, save the current comparison (new or over the open one), delete. */
export function ViewsBar({
  filters,
  onOpen,
}: {
  filters: StatisticsFilters;
  onOpen: (view: StatisticsView) => void;
}): ReactElement {
  const { t } = useTranslation();
  const views = useViews();
  const [current, setCurrent] = useState<StatisticsView | null>(null);
  const [editing, setEditing] = useState<'new' | 'current' | null>(null);
  const open = (id: number | undefined): void => {
    const view = views.data?.find((v) => v.id === id) ?? null;
    setCurrent(view);
    if (view !== null) onOpen(view);
  };
  return (
    <Space wrap>
      <Select<number>
        allowClear
        placeholder={t('statisticsWeb.viewLoad')}
        loading={views.isFetching}
        status={views.isError ? 'error' : undefined}
        notFoundContent={t('statisticsWeb.noViews')}
        value={current?.id}
        onChange={open}
        options={(views.data ?? []).map((v) => ({
          value: v.id,
          label: v.schedule === 'NONE' ? v.name : `${v.name} · ${t(`statisticsWeb.schedule.${v.schedule}`)}`,
        }))}
        style={{ width: 260 }}
        data-testid={StatisticsTestId.views}
      />
      {current?.lastSentPeriod != null && (
        <Typography.Text type="secondary">
          {t('statisticsWeb.lastSent')}: {current.lastSentPeriod}
        </Typography.Text>
      )}
      <Button
        onClick={() => setEditing(current === null ? 'new' : 'current')}
        disabled={filters.stationIds.length === 0}
        data-testid={StatisticsTestId.viewSave}
      >
        {t(current === null ? 'statisticsWeb.viewSave' : 'statisticsWeb.viewEdit')}
      </Button>
      {current !== null && (
        <ConfirmButton
          title={t('statisticsWeb.viewDeleteConfirm')}
          testId={StatisticsTestId.viewDelete}
          onConfirm={async () => {
            await deleteView(current.id);
            setCurrent(null);
            showSuccessToast(t('statisticsWeb.viewDeleted'));
          }}
        >
          {t('statisticsWeb.viewDelete')}
        </ConfirmButton>
      )}
      <ViewModal
        open={editing !== null}
        view={editing === 'current' ? current : null}
        filters={filters}
        onClose={() => setEditing(null)}
        onSaved={(view) => {
          setEditing(null);
          setCurrent(view);
        }}
      />
    </Space>
  );
}
