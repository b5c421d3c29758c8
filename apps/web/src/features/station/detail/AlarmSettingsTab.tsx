import type { ReactElement } from 'react';
import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Perm, type AlarmRule, type MaintenanceWindow } from '@sunfleet/contracts';
import { zoneLabel } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { Permitted } from '../../../components/Permitted';
import { DeleteButton, EditButton, actionsColumn, useRemove } from '../../../components/RowActions';
import { useEditTarget } from '../../../components/useFormModal';
import { TestId } from '../../../testids';
import {
  invalidateSettings,
  settingsApi,
  useRulesForStation,
  useStationDeviceChoices,
  useStationWindows,
} from '../../../components/alarm-settings/alarm-settings-api';
import {
  stationTimeText,
  type RuleReach,
  type ShownRule,
} from '../../../components/alarm-settings/alarmSettingsForm';
import { ruleSettingColumns } from '../../../components/alarm-settings/RuleFigures';
import { RULE_KIND_LABEL, RuleFormModal } from '../../../components/alarm-settings/RuleFormModal';
import { WindowFormModal } from './WindowFormModal';

const UPDATE = [Perm.alarmUpdate] as const;

const REACH_LABEL: Record<RuleReach, string> = {
  STATION: 'alarmSettings.reach.STATION',
  MODEL: 'alarmSettings.reach.MODEL',
  GLOBAL: 'alarmSettings.reach.GLOBAL',
};

/**
 * Station detail → Alarm settings: the rules that apply to the station (its own, editable with
 * alarm:update, then the global and model defaults, marked and read-only here) and the maintenance windows
 * of the station and its devices.
 */
export function AlarmSettingsTab({
  stationId,
  timeZone,
}: {
  stationId: number;
  timeZone: string;
}): ReactElement {
  const { t } = useTranslation();
  const rules = useRulesForStation(stationId);
  const editingRule = useEditTarget<AlarmRule>();
  const removeRule = useRemove((r: AlarmRule) => settingsApi.removeRule(r.id), invalidateSettings);

  const windows = useStationWindows(stationId);
  const devices = useStationDeviceChoices(stationId);
  const editingWindow = useEditTarget<MaintenanceWindow>();
  const removeWindow = useRemove(
    (w: MaintenanceWindow) => settingsApi.removeWindow(w.id),
    invalidateSettings,
  );
  const zone = zoneLabel(timeZone);
  const deviceName = (id: number): string => {
    const d = devices.data?.list.find((x) => x.id === id);
    return d === undefined ? `#${id}` : `${d.name ?? d.sn} (${d.sn})`;
  };

  const ruleColumns: TableColumnsType<ShownRule> = [
    {
      title: t('alarmSettings.rule.kind'),
      dataIndex: 'kind',
      render: (k: AlarmRule['kind']) => t(RULE_KIND_LABEL(k)),
    },
    {
      title: t('alarmSettings.rule.reach'),
      dataIndex: 'reach',
      render: (reach: RuleReach, r) => (
        <Space size={4} wrap>
          <Tag color={reach === 'STATION' ? 'blue' : 'default'} data-reach={reach}>
            {t(REACH_LABEL[reach], { model: r.modelId })}
          </Tag>
          {r.overridden && <Tag>{t('alarmSettings.reach.overridden')}</Tag>}
        </Space>
      ),
    },
    ...ruleSettingColumns<ShownRule>(t),
    actionsColumn<ShownRule>(t, (r) =>
      r.reach === 'STATION' ? (
        <Permitted codes={UPDATE}>
          <Space size={0}>
            <EditButton onClick={() => editingRule.edit(r)} testId={TestId.alarmRuleEdit} />
            <DeleteButton onConfirm={() => removeRule(r)} testId={TestId.alarmRuleDelete} />
          </Space>
        </Permitted>
      ) : null,
    ),
  ];

  const windowColumns: TableColumnsType<MaintenanceWindow> = [
    {
      title: t('alarmSettings.window.target'),
      key: 'target',
      render: (_, w) =>
        w.deviceId === null ? t('alarmSettings.window.wholeStation') : deviceName(w.deviceId),
    },
    {
      title: t('alarmSettings.window.when', { zone }),
      key: 'when',
      render: (_, w) =>
        w.weekday !== null
          ? t('alarmSettings.window.weeklyText', {
              day: t(`alarmSettings.weekday.${w.weekday}`),
              from: w.startTime,
              to: w.endTime,
            })
          : `${stationTimeText(w.startsAt ?? 0, timeZone)} – ${stationTimeText(w.endsAt ?? 0, timeZone)}`,
    },
    {
      title: t('alarmSettings.window.mode'),
      key: 'mode',
      render: (_, w) => t(w.weekday !== null ? 'alarmSettings.window.weekly' : 'alarmSettings.window.oneOff'),
    },
    { title: t('alarmSettings.window.note'), dataIndex: 'note', render: (v: string | null) => v ?? '-' },
    actionsColumn<MaintenanceWindow>(t, (w) => (
      <Permitted codes={UPDATE}>
        <Space size={0}>
          <EditButton onClick={() => editingWindow.edit(w)} testId={TestId.maintenanceWindowEdit} />
          <DeleteButton onConfirm={() => removeWindow(w)} testId={TestId.maintenanceWindowDelete} />
        </Space>
      </Permitted>
    )),
  ];

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid={TestId.alarmSettings}>
      <div>
        <Typography.Title level={5}>{t('alarmSettings.rules')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('alarmSettings.rulesIntro')}</Typography.Paragraph>
        <DataTable<ShownRule>
          query={rules}
          columns={ruleColumns}
          rowKey="id"
          testId={TestId.alarmRules}
          toolbar={
            <CreateButton
              onClick={editingRule.create}
              testId={TestId.alarmRuleCreate}
              label={t('alarmSettings.rule.create')}
            />
          }
        />
      </div>
      <div>
        <Typography.Title level={5}>{t('alarmSettings.windows')}</Typography.Title>
        <Typography.Paragraph type="secondary">
          {t('alarmSettings.windowsIntro', { zone })}
        </Typography.Paragraph>
        <DataTable<MaintenanceWindow>
          query={windows}
          columns={windowColumns}
          rowKey="id"
          testId={TestId.maintenanceWindows}
          toolbar={
            <CreateButton
              onClick={editingWindow.create}
              testId={TestId.maintenanceWindowCreate}
              label={t('alarmSettings.window.create')}
            />
          }
        />
      </div>
      <RuleFormModal
        stationId={stationId}
        open={editingRule.open}
        record={editingRule.record}
        onClose={editingRule.close}
      />
      <WindowFormModal
        stationId={stationId}
        timeZone={timeZone}
        open={editingWindow.open}
        record={editingWindow.record}
        onClose={editingWindow.close}
      />
    </Space>
  );
}

/** "New …" above a settings table, for those who may change alarm settings. */
function CreateButton({
  onClick,
  testId,
  label,
}: {
  onClick: () => void;
  testId: string;
  label: string;
}): ReactElement {
  return (
    <Permitted codes={UPDATE}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
        {label}
      </Button>
    </Permitted>
  );
}
