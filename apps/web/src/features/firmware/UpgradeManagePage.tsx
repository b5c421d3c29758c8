import type { ReactElement } from 'react';
import { Button, Select, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Perm, UpgradeTaskStates, type UpgradeTaskState, type UpgradeTaskView } from '@sunfleet/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { epochText } from '../../components/commands/epochText';
import { DataTable } from '../../components/DataTable';
import { ListDrawer, useDrawerParam } from '../../components/ListDrawer';
import { ListPageCard } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import type { PageProps } from '../../lib/page';
import { useListFilters } from '../../lib/paging';
import { useUpgradeTasks } from './api';
import { UpgradeTestId } from './testIds';
import { UpgradeProgress, UpgradeStateTag, UpgradeTaskDetail } from './UpgradeTaskDetail';
import { TASK_STATE_LABEL } from './upgradeText';

/** Where tasks are created (the Firmware update screen). */
export const NEW_UPGRADE_PATH = '/operation/upgrade';

/**
 * Upgrade management (`/operation/upgradeManage`): every upgrade task of the caller's company, newest first,
 * with its image, state, live progress bar and counts per state, its wave and schedule; a state filter; a
 * task with its devices and controls in a drawer (`?task=<id>`), read again while it is under way.
 */
export function UpgradeManagePage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { openId, open } = useDrawerParam('task');
  const { paging, filters, set } = useListFilters<{ state?: UpgradeTaskState }>({});
  const tasks = useUpgradeTasks(paging.page, filters.state);

  const columns: TableColumnsType<UpgradeTaskView> = [
    { title: t('upgradeWeb.column.name'), dataIndex: 'name' },
    { title: t('upgradeWeb.image'), key: 'image', render: (_, v) => `${v.model} ${v.version}` },
    { title: t('upgradeWeb.column.state'), key: 'state', render: (_, v) => <UpgradeStateTag task={v} /> },
    {
      title: t('upgradeWeb.column.progress'),
      key: 'progress',
      render: (_, v) => <UpgradeProgress task={v} />,
    },
    {
      title: t('upgradeWeb.column.waves'),
      key: 'waves',
      render: (_, v) =>
        v.broadcast ? t('upgradeWeb.broadcast') : `${(v.currentWave ?? 0) + 1} / ${v.waves}`,
    },
    {
      title: t('upgradeWeb.scheduledAt'),
      dataIndex: 'scheduledAt',
      render: (at: number | null) => (at === null ? t('upgradeWeb.atOnce') : epochText(at)),
    },
    { title: t('upgradeWeb.column.created'), dataIndex: 'createdAt', render: (at: number) => epochText(at) },
    { title: t('upgradeWeb.column.by'), dataIndex: 'createdBy', render: (by: string | null) => by ?? '-' },
    {
      title: '',
      key: 'open',
      render: (_, v) => (
        <Typography.Link onClick={() => open(v.id)} data-testid={UpgradeTestId.taskOpen}>
          {t('upgradeWeb.open')}
        </Typography.Link>
      ),
    },
  ];

  const toolbar = (
    <>
      <Select<UpgradeTaskState>
        allowClear
        placeholder={t('upgradeWeb.column.state')}
        value={filters.state}
        onChange={set('state')}
        options={UpgradeTaskStates.map((s) => ({ value: s, label: t(TASK_STATE_LABEL[s]) }))}
        style={{ width: 160 }}
      />
      <div className="list-toolbar-spacer" />
      <Permitted codes={[Perm.upgradeCreate]}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(NEW_UPGRADE_PATH)}>
          {t('upgradeWeb.newTask')}
        </Button>
      </Permitted>
    </>
  );

  return (
    <ListPageCard testId={UpgradeTestId.page} title={t(meta.title)}>
      <ListDrawer
        list={
          <DataTable<UpgradeTaskView>
            query={tasks}
            columns={columns}
            rowKey="id"
            paging={paging}
            toolbar={toolbar}
            testId={UpgradeTestId.table}
          />
        }
        openId={openId}
        onClose={() => open(null)}
        title={t('upgradeWeb.taskTitle')}
        width={1100}
        detail={(id) => <UpgradeTaskDetail key={id} id={id} />}
      />
    </ListPageCard>
  );
}
