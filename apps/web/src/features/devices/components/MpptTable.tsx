import type { HTMLAttributes, ReactElement } from 'react';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import type { DeviceGroup, DeviceLatest } from '../api';
import { formatMeasure, mpptChannels, mpptKeys } from '../format';

interface ChannelRow {
  channel: number;
  v: string;
  i: string;
  p: string;
}

function unitOf(groups: readonly DeviceGroup[], key: string, fallback: string): string | null {
  for (const group of groups) {
    const measure = group.measures.find((m) => m.key === key);
    if (measure !== undefined) return measure.unit;
  }
  return fallback;
}

/** Rows of the MPPT table: only the channels the model has (at most 15), V / I / P of the newest reading. */
export function mpptRows(
  count: number,
  groups: readonly DeviceGroup[],
  values: DeviceLatest['values'] | undefined,
): ChannelRow[] {
  return mpptChannels(count).map((channel) => {
    const keys = mpptKeys(channel);
    return {
      channel,
      v: formatMeasure(values?.[keys.v] ?? null, unitOf(groups, keys.v, 'V')),
      i: formatMeasure(values?.[keys.i] ?? null, unitOf(groups, keys.i, 'A')),
      p: formatMeasure(values?.[keys.p] ?? null, unitOf(groups, keys.p, 'W')),
    };
  });
}

/** The inverter's MPPT strings: voltage, current and power per channel. */
export function MpptTable({
  count,
  groups,
  latest,
}: {
  count: number;
  groups: readonly DeviceGroup[];
  latest: DeviceLatest | undefined;
}): ReactElement {
  const { t } = useTranslation();
  const columns: TableColumnsType<ChannelRow> = [
    {
      title: t('deviceWeb.mppt.channel'),
      dataIndex: 'channel',
      render: (n: number) => t('deviceWeb.mppt.channelName', { n }),
    },
    { title: t('deviceWeb.mppt.voltage'), dataIndex: 'v' },
    { title: t('deviceWeb.mppt.current'), dataIndex: 'i' },
    { title: t('deviceWeb.mppt.power'), dataIndex: 'p' },
  ];
  return (
    <Card size="small" title={t('deviceWeb.mppt.title')}>
      <Table<ChannelRow>
        size="small"
        rowKey="channel"
        columns={columns}
        dataSource={mpptRows(count, groups, latest?.values)}
        pagination={false}
        locale={{ emptyText: <Empty description={t('deviceWeb.mppt.none')} /> }}
        scroll={{ x: 'max-content' }}
        data-testid={TestId.deviceMpptTable}
        onRow={(row) => ({ 'data-channel': row.channel }) as HTMLAttributes<HTMLElement>}
      />
    </Card>
  );
}
