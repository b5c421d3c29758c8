import type { ReactElement } from 'react';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Form,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  UpgradeLimits,
  validateAppointmentTime,
  type FirmwareView,
  type UpgradeTaskBody,
} from '@sunfleet/contracts';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPE_LABEL } from '../../components/DeviceTypeFilter';
import { StationSelect } from '../../components/StationSelect';
import { applyFieldErrors } from '../../lib/formErrors';
import { ApiError } from '../../lib/request';
import type { PageProps } from '../../lib/page';
import { showSuccessToast } from '../../lib/toast';
import { createUpgrade, useStationDevices, useUpgradeImages } from './api';
import { UpgradeTestId } from './testIds';

type Mode = 'devices' | 'station' | 'model';

/** The server's field errors with `from` named `to` (the loggers of a logger image go in the device field). */
function renamed(error: unknown, from: string, to: string): unknown {
  if (!(error instanceof ApiError) || !Array.isArray(error.data)) return error;
  const data = (error.data as { field?: string }[]).map((e) =>
    e.field === `body.${from}` ? { ...e, field: `body.${to}` } : e,
  );
  return new ApiError({
    kind: 'status',
    data,
    ...(error.status === undefined ? {} : { status: error.status }),
  });
}

interface Values {
  firmwareId?: string;
  mode: Mode;
  stationId?: number;
  deviceIds?: number[];
  scheduledAt?: Dayjs;
  broadcast: boolean;
  canaryPercent: number;
  waveSize: number;
  failureThresholdPercent: number;
  healthWatchMinutes: number;
  retries: number;
  rollback: boolean;
}

const FIELDS = ['firmwareId', 'stationId', 'deviceIds', 'scheduledAt', 'canaryPercent', 'waveSize'];

/** The request body: the chosen devices one way (loggers for a logger image), and the roll-out settings. */
export function upgradeBody(values: Values, forLoggers: boolean): UpgradeTaskBody {
  const target =
    values.mode === 'model'
      ? { allOfModel: true as const }
      : values.mode === 'station'
        ? { stationId: values.stationId ?? 0 }
        : forLoggers
          ? { gatewayIds: values.deviceIds ?? [] }
          : { deviceIds: values.deviceIds ?? [] };
  return {
    firmwareId: values.firmwareId ?? '',
    ...target,
    ...(values.scheduledAt === undefined ? {} : { scheduledAt: values.scheduledAt.valueOf() }),
    broadcast: values.broadcast,
    canaryPercent: values.canaryPercent,
    waveSize: values.waveSize,
    failureThresholdPercent: values.failureThresholdPercent,
    healthWatchMinutes: values.healthWatchMinutes,
    retries: values.retries,
    rollback: values.rollback,
  };
}

/**
 * Firmware update (`/operation/upgrade`): a new upgrade task — the image, the devices (picked at a station,
 * a whole station, or every device of the image's models in reach), when (now or an appointment later than
 * now), and the roll-out: broadcast, or a canary share then waves, the failure share that pauses it, the
 * health watch, retries, rollback. The server's joint-upgrade rules answer under the fields; once created the
 * task opens in Upgrade management.
 */
export function UpgradeNewPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const images = useUpgradeImages();
  const firmwareId = Form.useWatch('firmwareId', form);
  const mode = (Form.useWatch('mode', form) as Mode | undefined) ?? 'devices';
  const stationId = Form.useWatch('stationId', form);
  const broadcast = (Form.useWatch('broadcast', form) as boolean | undefined) ?? false;
  const image: FirmwareView | undefined = images.data?.find((i) => i.id === firmwareId);
  const models = image === undefined ? [] : [image.model, ...image.compatibleModels];
  const stationDevices = useStationDevices(mode === 'devices' ? stationId : undefined, image?.deviceType);
  const deviceOptions = (stationDevices.data ?? [])
    .filter((d) => models.includes(d.model))
    .map((d) => ({ value: d.id, label: `${d.sn} · ${d.model}` }));

  const save = useMutation({
    mutationFn: (values: Values) => createUpgrade(upgradeBody(values, image?.deviceType === 'GATEWAY')),
    onSuccess: (task) => {
      showSuccessToast(t('OperationSuccess'));
      void navigate(`/operation/upgradeManage?task=${task.id}`);
    },
    onError: (error) => {
      // A logger image's chosen loggers are the form's device field.
      applyFieldErrors(form, error, FIELDS);
      applyFieldErrors(form, renamed(error, 'gatewayIds', 'deviceIds'), ['deviceIds']);
    },
  });

  return (
    <Card title={t(meta.title)} data-testid={UpgradeTestId.newPage}>
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{
          mode: 'devices',
          broadcast: false,
          canaryPercent: UpgradeLimits.canaryPercentDefault,
          waveSize: UpgradeLimits.waveSizeDefault,
          failureThresholdPercent: UpgradeLimits.failureThresholdPercentDefault,
          healthWatchMinutes: UpgradeLimits.healthWatchMinutesDefault,
          retries: UpgradeLimits.retriesDefault,
          rollback: false,
        }}
        onFinish={(values) => save.mutate(values)}
        data-testid={UpgradeTestId.newForm}
      >
        <Form.Item
          name="firmwareId"
          label={t('upgradeWeb.image')}
          rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={images.isFetching}
            data-testid={UpgradeTestId.image}
            onChange={() => form.setFieldsValue({ deviceIds: [] })}
            options={(images.data ?? []).map((i) => ({
              value: i.id,
              label: `${t(DEVICE_TYPE_LABEL[i.deviceType])} · ${i.model} ${i.version}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="mode" label={t('upgradeWeb.devices')}>
          <Radio.Group data-testid={UpgradeTestId.mode}>
            <Radio value="devices">{t('upgradeWeb.mode.devices')}</Radio>
            <Radio value="station">{t('upgradeWeb.mode.station')}</Radio>
            <Radio value="model">{t('upgradeWeb.mode.model')}</Radio>
          </Radio.Group>
        </Form.Item>
        {mode !== 'model' && (
          <Form.Item
            name="stationId"
            label={t('upgradeWeb.column.station')}
            rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
          >
            <StationSelect testId={UpgradeTestId.station} width="100%" />
          </Form.Item>
        )}
        {mode === 'devices' && (
          <Form.Item
            name="deviceIds"
            label={t('upgradeWeb.pickDevices')}
            extra={t('upgradeWeb.pickDevicesHint')}
            rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
          >
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              options={deviceOptions}
              loading={stationDevices.isFetching}
              disabled={stationId === undefined || image === undefined}
              data-testid={UpgradeTestId.deviceIds}
            />
          </Form.Item>
        )}
        <Form.Item
          name="scheduledAt"
          label={t('upgradeWeb.scheduledAt')}
          extra={t('upgradeWeb.scheduledAtHint')}
          rules={[
            {
              validator: (_: unknown, value: Dayjs | undefined) => {
                if (value === undefined || value === null) return Promise.resolve();
                const failure = validateAppointmentTime(value.valueOf(), Date.now());
                return failure === null ? Promise.resolve() : Promise.reject(new Error(t(failure)));
              },
            },
          ]}
        >
          <DatePicker showTime />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="broadcast" label={t('upgradeWeb.broadcast')} valuePropName="checked">
            <Switch data-testid={UpgradeTestId.broadcast} />
          </Form.Item>
          <Form.Item name="canaryPercent" label={t('upgradeWeb.canaryPercent')}>
            <InputNumber min={1} max={100} suffix="%" disabled={broadcast} />
          </Form.Item>
          <Form.Item name="waveSize" label={t('upgradeWeb.waveSize')}>
            <InputNumber min={1} max={UpgradeLimits.waveSizeMax} disabled={broadcast} />
          </Form.Item>
          <Form.Item name="failureThresholdPercent" label={t('upgradeWeb.failureThreshold')}>
            <InputNumber min={0} max={100} suffix="%" />
          </Form.Item>
          <Form.Item name="healthWatchMinutes" label={t('upgradeWeb.healthWatch')}>
            <InputNumber
              min={0}
              max={UpgradeLimits.healthWatchMinutesMax}
              suffix="min"
              data-testid={UpgradeTestId.healthWatch}
            />
          </Form.Item>
          <Form.Item name="retries" label={t('upgradeWeb.retries')}>
            <InputNumber min={0} max={UpgradeLimits.retriesMax} />
          </Form.Item>
        </Space>
        <Form.Item name="rollback" valuePropName="checked" extra={t('upgradeWeb.rollbackHint')}>
          <Checkbox>{t('upgradeWeb.rollback')}</Checkbox>
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('upgradeWeb.rulesHint')}</Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={UpgradeTestId.submit}>
          {t('upgradeWeb.create')}
        </Button>
      </Form>
    </Card>
  );
}
