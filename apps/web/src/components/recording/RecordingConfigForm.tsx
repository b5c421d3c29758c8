import type { ReactElement } from 'react';
import { Button, Form, InputNumber, Radio, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RecordingDataTypes,
  RecordingLimits,
  RecordingMessage,
  RecordingSources,
  RecordingTriggers,
  type RecordingView,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../FormModal';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { recordingKeys, startRecording } from './api';
import {
  RECORDING_FORM_DEFAULTS,
  recordingBody,
  recordingFormErrors,
  type RecordingFormValues,
} from './recordingForm';
import { RecordingTestId } from './testIds';

const L = RecordingLimits;
const FIELDS = [
  'source',
  'trigger',
  'triggerLevel',
  'channels',
  'samplingPeriodMs',
  'triggerAddress',
  'delayMs',
  'zoom',
  'samples',
];

/** An integer field between `min` and `max`, required. */
function range(t: (key: string) => string, min: number, max: number) {
  return [
    { required: true, message: t('rule.required') },
    { type: 'number' as const, min, max, message: `${min} … ${max}` },
  ];
}

/**
 * The fault recording configuration (SPEC §3, §4): source, trigger (and a level trigger's level), the
 * trigger address, up to eight channels (number, data address, data type), sampling period, delay, zoom
 * factor and samples. Every range and the rules across fields are shown on their fields before anything is
 * sent; the server's refusals land on the same fields.
 */
export function RecordingConfigForm({
  deviceId,
  open,
  onClose,
  onStarted,
}: {
  deviceId: number;
  open: boolean;
  onClose: () => void;
  onStarted: (recording: RecordingView) => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<RecordingFormValues>();
  const client = useQueryClient();
  const trigger = Form.useWatch('trigger', form);
  const start = useMutation({
    mutationFn: (values: RecordingFormValues) => startRecording(recordingBody(deviceId, values)),
    onSuccess: async (recording) => {
      showSuccessToast(t(RecordingMessage.started));
      await client.invalidateQueries({ queryKey: recordingKeys.all });
      onStarted(recording);
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error, FIELDS),
  });
  const save = {
    isPending: start.isPending,
    mutate: (values: RecordingFormValues) => {
      const errors = recordingFormErrors(deviceId, values);
      if (errors.length > 0)
        // The paths come from the rules (e.g. ['channels', 1, 'channel']): the form's own path type cannot know them.
        form.setFields(errors.map((e) => ({ name: e.name as never, errors: e.errors.map((k) => t(k)) })));
      else start.mutate(values);
    },
  };
  return (
    <FormModal<RecordingFormValues>
      open={open}
      title={t('recordingWeb.configTitle')}
      form={form}
      save={save}
      onClose={onClose}
      testId={RecordingTestId.form}
      width={720}
      initialValues={{
        ...RECORDING_FORM_DEFAULTS,
        channels: [{ channel: 1, dataType: 'S16' }],
      }}
    >
      <Space wrap size={16}>
        <Form.Item name="source" label={t('recordingWeb.source')} rules={[{ required: true }]}>
          <Radio.Group
            options={RecordingSources.map((s) => ({ value: s, label: t(`recordingWeb.source.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="trigger" label={t('recordingWeb.trigger')} rules={[{ required: true }]}>
          <Radio.Group
            options={RecordingTriggers.map((s) => ({ value: s, label: t(`recordingWeb.trigger.${s}`) }))}
          />
        </Form.Item>
        {trigger === 'LEVEL' && (
          <Form.Item
            name="triggerLevel"
            label={t('recordingWeb.triggerLevel')}
            rules={[
              { required: true, message: t(RecordingMessage.triggerLevelRequired) },
              ...range(t, L.triggerLevelMin, L.triggerLevelMax).slice(1),
            ]}
          >
            <InputNumber precision={0} />
          </Form.Item>
        )}
      </Space>
      <Space wrap size={16}>
        <Form.Item
          name="triggerAddress"
          label={t('recordingWeb.triggerAddress')}
          rules={range(t, 0, L.addressMax)}
        >
          <InputNumber precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name="samplingPeriodMs"
          label={t('recordingWeb.samplingPeriod')}
          rules={range(t, L.samplingPeriodMsMin, L.samplingPeriodMsMax)}
        >
          <InputNumber precision={0} suffix="ms" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="delayMs" label={t('recordingWeb.delay')} rules={range(t, 0, L.delayMsMax)}>
          <InputNumber precision={0} suffix="ms" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="zoom" label={t('recordingWeb.zoom')} rules={range(t, L.zoomMin, L.zoomMax)}>
          <InputNumber style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          name="samples"
          label={t('recordingWeb.samples')}
          rules={range(t, L.samplesMin, L.samplesMax)}
        >
          <InputNumber precision={0} style={{ width: 120 }} />
        </Form.Item>
      </Space>
      <Form.List name="channels">
        {(rows, { add, remove }) => (
          <>
            {rows.map((row) => (
              <Space key={row.key} align="baseline" wrap>
                <Form.Item
                  name={[row.name, 'channel']}
                  label={t('recordingWeb.channel')}
                  rules={range(t, L.channelMin, L.channelMax)}
                >
                  <InputNumber precision={0} style={{ width: 90 }} />
                </Form.Item>
                <Form.Item
                  name={[row.name, 'address']}
                  label={t('recordingWeb.address')}
                  rules={range(t, 0, L.addressMax)}
                >
                  <InputNumber precision={0} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item
                  name={[row.name, 'dataType']}
                  label={t('recordingWeb.dataType')}
                  rules={[{ required: true, message: t('rule.required') }]}
                >
                  <Select
                    style={{ width: 110 }}
                    options={RecordingDataTypes.map((d) => ({
                      value: d,
                      label: t(`recordingWeb.dataType.${d}`),
                    }))}
                  />
                </Form.Item>
                {rows.length > 1 && (
                  <MinusCircleOutlined
                    aria-label={t('recordingWeb.removeChannel')}
                    onClick={() => remove(row.name)}
                  />
                )}
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={rows.length >= L.channelsMax}
              onClick={() =>
                add({
                  channel: nextChannel(
                    form.getFieldValue('channels') as RecordingFormValues['channels'] | undefined,
                  ),
                  dataType: 'S16',
                })
              }
            >
              {t('recordingWeb.addChannel', { max: L.channelsMax })}
            </Button>
          </>
        )}
      </Form.List>
    </FormModal>
  );
}

/** The lowest channel number not taken yet. */
function nextChannel(channels: readonly { channel?: number }[] | undefined): number {
  const taken = new Set((channels ?? []).map((c) => c.channel));
  for (let n = L.channelMin; n <= L.channelMax; n++) if (!taken.has(n)) return n;
  return L.channelMax;
}
