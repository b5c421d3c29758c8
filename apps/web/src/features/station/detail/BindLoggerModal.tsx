import type { ReactElement } from 'react';
import { Form, Input } from 'antd';
import { GatewayLimits, validateLoggerSn } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { applyFieldErrors } from '../../../lib/formErrors';
import { showSuccessToast } from '../../../lib/toast';
import { TestId } from '../../../testids';
import { fromRule } from '../../../lib/formRules';
import { invalidateStation, stationDetailApi } from '../detail-api';

interface BindValues {
  sn: string;
}

/**
 * "Add logger": binds a registered logger to this station by its SN (SPEC §5: the SN must exist and not
 * be bound yet). The server's answer (Wrong Logger SN, does not exist or already bound) is toasted.
 */
export function BindLoggerModal({
  stationId,
  open,
  onClose,
}: {
  stationId: number;
  open: boolean;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<BindValues>();
  const save = useMutation({
    mutationFn: (values: BindValues) => stationDetailApi.bindLogger(stationId, values.sn.trim()),
    onSuccess: async () => {
      showSuccessToast(t('BindingSucceeded'));
      form.resetFields();
      await invalidateStation(stationId);
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error, ['sn']),
  });
  return (
    <FormModal<BindValues>
      open={open}
      title={t('stationDetail.devices.addLogger')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.stationDetailAddLoggerForm}
    >
      <Form.Item
        name="sn"
        label={t('stationDetail.devices.loggerSn')}
        rules={[fromRule((v) => validateLoggerSn(v?.trim()), t)]}
      >
        <Input maxLength={GatewayLimits.snInputMax} autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
