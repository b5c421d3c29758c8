import { useState, type ReactElement } from 'react';
import { Card, DatePicker, Flex, Segmented } from 'antd';
import { CHART_DIMENSIONS } from '@sunfleet/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { TestId } from '../../../testids';
import { EnergyChart } from '../charts/EnergyChart';
import { PICKER_OF } from '../charts/chartOptions';
import { PowerChart } from '../charts/PowerChart';
import { useEnergyChart, usePowerChart, type EnergyDimension, type StationDetail } from '../detail-api';
import { DATE_FORMAT, localDateIn, requestDate } from './localDate';

/**
 * Generation: the power curve of a chosen day, or energy bars per day of a month, per month of a year,
 * or per year of the station's life. Dates after the station's local today cannot be picked.
 */
export function GenerationTab({ station }: { station: StationDetail }): ReactElement {
  const { t } = useTranslation();
  const today = localDateIn(station.timeZone);
  const [dimension, setDimension] = useState<EnergyDimension>('DAY');
  const [chosen, setChosen] = useState<Dayjs>(() => dayjs(today));
  const date = requestDate(dimension, chosen, today);
  const power = usePowerChart(station.id, dimension === 'DAY' ? date : undefined);
  const energy = useEnergyChart(station.id, dimension, dimension === 'DAY' ? undefined : date);
  const picker = PICKER_OF[dimension];
  const query = dimension === 'DAY' ? power : energy;

  return (
    <Card size="small">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
        <span data-testid={TestId.stationDetailDimension} data-value={dimension}>
          <Segmented<EnergyDimension>
            value={dimension}
            onChange={setDimension}
            options={CHART_DIMENSIONS.map((d) => ({ value: d, label: t(`stationDetail.dimension.${d}`) }))}
          />
        </span>
        {picker !== undefined && (
          <span data-testid={TestId.stationDetailDate}>
            <DatePicker
              picker={picker}
              value={chosen}
              allowClear={false}
              onChange={(value: Dayjs | null) => {
                if (value !== null) setChosen(value);
              }}
              disabledDate={(d: Dayjs) => d.format(DATE_FORMAT) > today}
            />
          </span>
        )}
      </Flex>
      {query.isError && query.data === undefined ? (
        <LoadFailed title={t('stationDetail.loadFailed')} query={query} />
      ) : dimension === 'DAY' ? (
        <PowerChart data={power.data} loading={power.isFetching} />
      ) : (
        <EnergyChart data={energy.data} dimension={dimension} loading={energy.isFetching} />
      )}
    </Card>
  );
}
