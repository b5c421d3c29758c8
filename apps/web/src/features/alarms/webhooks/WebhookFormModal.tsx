import { useCallback, useState, type ReactElement } from 'react';
import { Alert, Button, Checkbox, Form, Input, Space, Switch, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { WebhookLimits, type Webhook } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useFormFill, useFormSave } from '../../../components/useFormModal';
import { TestId } from '../../../testids';
import { webhookApi } from './api';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_URL_PATTERN,
  generateSecret,
  newWebhookValues,
  secretProblem,
  toCreateBody,
  toUpdateBody,
  webhookValues,
  type WebhookValues,
} from './webhookForm';

const FIELDS = ['name', 'url', 'secret', 'enabled', 'events'] as const;

/**
 * Create or edit a webhook: name, address, secret, on/off and the alarm transitions it receives. A new
 * webhook gets a random secret, shown here once to be copied to the receiver; editing shows no secret
 * (the server never answers it) and keeps it unless a new one is typed or generated.
 */
export function WebhookFormModal({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: Webhook | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<WebhookValues>();
  const creating = record === undefined;
  const [shownSecret, setShownSecret] = useState(creating);
  const fill = useCallback((r: Webhook) => webhookValues(r), []);
  useFormFill(form, open, record, fill);
  const save = useFormSave({
    form,
    fields: FIELDS,
    mutationFn: (values: WebhookValues) =>
      record === undefined
        ? webhookApi.create(toCreateBody(values))
        : webhookApi.update(record.id, toUpdateBody(values)),
    invalidate: webhookApi.invalidate,
    onClose: () => {
      setShownSecret(false);
      onClose();
    },
  });
  const renew = (): void => {
    form.setFieldValue('secret', generateSecret());
    setShownSecret(true);
  };

  return (
    <FormModal<WebhookValues>
      open={open}
      title={t(creating ? 'webhooks.create' : 'webhooks.edit')}
      form={form}
      save={save}
      onClose={() => {
        setShownSecret(false);
        onClose();
      }}
      testId={TestId.webhookForm}
      initialValues={newWebhookValues(open && creating ? generateSecret() : '')}
      width={560}
    >
      <Form.Item
        name="name"
        label={t('webhooks.name')}
        rules={[{ required: true, whitespace: true, message: t('webhooks.nameRequired') }]}
      >
        <Input maxLength={WebhookLimits.nameMax} showCount />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('webhooks.url')}
        extra={t('webhooks.urlHint')}
        rules={[
          { required: true, whitespace: true, message: t('webhooks.urlRequired') },
          { pattern: WEBHOOK_URL_PATTERN, message: t('notifications.urlInvalid') },
        ]}
      >
        <Input maxLength={WebhookLimits.urlMax} placeholder="https://" inputMode="url" />
      </Form.Item>
      <Form.Item label={t('webhooks.secret')} required={creating}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="secret"
            noStyle
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const problem = secretProblem(value ?? '', creating);
                  return problem === null
                    ? Promise.resolve()
                    : Promise.reject(new Error(t(`webhooks.secretProblem.${problem}`)));
                },
              },
            ]}
          >
            {shownSecret || creating ? (
              <Input maxLength={WebhookLimits.secretMax} data-testid={TestId.webhookSecret} />
            ) : (
              <Input.Password
                maxLength={WebhookLimits.secretMax}
                placeholder={t('webhooks.secretKept')}
                autoComplete="new-password"
                data-testid={TestId.webhookSecret}
              />
            )}
          </Form.Item>
          <Button icon={<ReloadOutlined />} onClick={renew} data-testid={TestId.webhookSecretNew}>
            {t('webhooks.secretNew')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {(shownSecret || creating) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('webhooks.secretOnce')}
          description={<Typography.Text type="secondary">{t('webhooks.signatureHint')}</Typography.Text>}
        />
      )}
      <Form.Item
        name="events"
        label={t('webhooks.events')}
        rules={[{ required: true, type: 'array', min: 1, message: t('notifications.eventsInvalid') }]}
      >
        <Checkbox.Group options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(`alarms.event.${e}`) }))} />
      </Form.Item>
      <Form.Item name="enabled" label={t('webhooks.enabled')} valuePropName="checked">
        <Switch data-testid={TestId.webhookEnabled} />
      </Form.Item>
    </FormModal>
  );
}
