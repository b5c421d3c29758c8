import type { ReactElement } from 'react';
import { Button, Space, Switch, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Perm, type IvTaskView } from '@sunfleet/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { epochText } from '../../components/commands/epochText';
import { DataTable } from '../../components/DataTable';
import { ListDrawer, useDrawerParam } from '../../components/ListDrawer';
import { ListPageCard } from '../../components/ListPage';
import { Permitted, usePermitted } from '../../components/Permitted';
import { StationSelect } from '../../components/StationSelect';
import type { PageProps } from '../../lib/page';
import { useListFilters } from '../../lib/paging';
import { setAutoScan, useAutoScan, useIvTasks } from './api';
import { NEW_IV_PATH } from './ivPaths';
import { IvTaskDetail, TaskProgress, TaskStateTag } from './IvTaskDetail';
import { TRIGGER_LABEL } from './ivText';
import { IvTestId } from './testIds';

/**
 * The station's switch "scan by itself when a string alarm is raised (at most once a day per inverter)";
 * only a role with iv:scan may turn it.
 */
function AutoScanSwitch({ stationId }: { stationId: number }): ReactElement {
  const { t } = useTranslation();
  const mayScan = usePermitted([Perm.ivScan]);
  const setting = useAutoScan(stationId);
  const change = useMutation({ mutationFn: (enabled: boolean) => setAutoScan(stationId, enabled) });
  return (
    <Tooltip title={t('ivWeb.autoScanHint')}>
      <Space size={6}>
        <Switch
          size="small"
          checked={setting.data?.enabled ?? false}
          loading={setting.isFetching || change.isPending}
          disabled={!mayScan || setting.data === undefined}
          onChange={(enabled) => change.mutate(enabled)}
          data-testid={IvTestId.autoScan}
        />
        <Typography.Text>{t('ivWeb.autoScan')}</Typography.Text>
      </Space>
    </Tooltip>
  );
}

/**
 * IV curve (`/operation/iv`): every scan task within reach, newest first, with its station, who started it
 * and when, manual or automatic, its state and progress (read again while one scans); a station filter
 * with that station's auto-scan switch; a task's curves in a drawer (`?task=<id>`).
 */
export function IvListPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { openId, open } = useDrawerParam('task');
  const { paging, filters, set } = useListFilters<{ stationId?: number }>({});
  const tasks = useIvTasks(paging.page, filters.stationId);

  const columns: TableColumnsType<IvTaskView> = [
    { title: t('ivWeb.column.time'), dataIndex: 'createdAt', render: (v: number) => epochText(v) },
    { title: t('ivWeb.column.station'), dataIndex: 'stationName' },
    {
      title: t('ivWeb.column.trigger'),
      dataIndex: 'trigger',
      render: (v: IvTaskView['trigger']) => t(TRIGGER_LABEL[v]),
    },
    { title: t('ivWeb.column.by'), dataIndex: 'createdBy', render: (v: string | null) => v ?? '-' },
    { title: t('ivWeb.column.state'), key: 'state', render: (_: unknown, v) => <TaskStateTag task={v} /> },
    {
      title: t('ivWeb.column.progress'),
      key: 'progress',
      render: (_: unknown, v) => <TaskProgress task={v} />,
    },
    {
      title: '',
      key: 'open',
      render: (_: unknown, v) => (
        <Typography.Link onClick={() => open(v.id)} data-testid={IvTestId.taskOpen}>
          {t('ivWeb.open')}
        </Typography.Link>
      ),
    },
  ];

  const toolbar = (
    <>
      <StationSelect value={filters.stationId} onChange={set('stationId')} testId={IvTestId.stationFilter} />
      {filters.stationId !== undefined && <AutoScanSwitch stationId={filters.stationId} />}
      <div className="list-toolbar-spacer" />
      <Permitted codes={[Perm.ivScan]}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => void navigate(NEW_IV_PATH)}
          data-testid={IvTestId.newScan}
        >
          {t('ivWeb.newScan')}
        </Button>
      </Permitted>
    </>
  );

  return (
    <ListPageCard testId={IvTestId.listPage} title={t(meta.title)}>
      <ListDrawer
        list={
          <DataTable<IvTaskView>
            query={tasks}
            columns={columns}
            rowKey="id"
            paging={paging}
            toolbar={toolbar}
            testId={IvTestId.taskTable}
          />
        }
        openId={openId}
        onClose={() => open(null)}
        title={t('ivWeb.taskTitle')}
        width={1000}
        detail={(id) => <IvTaskDetail key={id} id={id} />}
      />
    </ListPageCard>
  );
}
