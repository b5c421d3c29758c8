import type { ReactElement } from 'react';
import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { AlarmRule } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { ListPageCard } from '../../../components/ListPage';
import { DeleteButton, EditButton, actionsColumn, useRemove } from '../../../components/RowActions';
import { useEditTarget } from '../../../components/useFormModal';
import type { PageProps } from '../../../lib/page';
import { useInfo } from '../../../lib/sessionData';
import { TestId } from '../../../testids';
import { ruleSettingColumns } from '../../../components/alarm-settings/RuleFigures';
import {
  invalidateSettings,
  settingsApi,
  useDefaultRules,
} from '../../../components/alarm-settings/alarm-settings-api';
import { ruleReach } from '../../../components/alarm-settings/alarmSettingsForm';
import { RULE_KIND_LABEL, RuleFormModal } from '../../../components/alarm-settings/RuleFormModal';

/**
 * The platform's back office for global and model alarm rules (`/alarm/rule`, a hidden entry reached from
 * the alarm list's "Alarm rules" button; docs/alarms.md "Alarm settings screens"). Platform accounts
 * create, edit and delete them; anyone else who reaches the address reads them only. Station rules are
 * edited on each station's Alarm settings tab.
 */
export function AlarmRulesPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const query = useDefaultRules();
  const platform = useInfo(false).data?.platform === true;
  const editing = useEditTarget<AlarmRule>();
  const remove = useRemove((r: AlarmRule) => settingsApi.removeRule(r.id), invalidateSettings);

  const columns: TableColumnsType<AlarmRule> = [
    {
      title: t('alarmSettings.rule.kind'),
      dataIndex: 'kind',
      render: (k: AlarmRule['kind']) => t(RULE_KIND_LABEL(k)),
    },
    {
      title: t('alarmSettings.rule.reach'),
      key: 'reach',
      render: (_, r) => (
        <Tag data-reach={ruleReach(r)}>
          {t(ruleReach(r) === 'MODEL' ? 'alarmSettings.reach.MODEL' : 'alarmSettings.reach.GLOBAL', {
            model: r.modelId,
          })}
        </Tag>
      ),
    },
    ...ruleSettingColumns<AlarmRule>(t),
    ...(platform
      ? [
          actionsColumn<AlarmRule>(t, (r) => (
            <Space size={0}>
              <EditButton onClick={() => editing.edit(r)} testId={TestId.alarmRuleEdit} />
              <DeleteButton onConfirm={() => remove(r)} testId={TestId.alarmRuleDelete} />
            </Space>
          )),
        ]
      : []),
  ];

  return (
    <ListPageCard testId={TestId.alarmRulesPage} title={t(meta.title)}>
      <Typography.Paragraph type="secondary">{t('alarmSettings.global.intro')}</Typography.Paragraph>
      <DataTable<AlarmRule>
        query={query}
        columns={columns}
        rowKey="id"
        testId={TestId.alarmRules}
        toolbar={
          platform && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={editing.create}
              data-testid={TestId.alarmRuleCreate}
            >
              {t('alarmSettings.rule.create')}
            </Button>
          )
        }
      />
      <RuleFormModal open={editing.open} record={editing.record} onClose={editing.close} />
    </ListPageCard>
  );
}
