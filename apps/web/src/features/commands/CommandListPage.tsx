import { useState, type ReactElement } from 'react';
import { Button, Checkbox, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Perm, type CommandState, type CommandView } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { invalidateCommands } from '../../components/commands/api';
import { useCommandLive } from '../../components/commands/commandLive';
import {
  COMMAND_NAMES,
  COMMAND_STATE_COLOR,
  COMMAND_STATE_LABEL,
  COMMAND_STATE_OPTIONS,
  commandNameKey,
  deviceErrorText,
  isRetryable,
} from '../../components/commands/commandStates';
import { epochText } from '../../components/commands/epochText';
import { DataTable } from '../../components/DataTable';
import { ListPageCard } from '../../components/ListPage';
import { usePermitted } from '../../components/Permitted';
import { RemoteTestId } from '../../components/remote/testIds';
import { StationSelect } from '../../components/StationSelect';
import type { PageProps } from '../../lib/page';
import { cleanFilters, useListFilters } from '../../lib/paging';
import { api } from '../../lib/request';
import { useInfo } from '../../lib/sessionData';
import { showSuccessToast } from '../../lib/toast';
import { retryCommand, useCommandPage } from './api';
import { CommandDrawer } from './CommandDrawer';
import { paramsSummary } from './commandText';

interface CommandFilters {
  stationId?: number;
  deviceId?: number;
  userId?: number;
  state?: CommandState;
  name?: string;
}

/** A device of the caller's reach picked by SN (searched on the server), within the chosen station. */
function DeviceFilter({
  stationId,
  value,
  onChange,
}: {
  stationId: number | undefined;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}): ReactElement {
  const { t } = useTranslation();
  const [sn, setSn] = useState('');
  const devices = useQuery({
    queryKey: ['command', 'deviceOptions', stationId ?? 0, sn],
    queryFn: () =>
      api.GET('/api/station/gateway/inverterPage', {
        params: { query: { ...cleanFilters({ sn, stationId }), pageNum: 1, pageSize: 50 } },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setSn }}
      placeholder={t('commandCentre.filter.device')}
      style={{ minWidth: 200 }}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      loading={devices.isFetching}
      options={(devices.data?.list ?? []).map((d) => ({ value: d.id, label: `${d.sn} (${d.model})` }))}
      data-testid={RemoteTestId.commandDeviceFilter}
    />
  );
}

/** A user of the caller's reach picked by name (account:view), for "who asked". */
function UserFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}): ReactElement {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const users = useQuery({
    queryKey: ['command', 'userOptions', keyword],
    queryFn: () =>
      api.GET('/api/user/page', {
        params: { query: { ...cleanFilters({ keyword }), pageNum: 1, pageSize: 50 } },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={t('commandCentre.filter.user')}
      style={{ minWidth: 180 }}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      loading={users.isFetching}
      options={(users.data?.list ?? []).map((u) => ({ value: u.id, label: u.username }))}
      data-testid={RemoteTestId.commandUserFilter}
    />
  );
}

/**
 * The command centre (docs/remote.md "Screens"): every command within reach with when, station, device,
 * what, params, who, state, error and end; filters by station, device, user, state and command; states
 * follow live; a failed or expired command can be sent again (command:send); a row opens its drawer.
 */
export function CommandListPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters<CommandFilters>({});
  const [openId, setOpenId] = useState<string | null>(null);
  const canRetry = usePermitted([Perm.commandSend]);
  const canPickUsers = usePermitted([Perm.accountView]);
  const me = useInfo(false).data?.userId;
  const query = useCommandPage({ ...cleanFilters({ ...filters }), ...paging.page });
  useCommandLive(true);

  const retry = useMutation({
    mutationFn: retryCommand,
    onSuccess: () => showSuccessToast(t('commandCentre.retried')),
    onSettled: () => invalidateCommands(),
  });

  const name = (c: CommandView): string => {
    const key = commandNameKey(c.name);
    return key === null ? c.name : t(key);
  };
  const columns: TableColumnsType<CommandView> = [
    { title: t('commandCentre.column.time'), dataIndex: 'createdAt', render: (v: number) => epochText(v) },
    {
      title: t('commandCentre.column.station'),
      dataIndex: 'stationName',
      render: (v: string | null) => v ?? '-',
    },
    {
      title: t('commandCentre.column.target'),
      key: 'target',
      render: (_: unknown, c) =>
        c.deviceSn === null ? (
          c.gatewaySn
        ) : (
          <Space orientation="vertical" size={0}>
            {c.deviceSn}
            <Typography.Text type="secondary">{c.gatewaySn}</Typography.Text>
          </Space>
        ),
    },
    { title: t('commandCentre.column.name'), key: 'name', render: (_: unknown, c) => name(c) },
    {
      title: t('commandCentre.column.params'),
      key: 'params',
      render: (_: unknown, c) => (
        <Typography.Text style={{ maxWidth: 280 }} ellipsis={{ tooltip: paramsSummary(c.params) }}>
          {paramsSummary(c.params)}
        </Typography.Text>
      ),
    },
    { title: t('commandCentre.column.who'), dataIndex: 'createdBy', render: (v: string | null) => v ?? '-' },
    {
      title: t('commandCentre.column.state'),
      dataIndex: 'state',
      render: (state: CommandState) => (
        <Tag color={COMMAND_STATE_COLOR[state]} data-testid={RemoteTestId.commandState} data-state={state}>
          {t(COMMAND_STATE_LABEL[state])}
        </Tag>
      ),
    },
    {
      title: t('commandCentre.column.error'),
      dataIndex: 'error',
      render: (error: string | null) =>
        error === null ? '-' : <Typography.Text type="danger">{deviceErrorText(t, error)}</Typography.Text>,
    },
    {
      title: t('commandCentre.column.finished'),
      dataIndex: 'finishedAt',
      render: (v: number | null) => epochText(v),
    },
    ...(canRetry
      ? [
          {
            title: t('commandCentre.column.actions'),
            key: 'actions',
            render: (_: unknown, c: CommandView) =>
              isRetryable(c.state) && (
                <Tooltip title={t('commandCentre.retry')}>
                  <Button
                    size="small"
                    icon={<RedoOutlined />}
                    loading={retry.isPending && retry.variables === c.id}
                    disabled={retry.isPending}
                    onClick={() => !retry.isPending && retry.mutate(c.id)}
                    data-testid={RemoteTestId.commandRetry}
                  >
                    {t('commandCentre.retry')}
                  </Button>
                </Tooltip>
              ),
          },
        ]
      : []),
  ];

  const toolbar = (
    <Space wrap>
      <StationSelect
        value={filters.stationId}
        onChange={(v) => {
          set('stationId')(v);
          set('deviceId')(undefined);
        }}
        testId={RemoteTestId.commandStationFilter}
      />
      <DeviceFilter stationId={filters.stationId} value={filters.deviceId} onChange={set('deviceId')} />
      {canPickUsers ? (
        <UserFilter value={filters.userId} onChange={set('userId')} />
      ) : (
        <Checkbox
          checked={filters.userId !== undefined}
          disabled={me === undefined}
          onChange={(e) => set('userId')(e.target.checked ? me : undefined)}
          data-testid={RemoteTestId.commandMineFilter}
        >
          {t('commandCentre.filter.mine')}
        </Checkbox>
      )}
      <Select<CommandState>
        allowClear
        placeholder={t('commandCentre.filter.state')}
        style={{ minWidth: 140 }}
        value={filters.state}
        onChange={(v?: CommandState) => set('state')(v)}
        options={COMMAND_STATE_OPTIONS.map((s) => ({ value: s, label: t(COMMAND_STATE_LABEL[s]) }))}
        data-testid={RemoteTestId.commandStateFilter}
      />
      <Select<string>
        allowClear
        placeholder={t('commandCentre.filter.name')}
        style={{ minWidth: 200 }}
        value={filters.name}
        onChange={(v?: string) => set('name')(v)}
        options={COMMAND_NAMES.map((n) => ({ value: n, label: t(commandNameKey(n) ?? n) }))}
        data-testid={RemoteTestId.commandNameFilter}
      />
    </Space>
  );

  return (
    <ListPageCard testId={RemoteTestId.commandPage} title={t(meta.title)}>
      <DataTable<CommandView>
        query={query}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={RemoteTestId.commandTable}
        toolbar={toolbar}
        table={{
          onRow: (c) => ({
            onClick: (e) => {
              const target = e.target instanceof Element ? e.target : null;
              if (target?.closest('a, button') != null) return;
              setOpenId(c.id);
            },
            style: { cursor: 'pointer' },
          }),
        }}
      />
      <CommandDrawer id={openId} onClose={() => setOpenId(null)} />
    </ListPageCard>
  );
}
