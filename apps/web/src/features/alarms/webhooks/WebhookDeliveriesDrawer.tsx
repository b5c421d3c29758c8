import type { ReactElement } from 'react';
import { Alert, Drawer, Grid, Space, Table, Typography, type TableColumnsType } from 'antd';
import type { Webhook, WebhookDelivery } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { usePaging } from '../../../lib/paging';
import { formatLocalDateTime } from '../../../lib/time';
import { TestId } from '../../../testids';
import { useWebhookDeliveries } from './api';
import { DeliveryStateTag, WebhookStateTag, deliveryKindKey } from './labels';

/**
 * The delivery log of one webhook (GET /api/webhook/{id}/deliveries, newest first): kind, state, attempts,
 * the receiver's last status or error, the next attempt of a pending one, when it was sent. Times in the
 * browser's zone.
 */
export function WebhookDeliveriesDrawer({
  webhook,
  onClose,
}: {
  webhook: Webhook | null;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const paging = usePaging(20);
  const query = useWebhookDeliveries(webhook?.id ?? null, paging.page);
  const columns: TableColumnsType<WebhookDelivery> = [
    {
      title: t('webhooks.delivery.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => formatLocalDateTime(v),
    },
    {
      title: t('webhooks.delivery.kind'),
      dataIndex: 'kind',
      render: (v: string, d) => (
        <Space size={4} orientation="vertical">
          {t(deliveryKindKey(v))}
          {d.alarmId !== null && (
            <Typography.Text type="secondary">
              {t('webhooks.delivery.alarm', { id: d.alarmId })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('webhooks.delivery.state.title'),
      dataIndex: 'state',
      render: (v: WebhookDelivery['state']) => <DeliveryStateTag state={v} />,
    },
    { title: t('webhooks.delivery.attempts'), dataIndex: 'attempts' },
    {
      title: t('webhooks.delivery.answer'),
      key: 'answer',
      render: (_: unknown, d) =>
        [d.lastStatus === null ? null : `HTTP ${String(d.lastStatus)}`, d.lastError]
          .filter(Boolean)
          .join(' · ') || '-',
    },
    {
      title: t('webhooks.delivery.next'),
      dataIndex: 'nextAttemptAt',
      render: (v: string | null) => (v === null ? '-' : formatLocalDateTime(v)),
    },
    {
      title: t('webhooks.delivery.sentAt'),
      dataIndex: 'sentAt',
      render: (v: string | null) => (v === null ? '-' : formatLocalDateTime(v)),
    },
  ];
  return (
    <Drawer
      open={webhook !== null}
      onClose={onClose}
      size={screens.md === false ? '100%' : 900}
      title={
        webhook === null ? (
          t('webhooks.deliveries')
        ) : (
          <Space size={8} wrap>
            {t('webhooks.deliveriesOf', { name: webhook.name })}
            <WebhookStateTag webhook={webhook} />
          </Space>
        )
      }
    >
      <div data-testid={TestId.webhookDeliveries} data-webhook={webhook?.id}>
        {webhook !== null && (
          <Typography.Paragraph type="secondary" copyable={{ text: webhook.url }} ellipsis>
            {webhook.url}
          </Typography.Paragraph>
        )}
        {webhook?.disabledAt != null && !webhook.enabled && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('webhooks.disabledSince', { at: formatLocalDateTime(webhook.disabledAt) })}
            description={webhook.disabledReason}
          />
        )}
        {query.isError && query.data === undefined ? (
          <LoadFailed title={t('list.loadFailed')} query={query} />
        ) : (
          <Table<WebhookDelivery>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={query.data?.list ?? []}
            loading={query.isFetching}
            pagination={paging.pagination(query.data?.total)}
            scroll={{ x: 'max-content' }}
            data-testid={TestId.webhookDeliveryTable}
          />
        )}
      </div>
    </Drawer>
  );
}
