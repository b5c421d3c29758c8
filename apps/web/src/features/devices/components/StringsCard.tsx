import type { HTMLAttributes, ReactElement } from 'react';
import { Card, Empty, Progress, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { toFixedDecimals } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../lib/numberFormat';
import { TestId } from '../../../testids';
import type { DeviceDetail, DeviceLatest } from '../api';
import { measureText } from '../format';
import { compareStrings, STRING_DEVIATION_LIMIT, type StringRow } from '../model';

/** A string's deviation from the median as a signed percentage, in `locale`: '+12,5 %' in German. */
export const deviationText = (share: number, locale?: string): string =>
  `${share > 0 ? '+' : ''}${toFixedDecimals(share * 100, 1, false, locale)} %`;

/**
 * The inverter's strings in use (MPPT inputs with something connected; unused inputs are left out) with
 * voltage, current and power, and each string's current against the median of the inverter's strings:
 * a bar, the deviation, and a highlight beyond STRING_DEVIATION_LIMIT.
 */
export function StringsCard({
  device,
  latest,
}: {
  device: DeviceDetail;
  latest: DeviceLatest | undefined;
}): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const { rows, medianA, compared } = compareStrings(device, latest?.values);
  const highest = Math.max(0, ...rows.map((r) => r.current.value ?? 0));
  const value = (cell: StringRow['voltage']): string =>
    cell.measure === undefined ? '-' : measureText(t, cell.measure, cell.value, fmt.locale);
  const columns: TableColumnsType<StringRow> = [
    {
      title: t('deviceWeb.mppt.channel'),
      dataIndex: 'channel',
      render: (n: number) => t('deviceWeb.mppt.channelName', { n }),
    },
    { title: t('deviceWeb.mppt.voltage'), key: 'v', render: (_, r) => value(r.voltage) },
    { title: t('deviceWeb.mppt.current'), key: 'i', render: (_, r) => value(r.current) },
    { title: t('deviceWeb.mppt.power'), key: 'p', render: (_, r) => value(r.power) },
    {
      title: t('deviceWeb.mppt.vsMedian'),
      key: 'deviation',
      render: (_, r) => (
        <Space size={8} style={{ minWidth: 180 }}>
          <Progress
            percent={highest > 0 ? ((r.current.value ?? 0) / highest) * 100 : 0}
            showInfo={false}
            size="small"
            status={r.deviates ? 'exception' : 'normal'}
            style={{ width: 90, margin: 0 }}
          />
          {r.deviation === null ? (
            '-'
          ) : (
            <Tag color={r.deviates ? 'warning' : 'success'}>{deviationText(r.deviation, fmt.locale)}</Tag>
          )}
        </Space>
      ),
    },
  ];
  let note: string;
  if (rows.length === 0) note = '';
  else if (compared && medianA !== null)
    note = t('deviceWeb.mppt.medianNote', {
      median: fmt.fixedUnit(medianA, 2, 'A'),
      limit: fmt.fixed(STRING_DEVIATION_LIMIT * 100, 0),
    });
  else note = t('deviceWeb.mppt.notCompared');
  return (
    <Card size="small" title={t('deviceWeb.mppt.title')}>
      <Table<StringRow>
        size="small"
        rowKey="channel"
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty description={t('deviceWeb.mppt.none')} /> }}
        scroll={{ x: 'max-content' }}
        data-testid={TestId.deviceMpptTable}
        onRow={(row) =>
          ({ 'data-channel': row.channel, 'data-deviates': row.deviates }) as HTMLAttributes<HTMLElement>
        }
      />
      {note !== '' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {note}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
