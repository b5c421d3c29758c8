import type { ReactElement } from 'react';
import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, Perm, type StationSubscription } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { Permitted } from '../../../components/Permitted';
import { DeleteButton, EditButton, actionsColumn, useRemove } from '../../../components/RowActions';
import { useEditTarget } from '../../../components/useFormModal';
import { TestId } from '../../../testids';
import { invalidateStation, stationDetailApi, useSubscriptions } from '../detail-api';
import { NOTIFY_TYPE_LABEL } from './labels';
import { SubscriptionFormModal } from './SubscriptionFormModal';

/** Who changes a station's subscriptions: whoever may edit the station. */
const SUBSCRIBE_PERMS = [Perm.stationUpdate] as const;

/** Event subscriptions of the station: list, create, edit and delete (with confirmation). */
export function SubscriptionTab({ stationId }: { stationId: number }): ReactElement {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions(stationId);
  const editing = useEditTarget<StationSubscription>();
  const remove = useRemove(
    (s: StationSubscription) => stationDetailApi.removeSubscription(s.id),
    () => invalidateStation(stationId),
  );

  const columns: TableColumnsType<StationSubscription> = [
    { title: t('stationDetail.subscription.subject'), dataIndex: 'subject' },
    {
      title: t('stationDetail.subscription.notifyType'),
      dataIndex: 'notifyType',
      render: (v: StationSubscription['notifyType']) => t(NOTIFY_TYPE_LABEL[v]),
    },
    {
      title: t('stationDetail.subscription.notifyTime'),
      dataIndex: 'notifyTime',
      render: (v: string | null) => v ?? '-',
    },
    { title: t('stationDetail.subscription.email'), dataIndex: 'email' },
    {
      title: t('stationDetail.subscription.language'),
      dataIndex: 'language',
      render: (v: StationSubscription['language']) => LANGUAGES.find((l) => l.key === v)?.title ?? v,
    },
    {
      title: t('stationDetail.subscription.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean) => (
        <Tag color={v ? 'success' : 'default'} data-enabled={v}>
          {t(v ? 'stationDetail.subscription.on' : 'stationDetail.subscription.off')}
        </Tag>
      ),
    },
    actionsColumn<StationSubscription>(t, (s) => (
      <Permitted codes={SUBSCRIBE_PERMS}>
        <Space size={0}>
          <EditButton onClick={() => editing.edit(s)} testId={TestId.stationDetailSubscriptionEdit} />
          <DeleteButton onConfirm={() => remove(s)} testId={TestId.stationDetailSubscriptionDelete} />
        </Space>
      </Permitted>
    )),
  ];

  return (
    <>
      <DataTable<StationSubscription>
        query={subscriptions}
        columns={columns}
        rowKey="id"
        testId={TestId.stationDetailSubscriptions}
        toolbar={
          <Permitted codes={SUBSCRIBE_PERMS}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={editing.create}
              data-testid={TestId.listCreate}
            >
              {t('stationDetail.subscription.create')}
            </Button>
          </Permitted>
        }
      />
      <SubscriptionFormModal
        stationId={stationId}
        open={editing.open}
        record={editing.record}
        onClose={editing.close}
      />
    </>
  );
}
