import type { ReactElement } from 'react';
import {
  Button,
  Descriptions,
  Progress,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Perm, type UpgradeAction, type UpgradeDeviceView, type UpgradeTaskView } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { epochText } from '../../components/commands/epochText';
import { LoadFailed } from '../../components/LoadFailed';
import { Permitted } from '../../components/Permitted';
import { controlUpgrade, useUpgradeTask } from './api';
import { UpgradeTestId } from './testIds';
import { DEVICE_STATE_COLOR, DEVICE_STATE_LABEL } from '../../components/upgradeStates';
import { TASK_STATE_COLOR, TASK_STATE_LABEL } from './upgradeText';

/** The task's state, with why it paused. */
export function UpgradeStateTag({
  task,
}: {
  task: Pick<UpgradeTaskView, 'state' | 'pauseReason'>;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Tag color={TASK_STATE_COLOR[task.state]} data-testid={UpgradeTestId.taskState} data-state={task.state}>
      {t(TASK_STATE_LABEL[task.state])}
      {task.pauseReason === 'FAILURE_THRESHOLD' ? ` · ${t('upgradeWeb.pausedByFailures')}` : ''}
    </Tag>
  );
}

/** How far the task is: a bar of the devices that ended (done green, failed red) and the counts. */
export function UpgradeProgress({ task }: { task: Pick<UpgradeTaskView, 'counts'> }): ReactElement {
  const { t } = useTranslation();
  const c = task.counts;
  const ended = c.DONE + c.FAILED + c.SKIPPED;
  const pct = (n: number): number => (c.total === 0 ? 100 : (n / c.total) * 100);
  return (
    <Space size={8} data-testid={UpgradeTestId.progress} data-done={c.DONE} data-failed={c.FAILED}>
      <Progress
        percent={pct(ended)}
        success={{ percent: pct(c.DONE) }}
        status={c.FAILED > 0 ? 'exception' : ended < c.total ? 'active' : 'success'}
        showInfo={false}
        size="small"
        style={{ width: 110, margin: 0 }}
      />
      <Typography.Text type="secondary">
        {t('upgradeWeb.counts', {
          done: c.DONE,
          failed: c.FAILED,
          busy: c.SENT + c.UPGRADING + c.WATCHING,
          waiting: c.WAITING,
          total: c.total,
        })}
      </Typography.Text>
    </Space>
  );
}

const ACTIONS: {
  action: UpgradeAction;
  label: string;
  when: UpgradeTaskView['state'][];
  danger?: boolean;
}[] = [
  { action: 'run', label: 'upgradeWeb.run', when: ['WAITING'] },
  { action: 'pause', label: 'upgradeWeb.pause', when: ['WAITING', 'RUNNING'] },
  { action: 'resume', label: 'upgradeWeb.resume', when: ['PAUSED'] },
  { action: 'cancel', label: 'upgradeWeb.cancel', when: ['WAITING', 'RUNNING', 'PAUSED'], danger: true },
];

/** One task: its settings, the controls that apply now, and every device with its wave and progress. */
export function UpgradeTaskDetail({ id }: { id: string }): ReactElement {
  const { t } = useTranslation();
  const task = useUpgradeTask(id);
  const control = useMutation({ mutationFn: (action: UpgradeAction) => controlUpgrade(id, action) });
  if (task.isError) return <LoadFailed title={t('upgradeWeb.loadFailed')} query={task} />;
  if (task.data === undefined) return <Spin />;
  const v = task.data;

  const columns: TableColumnsType<UpgradeDeviceView> = [
    { title: t('upgradeWeb.column.device'), dataIndex: 'sn' },
    {
      title: t('upgradeWeb.column.station'),
      dataIndex: 'stationName',
      render: (s: string | null) => s ?? '-',
    },
    {
      title: t('upgradeWeb.column.wave'),
      dataIndex: 'wave',
      render: (w: number) => (w === 0 ? t('upgradeWeb.canary') : w),
    },
    {
      title: t('upgradeWeb.column.state'),
      key: 'state',
      render: (_, d) => (
        <Tag color={DEVICE_STATE_COLOR[d.state]} data-testid={UpgradeTestId.deviceState} data-state={d.state}>
          {t(DEVICE_STATE_LABEL[d.state])}
        </Tag>
      ),
    },
    {
      title: t('upgradeWeb.column.progress'),
      key: 'progress',
      render: (_, d) =>
        d.state === 'UPGRADING' || d.state === 'SENT' ? (
          <Progress percent={d.percent} size="small" style={{ width: 120, margin: 0 }} />
        ) : d.stage !== null ? (
          d.stage
        ) : (
          '-'
        ),
    },
    {
      title: t('upgradeWeb.column.versions'),
      key: 'versions',
      render: (_, d) => `${d.fromVersion ?? '?'} → ${d.toVersion ?? '…'}`,
    },
    { title: t('upgradeWeb.column.attempts'), dataIndex: 'attempts' },
    {
      title: t('upgradeWeb.column.error'),
      dataIndex: 'error',
      render: (e: string | null) => (e === null ? '-' : <Typography.Text type="danger">{e}</Typography.Text>),
    },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={UpgradeTestId.task}>
      <Space wrap>
        <UpgradeStateTag task={v} />
        <UpgradeProgress task={v} />
        <Permitted codes={[Perm.upgradeControl]}>
          <Space>
            {ACTIONS.filter((a) => a.when.includes(v.state)).map((a) => (
              <Button
                key={a.action}
                size="small"
                danger={a.danger === true}
                loading={control.isPending && control.variables === a.action}
                onClick={() => control.mutate(a.action)}
                data-testid={`${UpgradeTestId.control}-${a.action}`}
              >
                {t(a.label)}
              </Button>
            ))}
          </Space>
        </Permitted>
      </Space>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label={t('upgradeWeb.image')}>{`${v.model} ${v.version}`}</Descriptions.Item>
        <Descriptions.Item label={t('upgradeWeb.column.waves')}>
          {v.broadcast ? t('upgradeWeb.broadcast') : `${(v.currentWave ?? 0) + 1} / ${v.waves}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('upgradeWeb.scheduledAt')}>
          {v.scheduledAt === null ? t('upgradeWeb.atOnce') : epochText(v.scheduledAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('upgradeWeb.canaryPercent')}>{`${v.canaryPercent} %`}</Descriptions.Item>
        <Descriptions.Item
          label={t('upgradeWeb.failureThreshold')}
        >{`${v.failureThresholdPercent} %`}</Descriptions.Item>
        <Descriptions.Item
          label={t('upgradeWeb.healthWatch')}
        >{`${v.healthWatchMinutes} min`}</Descriptions.Item>
      </Descriptions>
      <Table<UpgradeDeviceView>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={v.devices}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        data-testid={UpgradeTestId.devices}
      />
    </Space>
  );
}
