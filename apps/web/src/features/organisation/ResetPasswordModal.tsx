import { useEffect, type ReactElement } from 'react';
import { Form, Input, Typography } from 'antd';
import { Limits, validateNewPassword, validatePasswordConfirmation } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { fromRule } from '../../lib/formRules';
import { userApi, type User } from './api';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

/** Sets a new password for another account; the server ends that user's sessions at once. */
export function ResetPasswordModal({
  user,
  onClose,
}: {
  user: User | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetValues>();
  const open = user !== undefined;
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const reset = useMutation({
    mutationFn: (values: ResetValues) => userApi.resetPassword(user?.id ?? 0, values.password),
    onSuccess: () => {
      showSuccessToast(t('OperationSuccess'));
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error, ['password']),
  });

  return (
    <FormModal<ResetValues>
      open={open}
      title={t('org.user.resetPassword')}
      form={form}
      save={reset}
      onClose={onClose}
      testId={TestId.resetPasswordForm}
      intro={
        <Typography.Paragraph>
          {t('org.user.resetPasswordIntro', { username: user?.username ?? '' })}
        </Typography.Paragraph>
      }
    >
      <Form.Item
        name="password"
        label={t('account.newPassword')}
        rules={[fromRule(validateNewPassword, t)]}
        extra={t('account.passwordHint', { min: Limits.passwordMin, max: Limits.passwordMax })}
        required
      >
        <Input.Password autoComplete="new-password" maxLength={Limits.passwordMax} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('account.confirmPassword')}
        dependencies={['password']}
        rules={[
          fromRule(
            (value) =>
              validatePasswordConfirmation(form.getFieldValue('password') as string | undefined, value),
            t,
          ),
        ]}
        required
      >
        <Input.Password autoComplete="new-password" maxLength={Limits.passwordMax} />
      </Form.Item>
    </FormModal>
  );
}
