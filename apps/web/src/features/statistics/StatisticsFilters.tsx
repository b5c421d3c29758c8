import { useMemo, type ReactElement } from 'react';
import { DatePicker, Form, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  Limits,
  RuleMessage,
  STATISTICS_GRANULARITIES,
  STATISTICS_RANK_BY,
  STATISTICS_SHORTCUTS,
  StatisticsLimits,
} from '@sunfleet/contracts';
import { useCurrencies } from '../../lib/referenceData';
import { useStationOptions } from './api';
import { recentMonths, shortcutDays, type StatisticsFilters as Filters } from './model';
import { StatisticsTestId } from './testIds';

const DAY = 'YYYY-MM-DD';

/**
 * What to compare: stations (searched by name), granularity, a date range with the eight shortcuts of
 * SPEC §9 — or, by month, up to six custom months side by side —, the currency and the ranking figure.
 */
export function StatisticsFilters({
  value,
  onChange,
  today,
}: {
  value: Filters;
  onChange: (next: Filters) => void;
  today: string;
}): ReactElement {
  const { t } = useTranslation();
  const stations = useStationOptions();
  const currencies = useCurrencies();
  const set = (patch: Partial<Filters>): void => onChange({ ...value, ...patch });
  // One constant list in the contracts, at most Limits.shortcuts (8) presets.
  const presets = useMemo(
    () =>
      STATISTICS_SHORTCUTS.slice(0, Limits.shortcuts).map((s) => {
        const [from, to] = shortcutDays(s, today);
        return { label: t(`statisticsWeb.shortcut.${s}`), value: [dayjs(from), dayjs(to)] as [Dayjs, Dayjs] };
      }),
    [t, today],
  );
  const monthOptions = useMemo(() => recentMonths(today).map((m) => ({ value: m, label: m })), [today]);
  const atLimit = value.months.length >= StatisticsLimits.customMonthsMax;
  return (
    <Form layout="inline" style={{ rowGap: 12 }}>
      <Form.Item label={t('statisticsWeb.stations')}>
        <Select<number[]>
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          maxCount={StatisticsLimits.stationsMax}
          placeholder={t('statisticsWeb.stationsPlaceholder')}
          loading={stations.isFetching}
          options={stations.data ?? []}
          value={value.stationIds}
          onChange={(stationIds) => set({ stationIds })}
          style={{ minWidth: 280 }}
          data-testid={StatisticsTestId.stations}
        />
      </Form.Item>
      <Form.Item label={t('statisticsWeb.granularity')}>
        <Select
          value={value.granularity}
          onChange={(granularity) => set({ granularity })}
          options={STATISTICS_GRANULARITIES.map((g) => ({
            value: g,
            label: t(`statisticsWeb.granularity.${g}`),
          }))}
          style={{ width: 110 }}
          data-testid={StatisticsTestId.granularity}
        />
      </Form.Item>
      <Form.Item label={t('statisticsWeb.range')}>
        <DatePicker.RangePicker
          value={[dayjs(value.from), dayjs(value.to)]}
          presets={presets}
          allowClear={false}
          disabled={value.granularity === 'MONTH' && value.months.length > 0}
          onChange={(range) => {
            if (range?.[0] && range[1]) set({ from: range[0].format(DAY), to: range[1].format(DAY) });
          }}
          data-testid={StatisticsTestId.range}
        />
      </Form.Item>
      {value.granularity === 'MONTH' && (
        <Form.Item
          label={t('statisticsWeb.customMonths')}
          help={
            <Typography.Text
              type={atLimit ? 'warning' : 'secondary'}
              data-testid={StatisticsTestId.monthsLimit}
            >
              {atLimit ? t(RuleMessage.selectUpToSix) : t('statisticsWeb.customMonthsHint')}
            </Typography.Text>
          }
        >
          <Select<string[]>
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            maxCount={StatisticsLimits.customMonthsMax}
            options={monthOptions}
            value={value.months}
            onChange={(months) => set({ months })}
            style={{ minWidth: 220 }}
            data-testid={StatisticsTestId.months}
          />
        </Form.Item>
      )}
      <Form.Item label={t('statisticsWeb.currency')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          value={value.currency}
          loading={currencies.isFetching}
          options={(currencies.data ?? []).map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }))}
          onChange={(currency) => set({ currency })}
          style={{ width: 160 }}
          data-testid={StatisticsTestId.currency}
        />
      </Form.Item>
      <Form.Item label={t('statisticsWeb.rankBy')}>
        <Space>
          <Select
            value={value.rankBy}
            onChange={(rankBy) => set({ rankBy })}
            options={STATISTICS_RANK_BY.map((r) => ({ value: r, label: t(`statisticsWeb.rankBy.${r}`) }))}
            style={{ width: 170 }}
            data-testid={StatisticsTestId.rankBy}
          />
        </Space>
      </Form.Item>
    </Form>
  );
}
