import type { ReactElement } from 'react';
import { Form, Input, Select } from 'antd';
import { GatewayLimits, MAC_PATTERN, validateLoggerSn } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { applyFieldErrors } from '../../lib/formErrors';
import { registerGateway, useLoggerModels, type GatewayCredentials } from './api';
import { GatewayTestId } from './testIds';

interface Values {
  sn: string;
  model: string;
  mac?: string;
}

const MAC_RE = new RegExp(MAC_PATTERN);

/**
 * Register one logger (factory): SN (the SPEC's logger SN rule), a GATEWAY model of the catalogue and an
 * optional MAC. Success hands the new credentials to `onRegistered` (shown once by the page).
 */
export function RegisterGatewayModal({
  open,
  onClose,
  onRegistered,
}: {
  open: boolean;
  onClose: () => void;
  onRegistered: (credentials: GatewayCredentials) => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const models = useLoggerModels(open);
  const save = useMutation({
    mutationFn: (values: Values) =>
      registerGateway({
        sn: values.sn.trim(),
        model: values.model,
        ...(values.mac?.trim() ? { mac: values.mac.trim() } : {}),
      }),
    onSuccess: (credentials) => {
      onClose();
      onRegistered(credentials);
    },
    onError: (error) => applyFieldErrors(form, error, ['sn', 'model', 'mac']),
  });
  return (
    <FormModal<Values>
      open={open}
      title={t('loggers.register')}
      form={form}
      save={save}
      onClose={onClose}
      testId={GatewayTestId.registerForm}
      intro={<p>{t('loggers.registerIntro')}</p>}
    >
      <Form.Item
        name="sn"
        label={t('loggers.column.sn')}
        rules={[
          {
            validator: (_rule, value: unknown) => {
              const failure = validateLoggerSn(typeof value === 'string' ? value.trim() : undefined);
              return failure === null ? Promise.resolve() : Promise.reject(new Error(t(failure)));
            },
          },
        ]}
      >
        <Input maxLength={GatewayLimits.snInputMax} data-testid={GatewayTestId.registerSn} />
      </Form.Item>
      <Form.Item
        name="model"
        label={t('loggers.column.model')}
        rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
      >
        <Select
          showSearch
          loading={models.isFetching}
          options={(models.data ?? []).map((m) => ({ value: m, label: m }))}
          data-testid={GatewayTestId.registerModel}
        />
      </Form.Item>
      <Form.Item
        name="mac"
        label={t('loggers.mac')}
        rules={[
          {
            validator: (_rule, value: unknown) =>
              typeof value !== 'string' || value.trim() === '' || MAC_RE.test(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('gateway.macInvalid'))),
          },
        ]}
      >
        <Input
          maxLength={GatewayLimits.macInputMax}
          placeholder="00:1A:2B:3C:4D:5E"
          data-testid={GatewayTestId.registerMac}
        />
      </Form.Item>
    </FormModal>
  );
}
