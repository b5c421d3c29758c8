import { useMemo, useState, type ReactElement } from 'react';
import { Button, Descriptions, Modal, Result, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckCircleOutlined, HistoryOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { Perm, type CompanyTreeNode, type Webhook, type WebhookDelivery } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCompanyTree } from '../../../components/CompanyTreeSelect';
import { DataTable } from '../../../components/DataTable';
import { ListPageCard } from '../../../components/ListPage';
import { usePermitted } from '../../../components/Permitted';
import { DeleteButton, EditButton, actionsColumn, useRemove } from '../../../components/RowActions';
import { useEditTarget } from '../../../components/useFormModal';
import type { PageProps } from '../../../lib/page';
import { showSuccessToast } from '../../../lib/toast';
import { TestId } from '../../../testids';
import { webhookApi, useWebhooks } from './api';
import { WebhookStateTag } from './labels';
import { WebhookDeliveriesDrawer } from './WebhookDeliveriesDrawer';
import { WebhookFormModal } from './WebhookFormModal';
import { webhookState } from './webhookForm';
import './webhooks.css';

function namesOf(nodes: readonly CompanyTreeNode[], into = new Map<number, string>()): Map<number, string> {
  for (const n of nodes) {
    into.set(n.id, n.name);
    namesOf(n.children, into);
  }
  return into;
}

/**
 * Webhooks of the caller's companies (docs/alarms.md "Webhooks screen"; permission alarm:subscribe): list
 * with state, create, edit, delete, re-enable one the server switched off after failures, send a test
 * call and see its answer, and each webhook's delivery log in a drawer. New webhooks belong to the
 * caller's company; a phone shows each as a card.
 */
export function WebhooksPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const query = useWebhooks();
  const editing = useEditTarget<Webhook>();
  const [logOf, setLogOf] = useState<number | null>(null);
  const [tested, setTested] = useState<{ webhook: Webhook; delivery: WebhookDelivery } | null>(null);
  const tree = useCompanyTree(usePermitted([Perm.companyView]));
  const companies = useMemo(() => namesOf(tree.data ?? []), [tree.data]);
  const remove = useRemove((w: Webhook) => webhookApi.remove(w.id), webhookApi.invalidate);
  const test = useMutation({
    mutationFn: (w: Webhook) => webhookApi.test(w.id),
    onSuccess: async (delivery, webhook) => {
      setTested({ webhook, delivery });
      await webhookApi.invalidate();
    },
  });
  const enable = useMutation({
    mutationFn: (w: Webhook) => webhookApi.update(w.id, { enabled: true }),
    onSuccess: async () => {
      showSuccessToast(t('OperationSuccess'));
      await webhookApi.invalidate();
    },
  });
  // The drawer follows the list, so a re-enable or a test shows there at once.
  const logWebhook = query.data?.find((w) => w.id === logOf) ?? null;

  const actions = (w: Webhook): ReactElement => (
    <Space size={0} wrap>
      <Button
        type="link"
        size="small"
        icon={<SendOutlined />}
        loading={test.isPending && test.variables?.id === w.id}
        onClick={() => test.mutate(w)}
        data-testid={TestId.webhookTest}
      >
        {t('webhooks.test')}
      </Button>
      <Button
        type="link"
        size="small"
        icon={<HistoryOutlined />}
        onClick={() => setLogOf(w.id)}
        data-testid={TestId.webhookLog}
      >
        {t('webhooks.deliveries')}
      </Button>
      {webhookState(w) === 'DISABLED_BY_FAILURES' && (
        <Button
          type="link"
          size="small"
          icon={<CheckCircleOutlined />}
          loading={enable.isPending && enable.variables?.id === w.id}
          onClick={() => enable.mutate(w)}
          data-testid={TestId.webhookReenable}
        >
          {t('webhooks.reenable')}
        </Button>
      )}
      <EditButton onClick={() => editing.edit(w)} testId={TestId.webhookEdit} />
      <DeleteButton onConfirm={() => remove(w)} testId={TestId.webhookDelete} />
    </Space>
  );

  const columns: TableColumnsType<Webhook> = [
    { title: t('webhooks.name'), dataIndex: 'name' },
    {
      title: t('webhooks.url'),
      dataIndex: 'url',
      render: (v: string) => (
        <Typography.Text className="webhook-url" ellipsis={{ tooltip: v }}>
          {v}
        </Typography.Text>
      ),
    },
    ...(companies.size > 0
      ? [
          {
            title: t('webhooks.company'),
            dataIndex: 'companyId',
            render: (id: number) => companies.get(id) ?? `#${String(id)}`,
          },
        ]
      : []),
    {
      title: t('webhooks.events'),
      dataIndex: 'events',
      render: (events: Webhook['events']) => (
        <Space size={[0, 4]} wrap>
          {events.map((e) => (
            <Tag key={e}>{t(`alarms.event.${e}`)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('webhooks.stateTitle'),
      key: 'state',
      render: (_: unknown, w) => <WebhookStateTag webhook={w} />,
    },
    actionsColumn<Webhook>(t, actions),
  ];

  return (
    <ListPageCard testId={TestId.webhooksPage} title={t(meta.title)}>
      <Typography.Paragraph type="secondary">{t('webhooks.intro')}</Typography.Paragraph>
      <DataTable<Webhook>
        query={query}
        columns={columns}
        rowKey="id"
        testId={TestId.webhookTable}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={editing.create}
            data-testid={TestId.listCreate}
          >
            {t('webhooks.create')}
          </Button>
        }
        card={(w) => (
          <div className="webhook-card" data-testid={TestId.webhookCard} data-id={w.id}>
            <div className="webhook-card-head">
              <Typography.Text strong>{w.name}</Typography.Text>
              <WebhookStateTag webhook={w} />
            </div>
            <Typography.Text type="secondary" className="webhook-url" ellipsis>
              {w.url}
            </Typography.Text>
            {actions(w)}
          </div>
        )}
      />
      <WebhookFormModal open={editing.open} record={editing.record} onClose={editing.close} />
      <WebhookDeliveriesDrawer webhook={logWebhook} onClose={() => setLogOf(null)} />
      <Modal
        open={tested !== null}
        onCancel={() => setTested(null)}
        onOk={() => setTested(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        title={t('webhooks.testResult')}
        destroyOnHidden
      >
        {tested !== null && (
          <div data-testid={TestId.webhookTestResult} data-state={tested.delivery.state}>
            <Result
              status={tested.delivery.state === 'SENT' ? 'success' : 'error'}
              title={t(tested.delivery.state === 'SENT' ? 'webhooks.testSent' : 'webhooks.testFailed')}
              subTitle={tested.webhook.url}
            />
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('webhooks.delivery.status')}>
                {tested.delivery.lastStatus ?? '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('webhooks.delivery.error')}>
                {tested.delivery.lastError ?? '-'}
              </Descriptions.Item>
            </Descriptions>
          </div>
        )}
      </Modal>
    </ListPageCard>
  );
}
