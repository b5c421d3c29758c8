import { useMemo, useState, type ReactElement } from 'react';
import { Button, Card, Empty, Segmented, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { STATISTICS_RANK_BY, type StatisticsRankBy } from '@sunfleet/contracts';
import { EChart } from '../../components/chart/EChart';
import { LoadFailed } from '../../components/LoadFailed';
import type { PageProps } from '../../lib/page';
import { saveFile } from '../../lib/saveFile';
import { showErrorToast } from '../../lib/toast';
import { exportStatistics, useComparison } from './api';
import { comparisonChart } from './chartOption';
import { compareQuery, defaultFilters, filtersOfView, type StatisticsFilters as Filters } from './model';
import { StatisticsFilters } from './StatisticsFilters';
import { StatisticsTable, useFigureText } from './StatisticsTable';
import { StatisticsTestId } from './testIds';
import { ViewsBar } from './ViewsBar';

const AXIS: Record<StatisticsRankBy, string> = { ENERGY: 'kWh', YIELD: 'kWh/kWp', INCOME: '', PR: 'PR' };

/**
 * Income and yield statistics (docs/statistics.md): stations compared by day, month or year with a ranking
 * table, a bar chart of one figure, an XLSX export and saved views that can be mailed on a schedule.
 */
export function StatisticsPage(_props: PageProps): ReactElement {
  const { t } = useTranslation();
  const today = dayjs().format('YYYY-MM-DD');
  const [filters, setFilters] = useState<Filters>(() => defaultFilters(today, 'USD'));
  const [metric, setMetric] = useState<StatisticsRankBy>('ENERGY');
  const [exporting, setExporting] = useState(false);
  const query = compareQuery(filters);
  const comparison = useComparison(query);
  const result = query === null ? undefined : comparison.data;
  const text = useFigureText(filters.currency);
  const option = useMemo(
    () =>
      result === undefined
        ? null
        : comparisonChart(result, metric, AXIS[metric] || result.currency, (v) => text(metric, v)),
    [result, metric, text],
  );
  const runExport = async (): Promise<void> => {
    if (query === null) return;
    setExporting(true);
    try {
      saveFile(await exportStatistics(query));
    } catch {
      showErrorToast(t('statisticsWeb.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid={StatisticsTestId.page}>
      <Card>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <ViewsBar filters={filters} onOpen={(view) => setFilters(filtersOfView(view, today))} />
          <StatisticsFilters value={filters} onChange={setFilters} today={today} />
        </Space>
      </Card>
      <Card
        extra={
          <Space>
            <Segmented<StatisticsRankBy>
              value={metric}
              onChange={setMetric}
              options={STATISTICS_RANK_BY.map((m) => ({ value: m, label: t(`statisticsWeb.rankBy.${m}`) }))}
              data-testid={StatisticsTestId.metric}
            />
            <Button
              icon={<DownloadOutlined />}
              disabled={query === null || comparison.isError}
              loading={exporting}
              onClick={() => void runExport()}
              data-testid={StatisticsTestId.export}
            >
              {t('statisticsWeb.export')}
            </Button>
          </Space>
        }
      >
        {query === null ? (
          <Empty description={t('statisticsWeb.pickStations')} data-testid={StatisticsTestId.empty} />
        ) : comparison.isError ? (
          <LoadFailed title={t('statisticsWeb.loadFailed')} query={comparison} />
        ) : (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {option !== null && <EChart option={option} height={320} testId={StatisticsTestId.chart} />}
            {result === undefined ? (
              <StatisticsTable result={{ ...EMPTY, currency: filters.currency }} metric={metric} loading />
            ) : (
              <StatisticsTable result={result} metric={metric} loading={comparison.isFetching} />
            )}
          </Space>
        )}
      </Card>
    </Space>
  );
}

const EMPTY = {
  granularity: 'MONTH',
  currency: '',
  rankBy: 'YIELD',
  periods: [],
  stations: [],
  totals: { energyKwh: null, income: null, yieldKwhKwp: null },
} as const satisfies Parameters<typeof StatisticsTable>[0]['result'];
