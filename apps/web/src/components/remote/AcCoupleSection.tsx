import { useEffect, type ReactElement } from 'react';
import { Alert, Button, Form, InputNumber, Popconfirm, Select, Space, Spin, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Perm, StationDeviceLimits, type AcCoupleSetting } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { invalidateCommands, useCommand } from '../commands/api';
import { deviceErrorText, isOpenState } from '../commands/commandStates';
import { LoadFailed } from '../LoadFailed';
import { usePermitted } from '../Permitted';
import { queryClient } from '../../lib/queryClient';
import { showSuccessToast } from '../../lib/toast';
import { remoteApi, remoteKeys, useAcCouple, type RemoteTarget } from './api';
import { RemoteTestId } from './testIds';

interface Values {
  coupledDeviceId?: number;
  maxFeedInKw?: number | null;
}

const DELIVERY_COLOR = { PENDING: 'processing', APPLIED: 'success', FAILED: 'error' } as const;

/**
 * AC coupling of an inverter or battery (SPEC §4: set, updated, released): the device of the same station
 * it is coupled to and the export limit; Set / Update and Release are sent to the device (acCouple.set),
 * and the page shows the delivery: pending, applied or failed with the device's reason.
 */
export function AcCoupleSection({
  deviceId,
  partners,
  localControl,
}: {
  deviceId: number;
  /** The other inverters and batteries of the station. */
  partners: RemoteTarget[];
  localControl: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const setting = useAcCouple(deviceId);
  const canUpdate = usePermitted([Perm.acCoupleUpdate]) && !localControl;
  const [form] = Form.useForm<Values>();
  const current = setting.data ?? null;
  const active = current !== null && current.enabled;

  useEffect(() => {
    if (current !== null)
      form.setFieldsValue({
        coupledDeviceId: current.coupledDeviceId ?? undefined,
        maxFeedInKw: current.maxFeedInKw,
      });
  }, [current, form]);

  // While the device has not answered, its command is followed; its end reads the setting again.
  const pendingId = current?.delivery === 'PENDING' ? current.commandId : null;
  const command = useCommand(pendingId);
  const commandState = command.data?.state;
  useEffect(() => {
    if (commandState !== undefined && !isOpenState(commandState))
      void queryClient.invalidateQueries({ queryKey: remoteKeys.acCouple(deviceId) });
  }, [commandState, deviceId]);

  const after = (next: AcCoupleSetting): void => {
    queryClient.setQueryData(remoteKeys.acCouple(deviceId), next);
    showSuccessToast(t('OperationSuccess'));
    void invalidateCommands();
  };
  const set = useMutation({
    mutationFn: (values: Values) =>
      remoteApi.setAcCouple({
        deviceId,
        coupledDeviceId: values.coupledDeviceId ?? null,
        maxFeedInKw: values.maxFeedInKw ?? null,
      }),
    onSuccess: after,
  });
  const release = useMutation({ mutationFn: () => remoteApi.releaseAcCouple(deviceId), onSuccess: after });
  const busy = set.isPending || release.isPending;

  if (setting.data === undefined)
    return setting.isError ? (
      <LoadFailed title={t('remoteSettings.acCouple.loadFailed')} query={setting} />
    ) : (
      <Spin />
    );

  return (
    <div data-testid={RemoteTestId.acCouple}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>{t('remoteSettings.acCouple.current')}</Typography.Text>
        {current === null ? (
          <Tag>{t('remoteSettings.acCouple.none')}</Tag>
        ) : (
          <>
            <Tag>{t(`remoteSettings.acCouple.state.${current.state}`)}</Tag>
            {current.delivery !== null && (
              <Tag
                color={DELIVERY_COLOR[current.delivery]}
                data-testid={RemoteTestId.acCoupleDelivery}
                data-delivery={current.delivery}
              >
                {t(`remoteSettings.acCouple.delivery.${current.delivery}`)}
              </Tag>
            )}
          </>
        )}
      </Space>
      {current?.delivery === 'FAILED' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            current.deliveryError === null
              ? t('remoteSettings.outcome.failed')
              : deviceErrorText(t, current.deliveryError)
          }
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={!canUpdate || busy}
        onFinish={(values) => !busy && set.mutate(values)}
        style={{ maxWidth: 480 }}
      >
        <Form.Item
          name="coupledDeviceId"
          label={t('remoteSettings.acCouple.partner')}
          rules={[{ required: true, message: t('remoteSettings.acCouple.partnerRequired') }]}
        >
          <Select<number>
            options={partners.map((p) => ({ value: p.id, label: `${p.sn} (${p.model})` }))}
            notFoundContent={t('remoteSettings.acCouple.noPartner')}
            data-testid={RemoteTestId.acCouplePartner}
          />
        </Form.Item>
        <Form.Item name="maxFeedInKw" label={t('remoteSettings.acCouple.maxFeedIn')}>
          <InputNumber<number>
            min={0}
            max={StationDeviceLimits.maxFeedInKwMax}
            step={0.1}
            suffix="kW"
            style={{ width: 180 }}
            data-testid={RemoteTestId.acCoupleFeedIn}
          />
        </Form.Item>
        {canUpdate && (
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              loading={set.isPending}
              data-testid={RemoteTestId.acCoupleSet}
            >
              {active ? t('remoteSettings.acCouple.update') : t('remoteSettings.acCouple.set')}
            </Button>
            {active && (
              <Popconfirm
                title={t('remoteSettings.acCouple.releaseConfirm')}
                onConfirm={() => !busy && release.mutate()}
                okText={t('remoteSettings.acCouple.release')}
                cancelText={t('remoteSettings.cancel')}
              >
                <Button danger loading={release.isPending} data-testid={RemoteTestId.acCoupleRelease}>
                  {t('remoteSettings.acCouple.release')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        )}
      </Form>
    </div>
  );
}
