import { useEffect, type ReactElement } from 'react';
import { Alert, Button, Drawer, Form, Input, InputNumber, Select, Space, Tabs } from 'antd';
import {
  AlarmLevels,
  FaultCodeLimits,
  FaultCodeScopes,
  LANGUAGE_KEYS,
  Perm,
  type AlarmLevel,
  type FaultCodeScope,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { usePermitted } from '../../components/Permitted';
import { useFormSave } from '../../components/useFormModal';
import { TestId } from '../../testids';
import { useDeviceModels, useProtocols } from './api';
import { faultCodeApi, invalidateFaultCodes, type FaultCode } from './faultCodeApi';
import { faultCodeBody, faultCodeValues, NEW_FAULT_CODE, type FaultCodeValues } from './faultCodeForm';
import { DEVICE_TYPE_LABEL } from '../../components/DeviceTypeFilter';

const FIELDS = ['code', 'level', 'modelId', 'definitionId', 'texts'] as const;

export interface FaultCodeDrawerProps {
  open: boolean;
  /** The entry being edited; absent to create one. */
  entry?: FaultCode;
  onClose: () => void;
}

/** Create or edit a catalogue entry: scope, code, level, and the three texts in each of the four languages. */
export function FaultCodeDrawer({ open, entry, onClose }: FaultCodeDrawerProps): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<FaultCodeValues>();
  const scope = Form.useWatch('scope', form);
  const canWrite = usePermitted([Perm.faultCodeUpdate]);
  const models = useDeviceModels(undefined, open && scope === 'MODEL');
  const protocols = useProtocols({}, { pageNum: 1, pageSize: 200 });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(entry === undefined ? NEW_FAULT_CODE : faultCodeValues(entry));
  }, [open, entry, form]);

  const save = useFormSave({
    form,
    fields: FIELDS,
    mutationFn: (values: FaultCodeValues) =>
      entry === undefined
        ? faultCodeApi.create(faultCodeBody(values))
        : faultCodeApi.update(entry.id, faultCodeBody(values)),
    invalidate: invalidateFaultCodes,
    onClose,
  });

  const text = (language: string, field: 'description' | 'cause' | 'handling', rows: number, max: number) => (
    <Form.Item
      name={['texts', language, field]}
      label={t(`faultCode.${field}`)}
      rules={
        language === 'EN' && field === 'description'
          ? [{ required: true, whitespace: true, message: t('rule.cannotBeBlank') }]
          : []
      }
    >
      {rows === 1 ? (
        <Input
          maxLength={max}
          disabled={!canWrite}
          data-testid={language === 'EN' ? TestId.faultCodeDescription : undefined}
        />
      ) : (
        <Input.TextArea
          maxLength={max}
          showCount
          autoSize={{ minRows: rows, maxRows: 12 }}
          disabled={!canWrite}
        />
      )}
    </Form.Item>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={
        entry === undefined ? t('faultCode.create') : canWrite ? t('faultCode.edit') : t('faultCode.view')
      }
      extra={
        canWrite && (
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              loading={save.isPending}
              onClick={() => form.submit()}
              data-testid={TestId.formSubmit}
            >
              {t('common.save')}
            </Button>
          </Space>
        )
      }
    >
      {!canWrite && <Alert type="info" showIcon title={t('faultCode.noPermission')} />}
      <Form<FaultCodeValues>
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        data-testid={TestId.faultCodeForm}
        disabled={!canWrite}
      >
        <Space wrap>
          <Form.Item
            name="code"
            label={t('faultCode.code')}
            rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
          >
            <InputNumber<number>
              min={0}
              max={FaultCodeLimits.codeMax}
              precision={0}
              data-testid={TestId.faultCodeCode}
            />
          </Form.Item>
          <Form.Item name="level" label={t('faultCode.level')} rules={[{ required: true }]}>
            <Select<AlarmLevel>
              style={{ minWidth: 140 }}
              options={AlarmLevels.map((l) => ({ value: l, label: t(`faultCode.level.${l}`) }))}
              data-testid={TestId.faultCodeLevel}
            />
          </Form.Item>
          <Form.Item name="scope" label={t('faultCode.scope')}>
            <Select<FaultCodeScope>
              style={{ minWidth: 160 }}
              options={FaultCodeScopes.map((s) => ({ value: s, label: t(`faultCode.scope.${s}`) }))}
              data-testid={TestId.faultCodeScope}
            />
          </Form.Item>
        </Space>
        {scope === 'DEFINITION' && (
          <Form.Item
            name="definitionId"
            label={t('faultCode.definition')}
            rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
          >
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              loading={protocols.isFetching}
              options={(protocols.data?.list ?? []).map((p) => ({
                value: p.id,
                label: `${p.code} · ${t(DEVICE_TYPE_LABEL[p.deviceType])}`,
              }))}
            />
          </Form.Item>
        )}
        {scope === 'MODEL' && (
          <Form.Item
            name="modelId"
            label={t('faultCode.model')}
            rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
          >
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              loading={models.isFetching}
              options={(models.data ?? []).map((m) => ({
                value: m.id,
                label: `${m.model} · ${t(DEVICE_TYPE_LABEL[m.deviceType])}`,
              }))}
            />
          </Form.Item>
        )}
        <Alert type="info" title={t('faultCode.englishRequired')} style={{ marginBottom: 12 }} />
        <Tabs
          // Every tab stays mounted, so the form validates and submits all four languages.
          items={[...LANGUAGE_KEYS]
            .sort((a) => (a === 'EN' ? -1 : 0))
            .map((language) => ({
              key: language,
              label: t(`faultCode.language.${language}`),
              forceRender: true,
              children: (
                <>
                  {text(language, 'description', 1, FaultCodeLimits.descriptionMax)}
                  {text(language, 'cause', 3, FaultCodeLimits.causeMax)}
                  {text(language, 'handling', 5, FaultCodeLimits.handlingMax)}
                </>
              ),
            }))}
        />
      </Form>
    </Drawer>
  );
}
