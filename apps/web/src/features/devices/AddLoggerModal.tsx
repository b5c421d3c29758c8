import type { ReactElement } from 'react';
import { Form, Input } from 'antd';
import { GatewayLimits, validateLoggerSn } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { applyFieldErrors } from '../../lib/formErrors';
import { ApiError } from '../../lib/request';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { gatewayApi, invalidateDevices } from './api';
import { StationSelect } from './components/StationSelect';

interface BindValues {
  stationId: number;
  sn: string;
}

/**
 * "Add logger" (SPEC §5): binds a logger to a station by its SN. A malformed SN is refused here with
 * GatewaySNError; the server answers an unknown or already bound SN with "Logger does not exist or has
 * been bound to site" (toasted and shown under the field); success says "Binding succeeded".
 */
export function AddLoggerModal({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<BindValues>();
  const save = useMutation({
    mutationFn: (values: BindValues) => gatewayApi.bind(values.stationId, values.sn.trim()),
    onSuccess: async () => {
      showSuccessToast(t('BindingSucceeded'));
      await invalidateDevices();
      onClose();
    },
    onError: (error) => {
      if (applyFieldErrors(form, error, ['sn', 'stationId']) === 0) {
        // One answer for unknown and bound SNs: show it under the SN as well as in the toast.
        if (error instanceof ApiError && error.enMsg !== undefined)
          form.setFields([{ name: 'sn', errors: [t(error.enMsg)] }]);
      }
    },
  });
  return (
    <FormModal<BindValues>
      open={open}
      title={t('deviceWeb.addLogger')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.deviceBindForm}
    >
      <Form.Item
        name="stationId"
        label={t('deviceWeb.station')}
        rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
      >
        <StationSelect testId={TestId.deviceBindStation} allowClear={false} width="100%" />
      </Form.Item>
      <Form.Item
        name="sn"
        label={t('deviceWeb.loggerSn')}
        rules={[
          {
            validator: (_rule, value: unknown) => {
              const failure = validateLoggerSn(typeof value === 'string' ? value.trim() : undefined);
              return failure === null ? Promise.resolve() : Promise.reject(new Error(t(failure)));
            },
          },
        ]}
      >
        <Input maxLength={GatewayLimits.snInputMax} data-testid={TestId.deviceBindSn} />
      </Form.Item>
    </FormModal>
  );
}
