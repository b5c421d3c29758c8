import type { ReactElement } from 'react';
import { Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { UpgradeHistoryItem } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { epochText } from '../../../components/commands/epochText';
import { LoadFailed } from '../../../components/LoadFailed';
import { DEVICE_STATE_COLOR, DEVICE_STATE_LABEL } from '../../../components/upgradeStates';
import { api } from '../../../lib/request';
import { TestId } from '../../../testids';

/**
 * The firmware history of a device or of a logger itself: every upgrade task that took it, newest first,
 * with the version it ran before and after, how it ended and why it failed (docs/firmware.md).
 */
export function FirmwareHistoryCard({
  target,
}: {
  target: { deviceId: number } | { gatewayId: number };
}): ReactElement {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: ['upgrade', 'history', target],
    queryFn: () => api.GET('/api/upgrade/history', { params: { query: target } }),
  });
  const columns: TableColumnsType<UpgradeHistoryItem> = [
    { title: t('deviceWeb.firmware.time'), dataIndex: 'createdAt', render: (v: number) => epochText(v) },
    { title: t('deviceWeb.firmware.task'), dataIndex: 'taskName' },
    {
      title: t('deviceWeb.firmware.versions'),
      key: 'versions',
      render: (_, v) => `${v.fromVersion ?? '?'} → ${v.toVersion ?? v.version}`,
    },
    {
      title: t('deviceWeb.firmware.state'),
      key: 'state',
      render: (_, v) => (
        <Tag color={DEVICE_STATE_COLOR[v.state]} data-state={v.state}>
          {t(DEVICE_STATE_LABEL[v.state])}
        </Tag>
      ),
    },
    {
      title: t('deviceWeb.firmware.error'),
      dataIndex: 'error',
      render: (e: string | null) => (e === null ? '-' : <Typography.Text type="danger">{e}</Typography.Text>),
    },
  ];
  return (
    <Card size="small" title={t('deviceWeb.firmware.title')} data-testid={TestId.firmwareHistory}>
      {history.isError ? (
        <LoadFailed title={t('deviceWeb.firmware.loadFailed')} query={history} />
      ) : (
        <Table<UpgradeHistoryItem>
          rowKey="taskId"
          size="small"
          columns={columns}
          dataSource={history.data ?? []}
          loading={history.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('deviceWeb.firmware.none') }}
        />
      )}
    </Card>
  );
}
