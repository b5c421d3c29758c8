import type { ReactElement } from 'react';
import { Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type {
  StatisticsCompareResult,
  StatisticsFigures,
  StatisticsRankBy,
  StatisticsStationRow,
} from '@sunfleet/contracts';
import { useNumberFormat } from '../../lib/numberFormat';
import { figureOf } from './model';
import { StatisticsTestId } from './testIds';

/** Unknown figures show as "—", never as 0. */
const MISSING = '—';

export function useFigureText(currency: string): (metric: StatisticsRankBy, v: number | null) => string {
  const nf = useNumberFormat();
  return (metric, v) => {
    if (v === null) return MISSING;
    switch (metric) {
      case 'ENERGY':
        return nf.energyText(v);
      case 'YIELD':
        return nf.fixedUnit(v, 2, 'kWh/kWp');
      case 'INCOME':
        return `${nf.money(v)} ${currency}`;
      case 'PR':
        return `${nf.fixed(v * 100, 1)} %`;
    }
  };
}

/**
 * The ranking: one row per station with its totals (energy, yield, income, PR) and, per period, the figure
 * chosen for the chart; a summary row with the fleet totals. PR shows "—" where irradiance is not measured.
 */
export function StatisticsTable({
  result,
  metric,
  loading,
}: {
  result: StatisticsCompareResult;
  metric: StatisticsRankBy;
  loading: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const text = useFigureText(result.currency);
  const total = (m: StatisticsRankBy, title: string): ColumnsType<StatisticsStationRow>[number] => ({
    key: `total-${m}`,
    title,
    align: 'right',
    render: (_, row) =>
      m === 'PR' && !row.measuresIrradiance ? (
        <Tooltip title={t('statisticsWeb.noMeasurement')}>{MISSING}</Tooltip>
      ) : (
        text(m, figureOf(row.totals, m))
      ),
  });
  const columns: ColumnsType<StatisticsStationRow> = [
    {
      key: 'rank',
      title: t('statistics.column.rank'),
      width: 70,
      fixed: 'left',
      render: (_, row) => <span data-testid={StatisticsTestId.rank}>{row.rank ?? MISSING}</span>,
    },
    { key: 'name', title: t('statistics.column.station'), dataIndex: 'name', fixed: 'left', width: 180 },
    total('ENERGY', t('statisticsWeb.rankBy.ENERGY')),
    total('YIELD', t('statisticsWeb.rankBy.YIELD')),
    total('INCOME', `${t('statisticsWeb.rankBy.INCOME')} (${result.currency})`),
    total('PR', t('statistics.column.pr')),
    ...result.periods.map((p, i): ColumnsType<StatisticsStationRow>[number] => ({
      key: `p-${p.key}`,
      title: p.key,
      align: 'right',
      render: (_, row) => {
        const f: StatisticsFigures | undefined = row.periods[i];
        return f === undefined ? MISSING : text(metric, figureOf(f, metric));
      },
    })),
  ];
  return (
    <Table<StatisticsStationRow>
      rowKey="stationId"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={result.stations}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={StatisticsTestId.table}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={2}>
            <Typography.Text strong>{t('statisticsWeb.fleetTotal')}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            {text('ENERGY', result.totals.energyKwh)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            {text('YIELD', result.totals.yieldKwhKwp)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">
            {text('INCOME', result.totals.income)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} colSpan={1 + result.periods.length} />
        </Table.Summary.Row>
      )}
    />
  );
}
