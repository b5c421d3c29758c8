import type { ReactElement } from 'react';
import { Checkbox, DatePicker, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  API_KEY_SCOPE_PERMS,
  API_KEY_SCOPES,
  ApiKeyLimits,
  type ApiKeyCreated,
  type ApiKeyScope,
} from '@sunfleet/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CompanyTreeSelect } from '../../components/CompanyTreeSelect';
import { FormModal } from '../../components/FormModal';
import { usePermissionCheck } from '../../components/Permitted';
import { applyFieldErrors } from '../../lib/formErrors';
import { useInfo } from '../../lib/sessionData';
import { createApiKey } from './api';
import { ApiKeyTestId } from './testIds';

interface Values {
  name: string;
  companyId: number;
  scopes: ApiKeyScope[];
  expiresAt?: Dayjs | null;
  rateLimitPerMinute: number;
}

const FIELDS = ['name', 'companyId', 'scopes', 'expiresAt', 'rateLimitPerMinute'];

/**
 * Creates an API key: its name, the company it acts for (within the caller's reach), its scopes (only the
 * ones the caller holds; commands must be ticked on purpose), an expiry (empty = never) and its rate per
 * minute. The created key goes to `onCreated`, which shows it once.
 */
export function CreateApiKeyModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: ApiKeyCreated) => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const info = useInfo(false).data;
  const permitted = usePermissionCheck();
  const grantable = (scope: ApiKeyScope): boolean => API_KEY_SCOPE_PERMS[scope].every((p) => permitted([p]));
  const save = useMutation({
    mutationFn: (values: Values) =>
      createApiKey({
        name: values.name.trim(),
        companyId: values.companyId,
        scopes: values.scopes,
        expiresAt: values.expiresAt ? values.expiresAt.toISOString() : null,
        rateLimitPerMinute: values.rateLimitPerMinute,
      }),
    onSuccess: (created) => {
      form.resetFields();
      onCreated(created);
    },
    onError: (error) => applyFieldErrors(form, error, FIELDS),
  });

  return (
    <FormModal<Values>
      open={open}
      title={t('apiKey.create')}
      form={form}
      save={save}
      onClose={onClose}
      testId={ApiKeyTestId.form}
      width={600}
      initialValues={{
        companyId: info?.companyId,
        scopes: ['stations'],
        expiresAt: dayjs().add(1, 'year'),
        rateLimitPerMinute: ApiKeyLimits.ratePerMinuteDefault,
      }}
    >
      <Form.Item
        name="name"
        label={t('apiKey.field.name')}
        rules={[{ required: true, whitespace: true, message: t('rule.cannotBeBlank') }]}
      >
        <Input maxLength={ApiKeyLimits.nameMax} data-testid={ApiKeyTestId.name} />
      </Form.Item>
      <Form.Item
        name="companyId"
        label={t('apiKey.field.company')}
        extra={t('apiKey.field.companyHint')}
        rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
      >
        <CompanyTreeSelect testId={ApiKeyTestId.company} />
      </Form.Item>
      <Form.Item
        name="scopes"
        label={t('apiKey.field.scopes')}
        rules={[{ required: true, type: 'array', min: 1, message: t('apiKey.scopeRequired') }]}
      >
        <Checkbox.Group data-testid={ApiKeyTestId.scopes}>
          <Space orientation="vertical" size={4}>
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} disabled={!grantable(scope)} data-scope={scope}>
                {t(`apiKey.scope.${scope}`)}{' '}
                <Typography.Text type="secondary">{t(`apiKey.scopeHint.${scope}`)}</Typography.Text>
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      </Form.Item>
      <Form.Item name="expiresAt" label={t('apiKey.field.expiresAt')} extra={t('apiKey.field.expiresAtHint')}>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          style={{ width: '100%' }}
          data-testid={ApiKeyTestId.expiresAt}
        />
      </Form.Item>
      <Form.Item
        name="rateLimitPerMinute"
        label={t('apiKey.field.rateLimit')}
        rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
      >
        <InputNumber
          min={ApiKeyLimits.ratePerMinuteMin}
          max={ApiKeyLimits.ratePerMinuteMax}
          precision={0}
          style={{ width: 200 }}
          data-testid={ApiKeyTestId.rateLimit}
        />
      </Form.Item>
    </FormModal>
  );
}
