import type { ReactElement } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import {
  Limits,
  validateNewPassword,
  validatePasswordConfirmation,
  validatePasswordDiffersFromOld,
  validateRequired,
} from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { fromRule } from '../../lib/formRules';
import { securityApi } from './api';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Change password (SPEC §2, §5): the current password, a new one of 6–18 characters with upper and lower
 * case letters, a digit and a special character, different from the current one, typed twice. The server
 * ends the user's other sessions; this one stays.
 */
export function UpdatePasswordPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const change = useMutation({
    mutationFn: (values: PasswordValues) => securityApi.changePassword(values),
    onSuccess: () => {
      showSuccessToast(t('security.passwordChanged'));
      form.resetFields();
    },
    onError: (error) => applyFieldErrors(form, error, ['oldPassword', 'newPassword', 'confirmPassword']),
  });
  const value = (name: keyof PasswordValues): string | undefined =>
    form.getFieldValue(name) as string | undefined;
  const revalidate = (names: (keyof PasswordValues)[]): void => {
    const touched = names.filter((name) => form.isFieldTouched(name));
    if (touched.length > 0) form.validateFields(touched).catch(() => undefined);
  };

  return (
    <Card className="page-card" data-testid={TestId.updatePassword}>
      <Typography.Title level={4} data-testid={TestId.pageTitle}>
        {t(meta.title)}
      </Typography.Title>
      <Alert type="info" showIcon title={t('security.passwordSessionsHint')} className="form-hint" />
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        className="narrow-form"
        onFinish={(values) => change.mutate(values)}
        data-testid={TestId.updatePasswordForm}
      >
        <Form.Item
          name="oldPassword"
          label={t('security.currentPassword')}
          rules={[fromRule(validateRequired, t)]}
          required
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            maxLength={Limits.loginFieldMax}
            onChange={() => revalidate(['newPassword'])}
            data-testid={TestId.oldPassword}
          />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('account.newPassword')}
          required
          extra={t('account.passwordHint', { min: Limits.passwordMin, max: Limits.passwordMax })}
          rules={[
            fromRule(validateNewPassword, t),
            fromRule((next) => validatePasswordDiffersFromOld(value('oldPassword'), next), t),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            maxLength={Limits.passwordMax}
            onChange={() => revalidate(['confirmPassword'])}
            data-testid={TestId.newPassword}
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.confirmPassword')}
          required
          rules={[
            fromRule((confirmation) => validatePasswordConfirmation(value('newPassword'), confirmation), t),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            maxLength={Limits.passwordMax}
            data-testid={TestId.confirmPassword}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={change.isPending}
          data-testid={TestId.updatePasswordSubmit}
        >
          {t('security.changePassword')}
        </Button>
      </Form>
    </Card>
  );
}
