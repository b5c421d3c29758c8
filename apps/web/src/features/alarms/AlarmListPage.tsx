import { useState, type Key, type ReactElement } from 'react';
import { Button, DatePicker, Input, Select, Space, Typography } from 'antd';
import {
  ApiOutlined,
  CheckOutlined,
  DownloadOutlined,
  EyeOutlined,
  SettingOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import {
  AlarmLevels,
  AlarmStates,
  Perm,
  type AlarmItem,
  type AlarmLevel,
  type AlarmState,
} from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AlarmActionModal, type AlarmAction } from '../../components/alarms/AlarmActionModal';
import { AlarmCard } from '../../components/alarms/AlarmCard';
import { AlarmDrawer } from '../../components/alarms/AlarmDrawer';
import { alarmColumns, type AlarmSort } from '../../components/alarms/alarmColumns';
import { alarmActions, invalidateAlarms, useAlarmPage } from '../../components/alarms/api';
import {
  ALARM_DEVICE_TYPE_LABEL,
  ALARM_LEVEL_LABEL,
  ALARM_STATE_LABEL,
  type AlarmDeviceType,
} from '../../components/alarms/labels';
import { DataTable } from '../../components/DataTable';
import { ListPageCard } from '../../components/ListPage';
import { usePermitted } from '../../components/Permitted';
import { StationSelect } from '../../components/StationSelect';
import type { PageProps } from '../../lib/page';
import { useListFilters } from '../../lib/paging';
import { useInfo } from '../../lib/sessionData';
import { QUICK_RANGES, lastDays } from '../../lib/quickRanges';
import { saveFile } from '../../lib/saveFile';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { exportAlarms } from './api';
import { DEFAULT_SORT, alarmListQuery, dayRange, parseCode, sortOf, type AlarmListFilters } from './filters';

/** The webhooks screen (navigation entry 31, hidden: reached from here). */
const WEBHOOKS_PATH = '/alarm/webhook';
const RULES_PATH = '/alarm/rule';

const DEVICE_TYPES = Object.keys(ALARM_DEVICE_TYPE_LABEL) as AlarmDeviceType[];

/**
 * The fleet-wide alarm list (docs/alarms.md "Alarm list screen"): filters by level, state, station,
 * device type, code and start time (SPEC §9 quick ranges), sortable, unread rows marked, bulk acknowledge,
 * clear and mark read, XLSX export of the filtered list, and the alarm drawer on a row click. It reads
 * again every minute while shown.
 */
export function AlarmListPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters<AlarmListFilters>({});
  const [sort, setSort] = useState<AlarmSort>(DEFAULT_SORT);
  const [codeText, setCodeText] = useState('');
  const [days, setDays] = useState<[Dayjs, Dayjs] | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [action, setAction] = useState<AlarmAction | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const canUpdate = usePermitted([Perm.alarmUpdate]);
  const canSubscribe = usePermitted([Perm.alarmSubscribe]);
  // Global and model rules are the platform's (docs/alarms.md "Alarm settings screens").
  const platform = useInfo(false).data?.platform === true;
  const canEditDefaults = usePermitted([Perm.alarmUpdate]) && platform;
  const navigate = useNavigate();
  const query = useAlarmPage('list', alarmListQuery(filters, sort, paging.page));

  const markRead = useMutation({
    mutationFn: alarmActions.read,
    onSuccess: async (result) => {
      showSuccessToast(t('alarms.action.done', { count: result.changed }));
      setSelected([]);
      await invalidateAlarms();
    },
  });
  const exporting = useMutation({ mutationFn: () => exportAlarms(filters, sort), onSuccess: saveFile });

  const codeInvalid = parseCode(codeText) === null;
  const applyCode = (): void => {
    const code = parseCode(codeText);
    if (code !== null) set('code')(code);
  };
  const onRange = (value: [Dayjs, Dayjs] | null): void => {
    setDays(value);
    set('range')(value === null ? undefined : dayRange(value[0], value[1]));
  };
  const select = (id: number, on: boolean): void =>
    setSelected((ids) => (on ? [...new Set([...ids, id])] : ids.filter((i) => i !== id)));

  const toolbar = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select<AlarmLevel>
          allowClear
          placeholder={t('alarms.filter.level')}
          style={{ minWidth: 130 }}
          value={filters.level}
          onChange={(v?: AlarmLevel) => set('level')(v)}
          options={AlarmLevels.map((l) => ({ value: l, label: t(ALARM_LEVEL_LABEL[l]) }))}
          data-testid={TestId.alarmLevelFilter}
        />
        <Select<AlarmState>
          allowClear
          placeholder={t('alarms.filter.state')}
          style={{ minWidth: 140 }}
          value={filters.state}
          onChange={(v?: AlarmState) => set('state')(v)}
          options={AlarmStates.map((s) => ({ value: s, label: t(ALARM_STATE_LABEL[s]) }))}
          data-testid={TestId.alarmStateFilter}
        />
        <StationSelect
          value={filters.stationId}
          onChange={set('stationId')}
          testId={TestId.alarmStationFilter}
        />
        <Select<AlarmDeviceType>
          allowClear
          placeholder={t('alarms.filter.deviceType')}
          style={{ minWidth: 150 }}
          value={filters.deviceType}
          onChange={(v?: AlarmDeviceType) => set('deviceType')(v)}
          options={DEVICE_TYPES.map((d) => ({ value: d, label: t(ALARM_DEVICE_TYPE_LABEL[d]) }))}
          data-testid={TestId.alarmDeviceTypeFilter}
        />
        <Input
          allowClear
          placeholder={t('alarms.filter.code')}
          style={{ width: 130 }}
          inputMode="numeric"
          value={codeText}
          status={codeInvalid ? 'error' : undefined}
          title={codeInvalid ? t('alarms.filter.codeInvalid') : undefined}
          onChange={(e) => {
            setCodeText(e.target.value);
            if (e.target.value === '') set('code')(undefined);
          }}
          onPressEnter={applyCode}
          onBlur={applyCode}
          data-testid={TestId.alarmCodeFilter}
        />
        <DatePicker.RangePicker
          value={days}
          onChange={(value) => onRange(value?.[0] && value[1] ? [value[0], value[1]] : null)}
          disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
          presets={QUICK_RANGES.map((r) => ({ label: t(r.key), value: () => lastDays(r.days) }))}
          data-testid={TestId.alarmRangeFilter}
        />
      </Space>
      <Space wrap>
        {selected.length > 0 && (
          <Typography.Text type="secondary">
            {t('alarms.selected', { count: selected.length })}
          </Typography.Text>
        )}
        {canUpdate && (
          <>
            <Button
              icon={<CheckOutlined />}
              disabled={selected.length === 0}
              onClick={() => setAction('ack')}
              data-testid={TestId.alarmBulkAck}
            >
              {t('alarms.action.ack')}
            </Button>
            <Button
              danger
              icon={<StopOutlined />}
              disabled={selected.length === 0}
              onClick={() => setAction('clear')}
              data-testid={TestId.alarmBulkClear}
            >
              {t('alarms.action.clear')}
            </Button>
          </>
        )}
        <Button
          icon={<EyeOutlined />}
          disabled={selected.length === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(selected)}
          data-testid={TestId.alarmBulkRead}
        >
          {t('alarms.action.read')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
          data-testid={TestId.alarmExport}
        >
          {t('alarms.action.export')}
        </Button>
        {canSubscribe && (
          <Button
            icon={<ApiOutlined />}
            onClick={() => void navigate(WEBHOOKS_PATH)}
            data-testid={TestId.alarmWebhooks}
          >
            {t('webhooks.open')}
          </Button>
        )}
        {canEditDefaults && (
          <Button
            icon={<SettingOutlined />}
            onClick={() => void navigate(RULES_PATH)}
            data-testid={TestId.alarmRulesOpen}
          >
            {t('alarmSettings.global.open')}
          </Button>
        )}
      </Space>
    </Space>
  );

  return (
    <ListPageCard testId={TestId.alarmListPage} title={t(meta.title)}>
      <DataTable<AlarmItem>
        query={query}
        columns={alarmColumns(t, { station: true, sort })}
        rowKey="id"
        paging={paging}
        testId={TestId.alarmTable}
        toolbar={toolbar}
        card={(a) => (
          <AlarmCard alarm={a} onOpen={setOpenId} selected={selected.includes(a.id)} onSelect={select} />
        )}
        table={{
          rowSelection: {
            selectedRowKeys: selected,
            onChange: (keys: Key[]) => setSelected(keys.map(Number)),
            preserveSelectedRowKeys: true,
          },
          rowClassName: (a) => (a.read ? 'alarm-row-clickable' : 'alarm-row-clickable alarm-row-unread'),
          onRow: (a) => ({
            onClick: (e) => {
              const target = e.target instanceof Element ? e.target : null;
              if (target?.closest('a, button, input, .ant-table-selection-column') != null) return;
              setOpenId(a.id);
            },
          }),
          onChange: (_pagination, _filters, sorter, extra) => {
            if (extra.action !== 'sort' || Array.isArray(sorter)) return;
            setSort(sortOf(sorter));
            paging.reset();
          },
        }}
      />
      <AlarmActionModal
        action={action}
        ids={selected}
        onClose={() => setAction(null)}
        onDone={() => setSelected([])}
      />
      <AlarmDrawer alarmId={openId} onClose={() => setOpenId(null)} />
    </ListPageCard>
  );
}
