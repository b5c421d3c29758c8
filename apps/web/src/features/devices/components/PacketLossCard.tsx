import { useState, type ReactElement } from 'react';
import { Card, DatePicker, Empty, Table, type TableColumnsType } from 'antd';
import { toFixedDecimals } from '@sunfleet/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { useNumberFormat } from '../../../lib/numberFormat';
import { TestId } from '../../../testids';
import { usePacketLoss, type PacketLoss } from '../api';

type Day = PacketLoss['days'][number];

/** Days shown first: the last week (UTC days, as the packet-loss API counts them). */
const DEFAULT_DAYS = 7;

/** The last `days` UTC days up to today (YYYY-MM-DD, both included). */
export function lastUtcDays(days: number, now: number = Date.now()): [string, string] {
  const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
  return [day(now - (days - 1) * 86_400_000), day(now)];
}

/** A loss rate (0..1) as a percentage with two decimals, in `locale` (the UI language's). */
export function lossRateText(rate: number, locale?: string): string {
  return `${toFixedDecimals(rate * 100, 2, false, locale)} %`;
}

/** Packet loss of a logger by UTC day: received, expected, lost and duplicate telemetry messages. */
export function PacketLossCard({ gatewayId }: { gatewayId: number }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const [range, setRange] = useState<[string, string]>(() => lastUtcDays(DEFAULT_DAYS));
  const loss = usePacketLoss(gatewayId, range[0], range[1]);
  const columns: TableColumnsType<Day> = [
    { title: t('deviceWeb.loss.day'), dataIndex: 'day' },
    { title: t('deviceWeb.loss.received'), dataIndex: 'received', render: (v: number) => fmt.whole(v) },
    { title: t('deviceWeb.loss.expected'), dataIndex: 'expected', render: (v: number) => fmt.whole(v) },
    { title: t('deviceWeb.loss.lost'), dataIndex: 'lost', render: (v: number) => fmt.whole(v) },
    { title: t('deviceWeb.loss.duplicates'), dataIndex: 'duplicates', render: (v: number) => fmt.whole(v) },
    {
      title: t('deviceWeb.loss.rate'),
      dataIndex: 'lossRate',
      render: (v: number) => lossRateText(v, fmt.locale),
    },
  ];
  const total = loss.data?.total;
  return (
    <Card size="small" title={t('deviceWeb.loss.title')} data-testid={TestId.gatewayLoss}>
      <DatePicker.RangePicker
        allowClear={false}
        value={[dayjs(range[0]), dayjs(range[1])]}
        onChange={(value) => {
          if (value?.[0] && value[1])
            setRange([value[0].format('YYYY-MM-DD'), value[1].format('YYYY-MM-DD')]);
        }}
        disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
      />
      <div style={{ marginTop: 12 }}>
        {loss.isError && loss.data === undefined ? (
          <LoadFailed title={t('deviceWeb.loadFailed')} query={loss} />
        ) : (
          <Table<Day>
            size="small"
            rowKey="day"
            columns={columns}
            dataSource={loss.data?.days ?? []}
            loading={loss.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('deviceWeb.loss.none')} /> }}
            summary={() =>
              total === undefined || (loss.data?.days.length ?? 0) === 0 ? null : (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{t('deviceWeb.loss.total')}</Table.Summary.Cell>
                  <Table.Summary.Cell index={1}>{fmt.whole(total.received)}</Table.Summary.Cell>
                  <Table.Summary.Cell index={2}>{fmt.whole(total.expected)}</Table.Summary.Cell>
                  <Table.Summary.Cell index={3}>{fmt.whole(total.lost)}</Table.Summary.Cell>
                  <Table.Summary.Cell index={4}>{fmt.whole(total.duplicates)}</Table.Summary.Cell>
                  <Table.Summary.Cell index={5}>
                    {lossRateText(total.lossRate, fmt.locale)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )
            }
          />
        )}
      </div>
    </Card>
  );
}
