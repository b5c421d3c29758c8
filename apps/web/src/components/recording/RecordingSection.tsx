import { useState, type ReactElement } from 'react';
import { Button, Card, Empty, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { Perm, type RecordingState, type RecordingView } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { epochText } from '../commands/epochText';
import { LoadFailed } from '../LoadFailed';
import { usePermitted } from '../Permitted';
import { RECORDING_PAGE_SIZE, useDeviceRecordings } from './api';
import { RecordingConfigForm } from './RecordingConfigForm';
import { RecordingViewer } from './RecordingViewer';
import { RecordingTestId } from './testIds';

const STATE_COLOR: Record<RecordingState, string> = {
  RECORDING: 'processing',
  DONE: 'success',
  FAILED: 'error',
};

/**
 * Fault recording of an inverter (SPEC §3, §4; docs/recording.md): its recordings, manual and automatic
 * (the inverter's own on a fault), newest first; a new manual one with recording:start; each opens in the
 * waveform viewer.
 */
export function RecordingSection({ deviceId }: { deviceId: number }): ReactElement {
  const { t } = useTranslation();
  const mayStart = usePermitted([Perm.recordingStart]);
  const [pageNum, setPageNum] = useState(1);
  const [configuring, setConfiguring] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const page = useDeviceRecordings(deviceId, pageNum);
  const columns: TableColumnsType<RecordingView> = [
    { title: t('recordingWeb.createdAt'), dataIndex: 'createdAt', render: (ms: number) => epochText(ms) },
    {
      title: t('recordingWeb.mode'),
      dataIndex: 'mode',
      render: (mode: RecordingView['mode']) => (
        <Tag color={mode === 'AUTOMATIC' ? 'orange' : 'blue'} data-mode={mode}>
          {t(`recordingWeb.mode.${mode}`)}
        </Tag>
      ),
    },
    {
      title: t('recordingWeb.source'),
      dataIndex: 'source',
      render: (s: string) => t(`recordingWeb.source.${s}`),
    },
    {
      title: t('recordingWeb.trigger'),
      key: 'trigger',
      render: (_, r) =>
        r.faultCode !== null
          ? t('recordingWeb.trigger.faultCode', { code: r.faultCode })
          : t(`recordingWeb.trigger.${r.trigger}`),
    },
    { title: t('recordingWeb.channels'), dataIndex: 'channelCount' },
    {
      title: t('recordingWeb.state'),
      dataIndex: 'state',
      render: (state: RecordingState) => (
        <Tag color={STATE_COLOR[state]} data-state={state}>
          {t(`recordingWeb.state.${state}`)}
        </Tag>
      ),
    },
    { title: t('recordingWeb.createdBy'), dataIndex: 'createdBy', render: (by: string | null) => by ?? '-' },
    {
      title: '',
      key: 'open',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setViewing(r.id)}>
          {t('recordingWeb.view')}
        </Button>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={t('recordingWeb.title')}
      data-testid={RecordingTestId.section}
      extra={
        mayStart && (
          <Button
            type="primary"
            size="small"
            icon={<PlayCircleOutlined />}
            onClick={() => setConfiguring(true)}
            data-testid={RecordingTestId.start}
          >
            {t('recordingWeb.start')}
          </Button>
        )
      }
    >
      {page.isError && page.data === undefined ? (
        <LoadFailed title={t('recordingWeb.loadFailed')} query={page} />
      ) : (
        <Table<RecordingView>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={page.data?.list ?? []}
          loading={page.isFetching && page.data === undefined}
          locale={{ emptyText: <Empty description={t('recordingWeb.none')} /> }}
          pagination={{
            current: pageNum,
            pageSize: RECORDING_PAGE_SIZE,
            total: page.data?.total ?? 0,
            onChange: setPageNum,
            hideOnSinglePage: true,
          }}
          scroll={{ x: 'max-content' }}
          data-testid={RecordingTestId.list}
        />
      )}
      {mayStart && (
        <RecordingConfigForm
          deviceId={deviceId}
          open={configuring}
          onClose={() => setConfiguring(false)}
          onStarted={(r) => setViewing(r.id)}
        />
      )}
      <Modal
        open={viewing !== null}
        title={t('recordingWeb.viewerTitle')}
        footer={null}
        width={1000}
        onCancel={() => setViewing(null)}
        destroyOnHidden
      >
        {viewing !== null && <RecordingViewer id={viewing} />}
      </Modal>
    </Card>
  );
}
