import type { ReactElement } from 'react';
import { Button, Card, Collapse, Empty, Progress, Space, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { IvTaskDevice, IvTaskView } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import {
  COMMAND_STATE_COLOR,
  COMMAND_STATE_LABEL,
  deviceErrorText,
} from '../../components/commands/commandStates';
import { epochText } from '../../components/commands/epochText';
import { LoadFailed } from '../../components/LoadFailed';
import { saveFile } from '../../lib/saveFile';
import { exportIvTask, useIvTask, type IvExportFormat } from './api';
import { IvCurveHeader, IvCurveResult } from './IvCurveResult';
import { TASK_STATE_COLOR, TASK_STATE_LABEL, TRIGGER_LABEL, curveKey, openAtFirst } from './ivText';
import { IvTestId } from './testIds';

/** The task's state as a tag (SPEC §4 scan status). */
export function TaskStateTag({ task }: { task: Pick<IvTaskView, 'state'> }): ReactElement {
  const { t } = useTranslation();
  return (
    <Tag color={TASK_STATE_COLOR[task.state]} data-testid={IvTestId.taskState} data-state={task.state}>
      {t(TASK_STATE_LABEL[task.state])}
    </Tag>
  );
}

/** How far the task is: a bar of the inverters that answered or failed, and the counts. */
export function TaskProgress({
  task,
}: {
  task: Pick<IvTaskView, 'done' | 'failed' | 'open' | 'deviceCount'>;
}): ReactElement {
  const { t } = useTranslation();
  const finished = task.done + task.failed;
  return (
    <Space size={8}>
      <Progress
        percent={task.deviceCount === 0 ? 100 : (finished / task.deviceCount) * 100}
        success={{ percent: task.deviceCount === 0 ? 0 : (task.done / task.deviceCount) * 100 }}
        status={task.failed > 0 ? 'exception' : task.open > 0 ? 'active' : 'success'}
        showInfo={false}
        size="small"
        style={{ width: 90, margin: 0 }}
      />
      <Typography.Text type="secondary">
        {t('ivWeb.progress', {
          done: task.done,
          failed: task.failed,
          open: task.open,
          total: task.deviceCount,
        })}
      </Typography.Text>
    </Space>
  );
}

function ExportButton({ id, format }: { id: string; format: IvExportFormat }): ReactElement {
  const { t } = useTranslation();
  const exporting = useMutation({ mutationFn: () => exportIvTask(id, format), onSuccess: saveFile });
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting.isPending}
      onClick={() => !exporting.isPending && exporting.mutate()}
      data-testid={format === 'xlsx' ? IvTestId.taskExportXlsx : IvTestId.taskExportCsv}
    >
      {t(format === 'xlsx' ? 'ivWeb.exportXlsx' : 'ivWeb.exportCsv')}
    </Button>
  );
}

/**
 * One inverter of the task: its command's state (and error), when it scanned, and each string's line —
 * unfolded to its charts and figures for the strings worth a look (openAtFirst).
 */
function DeviceBlock({ device }: { device: IvTaskDevice }): ReactElement {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      type="inner"
      title={
        <Space wrap>
          {device.deviceSn}
          <Tag color={COMMAND_STATE_COLOR[device.state]}>{t(COMMAND_STATE_LABEL[device.state])}</Tag>
          {device.scannedAt !== null && (
            <Typography.Text type="secondary">{epochText(device.scannedAt)}</Typography.Text>
          )}
        </Space>
      }
      data-testid={IvTestId.taskDevice}
      data-device={device.deviceSn}
      data-state={device.state}
    >
      {device.error !== null && (
        <Typography.Paragraph type="danger">{deviceErrorText(t, device.error)}</Typography.Paragraph>
      )}
      {device.curves.length === 0 ? (
        <Empty description={t(device.state === 'DONE' ? 'ivWeb.noCurves' : 'ivWeb.waitingCurves')} />
      ) : (
        <Collapse
          defaultActiveKey={openAtFirst(device.curves).map(curveKey)}
          destroyOnHidden
          items={device.curves.map((curve) => ({
            key: curveKey(curve),
            label: <IvCurveHeader curve={curve} />,
            children: <IvCurveResult curve={curve} />,
          }))}
        />
      )}
    </Card>
  );
}

/**
 * One IV scan task: who started it and when, its state and progress, the exports of its points, and per
 * inverter every string's curves, figures and diagnosis. Read again while an inverter has not answered.
 */
export function IvTaskDetail({ id }: { id: string }): ReactElement {
  const { t } = useTranslation();
  const query = useIvTask(id);
  if (query.data === undefined)
    return query.isError ? <LoadFailed title={t('ivWeb.taskFailed')} query={query} /> : <Spin />;
  const task = query.data;
  return (
    <div data-testid={IvTestId.task} data-state={task.state} data-task={task.id}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Space wrap size={12}>
          <Typography.Text strong>{task.stationName}</Typography.Text>
          <TaskStateTag task={task} />
          <TaskProgress task={task} />
          <Typography.Text type="secondary">
            {t('ivWeb.startedBy', {
              at: epochText(task.createdAt),
              by: task.createdBy ?? t(TRIGGER_LABEL[task.trigger]),
            })}
          </Typography.Text>
          <ExportButton id={task.id} format="xlsx" />
          <ExportButton id={task.id} format="csv" />
        </Space>
        {task.devices.map((device) => (
          <DeviceBlock key={device.deviceId} device={device} />
        ))}
      </Space>
    </div>
  );
}
