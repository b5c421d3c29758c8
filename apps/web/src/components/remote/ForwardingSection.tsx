import { useEffect, useState, type ReactElement } from 'react';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Space, Spin, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { BAUD_RATES, FORWARDING_PROTOCOLS, PARITIES, Perm } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { epochText } from '../commands/epochText';
import { invalidateCommands, useFollowedCommands } from '../commands/api';
import { deviceErrorText, isOpenState } from '../commands/commandStates';
import { LoadFailed } from '../LoadFailed';
import { usePermitted } from '../Permitted';
import { queryClient } from '../../lib/queryClient';
import { showSuccessToast } from '../../lib/toast';
import { remoteApi, remoteKeys, useForwarding } from './api';
import type { ApiData } from '../../lib/request';
import {
  deliveryOf,
  endpointOf,
  formOf,
  toForwardingConfig,
  urlProblem,
  type ForwardingForm,
} from './forwarding';
import { OutcomeNotice } from './OutcomeNotice';
import { RemoteTestId } from './testIds';

const DELIVERY_COLOR = {
  none: 'default',
  pending: 'processing',
  applied: 'success',
  failed: 'error',
} as const;

/**
 * A logger's protocol forwarding (SPEC §3): serial port, baud rate, check bit, stop bit, acquisition
 * frequency, protocol HTTP / MQTT / TCP (or off) with its endpoint, upload interval; sent as
 * forwarding.set. The setting last sent is shown with its state: pending, applied or failed and why.
 */
export function ForwardingSection({
  gatewayId,
  localControl,
}: {
  gatewayId: number;
  localControl: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const settings = useForwarding(gatewayId);
  const canUpdate = usePermitted([Perm.forwardingUpdate]) && !localControl;
  const [form] = Form.useForm<ForwardingForm>();
  const protocol = Form.useWatch('protocol', form) ?? 'OFF';
  const [answer, setAnswer] = useState<ApiData<'put', '/api/remote/forwarding/{gatewayId}'> | null>(null);

  const loaded = settings.data;
  useEffect(() => {
    if (loaded !== undefined) form.setFieldsValue(formOf(loaded));
  }, [loaded, form]);

  const refresh = (): Promise<void> =>
    queryClient.invalidateQueries({ queryKey: remoteKeys.forwarding(gatewayId) });
  const save = useMutation({
    mutationFn: (values: ForwardingForm) => remoteApi.setForwarding(gatewayId, toForwardingConfig(values)),
    onSuccess: (next) => {
      setAnswer(next);
      if (next.state === 'DONE') showSuccessToast(t('OperationSuccess'));
    },
    onSettled: () => Promise.all([refresh(), invalidateCommands()]),
  });
  const late = answer !== null && isOpenState(answer.state);
  const followed = useFollowedCommands(late ? answer.commands : undefined);
  useEffect(() => {
    // The setting (and its state) is read again once the followed command has ended.
    if (late && !followed.following) void refresh();
  }, [late, followed.following]);

  if (loaded === undefined)
    return settings.isError ? (
      <LoadFailed title={t('remoteSettings.forwarding.loadFailed')} query={settings} />
    ) : (
      <Spin />
    );

  const delivery = deliveryOf(loaded);
  const endpoint = endpointOf(protocol);
  const seconds = { min: 5, max: 3_600, precision: 0, suffix: 's', style: { width: 140 } } as const;
  return (
    <div data-testid={RemoteTestId.forwarding}>
      <Space
        style={{ marginBottom: 12 }}
        wrap
        data-testid={RemoteTestId.forwardingState}
        data-delivery={delivery}
      >
        <Typography.Text>{t('remoteSettings.forwarding.current')}</Typography.Text>
        <Tag color={DELIVERY_COLOR[delivery]}>{t(`remoteSettings.delivery.${delivery}`)}</Tag>
        {loaded.config !== null && <Typography.Text code>{loaded.config.protocol}</Typography.Text>}
        {loaded.updatedAt !== null && (
          <Typography.Text type="secondary">{epochText(loaded.updatedAt)}</Typography.Text>
        )}
      </Space>
      {delivery === 'failed' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            loaded.state === 'EXPIRED'
              ? t('remoteSettings.outcome.expired')
              : deviceErrorText(t, loaded.error)
          }
        />
      )}
      <Form<ForwardingForm>
        form={form}
        layout="vertical"
        disabled={!canUpdate || save.isPending}
        onFinish={(values) => !save.isPending && save.mutate(values)}
        style={{ maxWidth: 560 }}
      >
        <Form.Item name="protocol" label={t('remoteSettings.forwarding.protocol')} required>
          <Radio.Group
            optionType="button"
            options={FORWARDING_PROTOCOLS.map((p) => ({
              value: p,
              label: p === 'OFF' ? t('remoteSettings.forwarding.protocolOff') : p,
            }))}
            data-testid={RemoteTestId.forwardingProtocol}
          />
        </Form.Item>
        {endpoint === 'url' && (
          <Form.Item
            name="url"
            label={t('remoteSettings.forwarding.url')}
            extra={t(`remoteSettings.forwarding.urlHint.${protocol}`)}
            rules={[
              {
                validator: (_: unknown, v: string | undefined) => {
                  const problem = urlProblem(protocol === 'MQTT' ? 'MQTT' : 'HTTP', v);
                  return problem === null ? Promise.resolve() : Promise.reject(new Error(t(problem)));
                },
              },
            ]}
          >
            <Input maxLength={2000} />
          </Form.Item>
        )}
        {endpoint === 'hostPort' && (
          <Space.Compact block>
            <Form.Item
              name="host"
              label={t('remoteSettings.forwarding.host')}
              rules={[
                { required: true, whitespace: true, message: t('remoteSettings.forwarding.hostRequired') },
              ]}
              style={{ flex: 1 }}
            >
              <Input maxLength={253} />
            </Form.Item>
            <Form.Item
              name="port"
              label={t('remoteSettings.forwarding.port')}
              rules={[{ required: true, message: t('remoteSettings.forwarding.portRequired') }]}
            >
              <InputNumber<number> min={1} max={65_535} precision={0} style={{ width: 120 }} />
            </Form.Item>
          </Space.Compact>
        )}
        <Form.Item name="uploadInterval" label={t('remoteSettings.forwarding.uploadInterval')}>
          <InputNumber<number> {...seconds} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="serialPort" label={t('remoteSettings.forwarding.serialPort')}>
            <Select<number>
              style={{ width: 120 }}
              options={[1, 2, 3, 4].map((p) => ({ value: p, label: `RS485-${String(p)}` }))}
            />
          </Form.Item>
          <Form.Item name="baudRate" label={t('remoteSettings.forwarding.baudRate')}>
            <Select<number>
              style={{ width: 120 }}
              options={BAUD_RATES.map((b) => ({ value: b, label: String(b) }))}
            />
          </Form.Item>
          <Form.Item name="parity" label={t('remoteSettings.forwarding.parity')}>
            <Select
              style={{ width: 120 }}
              options={PARITIES.map((p) => ({ value: p, label: t(`remoteSettings.forwarding.parity.${p}`) }))}
            />
          </Form.Item>
          <Form.Item name="stopBits" label={t('remoteSettings.forwarding.stopBits')}>
            <Radio.Group options={[1, 2].map((s) => ({ value: s, label: String(s) }))} />
          </Form.Item>
          <Form.Item name="acquisitionInterval" label={t('remoteSettings.forwarding.acquisition')}>
            <InputNumber<number> {...seconds} />
          </Form.Item>
        </Space>
        {canUpdate && (
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              data-testid={RemoteTestId.forwardingSave}
            >
              {t('remoteSettings.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
      {answer !== null && (
        <OutcomeNotice outcome={late ? followed : answer} doneText={t('remoteSettings.forwarding.applied')} />
      )}
    </div>
  );
}
