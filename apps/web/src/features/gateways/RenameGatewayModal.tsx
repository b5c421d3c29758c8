import { useEffect, type ReactElement } from 'react';
import { Form, Input } from 'antd';
import { GatewayLimits } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { renameGateway, type GatewayPageItem } from './api';
import { GatewayTestId } from './testIds';

interface Values {
  name: string;
}

/** Rename a logger (1–64 characters; gateway:update), as its detail page does. */
export function RenameGatewayModal({
  gateway,
  onClose,
}: {
  gateway: GatewayPageItem | null;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (gateway !== null) form.setFieldsValue({ name: gateway.name ?? '' });
  }, [gateway, form]);
  const save = useMutation({
    mutationFn: (values: Values) => renameGateway(gateway?.id ?? 0, values.name.trim()),
    onSuccess: () => {
      showSuccessToast(t('RenameSucceeded'));
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error, ['name']),
  });
  return (
    <FormModal<Values>
      open={gateway !== null}
      title={t('loggers.rename', { sn: gateway?.sn ?? '' })}
      form={form}
      save={save}
      onClose={onClose}
      testId={GatewayTestId.renameForm}
    >
      <Form.Item
        name="name"
        label={t('loggers.name')}
        rules={[{ required: true, whitespace: true, message: t('rule.cannotBeBlank') }]}
      >
        <Input maxLength={GatewayLimits.nameMax} showCount />
      </Form.Item>
    </FormModal>
  );
}
