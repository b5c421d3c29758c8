import { useEffect, type ReactElement } from 'react';
import { Form, Input, Space } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined } from '@ant-design/icons';
import { EMAIL_MAX_LENGTH, Limits } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { DEFAULT_AREA_CODE } from '../../lib/areaCodes';
import { AreaCodeSelect, CodeField } from '../../components/accountFields';
import { Field, accountRules } from '../../lib/formRules';
import { securityApi } from './api';

export type ContactKind = 'email' | 'mobile';

interface ContactValues {
  currentPassword: string;
  email?: string;
  areaCode: string;
  mobile?: string;
  code: string;
}

const MOBILE_MAX = 11;

/**
 * Change email or mobile (SPEC §2 account security): the current password proves it is the user, and a
 * 6-digit code sent to the NEW address proves they own it. Nothing changes until both check out.
 */
export function ChangeContactModal({
  kind,
  onClose,
}: {
  kind: ContactKind | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactValues>();
  const rules = accountRules(t, form);
  const open = kind !== undefined;
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const save = useMutation({
    mutationFn: (values: ContactValues) =>
      kind === 'email'
        ? securityApi.changeEmail({
            password: values.currentPassword,
            email: (values.email ?? '').trim(),
            code: values.code,
          })
        : securityApi.changeMobile({
            password: values.currentPassword,
            areaCode: values.areaCode,
            mobile: (values.mobile ?? '').trim(),
            code: values.code,
          }),
    onSuccess: () => {
      showSuccessToast(t('OperationSuccess'));
      onClose();
    },
    onError: (error) =>
      applyFieldErrors(form, error, kind === 'email' ? ['email', 'code'] : ['areaCode', 'mobile', 'code']),
  });

  return (
    <FormModal<ContactValues>
      open={open}
      title={kind === 'email' ? t('security.changeEmail') : t('security.changeMobile')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.changeContactForm}
      initialValues={{ areaCode: DEFAULT_AREA_CODE }}
    >
      <Form.Item name="currentPassword" label={t('security.currentPassword')} rules={rules.required} required>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          maxLength={Limits.loginFieldMax}
        />
      </Form.Item>
      {kind === 'email' ? (
        <Form.Item name={Field.email} label={t('security.newEmail')} rules={rules.email} required>
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} />
        </Form.Item>
      ) : (
        <Form.Item label={t('security.newMobile')} required>
          <Space.Compact block>
            <Form.Item name={Field.areaCode} noStyle>
              <AreaCodeSelect />
            </Form.Item>
            <Form.Item name={Field.mobile} noStyle rules={rules.mobile} dependencies={[Field.areaCode]}>
              <Input
                style={{ flex: 1 }}
                prefix={<MobileOutlined />}
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={MOBILE_MAX}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      )}
      <CodeField
        rules={rules}
        form={form}
        scene={kind === 'email' ? 'changeEmail' : 'changeMobile'}
        contactFields={kind === 'email' ? [Field.email] : [Field.mobile]}
      />
    </FormModal>
  );
}
