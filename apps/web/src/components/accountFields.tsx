import { useEffect, useState, type ReactElement } from 'react';
import { Button, Form, Input, Select, Space, type FormInstance } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { CodePolicy, EMAIL_MAX_LENGTH, Limits, validateUserDescription } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../lib/toast';
import { TestId } from '../testids';
import { api, type ApiBody } from '../lib/request';
import { AREA_CODES } from '../lib/areaCodes';
import { Field, fromRule, type AccountRules } from '../lib/formRules';

type SendCodeBody = ApiBody<'post', '/api/find/code'>;
export type CodeScene = SendCodeBody['scene'];
/** Where a code goes: an email address, or an area code plus mobile number. */
export type ContactInput = Omit<SendCodeBody, 'scene'>;

/** POST /api/find/code: the same answer whether or not an account uses the address. */
function sendCode(scene: CodeScene, contact: ContactInput): Promise<unknown> {
  return api.POST('/api/find/code', { body: { scene, ...contact } });
}

const RESEND_SECONDS = CodePolicy.resendSeconds;
const AREA_CODE_WIDTH = 104;
const MOBILE_MAX = 11;

/** Email and mobile (area code + number); at least one of them is needed (SPEC §5). */
export function ContactFields({ rules, form }: { rules: AccountRules; form: FormInstance }): ReactElement {
  const { t } = useTranslation();
  const revalidateOther = (other: string, always = false): void => {
    if (always || form.isFieldTouched(other)) form.validateFields([other]).catch(() => undefined);
  };
  return (
    <>
      <Form.Item name={Field.email} label={t('account.email')} rules={rules.optionalEmail}>
        <Input
          prefix={<MailOutlined />}
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          onChange={() => revalidateOther(Field.mobile)}
        />
      </Form.Item>
      <Form.Item label={t('account.mobile')} required={false}>
        <Space.Compact block>
          <Form.Item name={Field.areaCode} noStyle>
            <Select
              className="area-code"
              style={{ width: AREA_CODE_WIDTH }}
              showSearch
              options={AREA_CODES.map((code) => ({ value: code, label: code }))}
              aria-label={t('account.areaCode')}
              onChange={() => revalidateOther(Field.mobile)}
            />
          </Form.Item>
          <Form.Item name={Field.mobile} noStyle rules={rules.optionalMobile}>
            <Input
              style={{ flex: 1 }}
              prefix={<MobileOutlined />}
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={MOBILE_MAX}
              onChange={() => revalidateOther(Field.email, true)}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    </>
  );
}

/** The dialling-code picker in front of a mobile number (fixed width; any listed code can be searched). */
export function AreaCodeSelect({
  value,
  onChange,
}: {
  value?: string;
  onChange?: (value: string) => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Select
      className="area-code"
      style={{ width: AREA_CODE_WIDTH }}
      value={value}
      onChange={onChange}
      showSearch
      options={AREA_CODES.map((code) => ({ value: code, label: code }))}
      aria-label={t('account.areaCode')}
    />
  );
}

/** The contact a code goes to: the email when given, otherwise the mobile number. */
export function contactOf(form: FormInstance): ContactInput {
  const email = (form.getFieldValue(Field.email) as string | undefined)?.trim();
  if (email !== undefined && email !== '') return { email };
  return {
    areaCode: form.getFieldValue(Field.areaCode) as string | undefined,
    mobile: (form.getFieldValue(Field.mobile) as string | undefined)?.trim(),
  };
}

/** 6-digit verification code with a send button that waits 60 s before it can resend. */
export function CodeField({
  rules,
  form,
  scene,
  contactFields,
}: {
  rules: AccountRules;
  form: FormInstance;
  scene: CodeScene;
  /** Fields that must be valid before a code can be sent. */
  contactFields: string[];
}): ReactElement {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = useMutation({
    mutationFn: () => sendCode(scene, contactOf(form)),
    onSuccess: () => {
      setSecondsLeft(RESEND_SECONDS);
      showSuccessToast(t('account.codeSent'));
    },
  });
  const onSend = (): void => {
    form.validateFields(contactFields).then(
      () => send.mutate(),
      () => undefined,
    );
  };

  return (
    <Form.Item label={t('account.code')} required>
      <Space.Compact block>
        <Form.Item name={Field.code} noStyle rules={rules.code}>
          <Input
            prefix={<SafetyOutlined />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={Limits.verificationCodeLength}
          />
        </Form.Item>
        <Button
          onClick={onSend}
          loading={send.isPending}
          disabled={secondsLeft > 0}
          data-testid={TestId.sendCodeButton}
        >
          {secondsLeft > 0 ? t('account.resendIn', { seconds: secondsLeft }) : t('account.sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** New password and its confirmation (SPEC §5). */
export function PasswordFields({ rules, form }: { rules: AccountRules; form: FormInstance }): ReactElement {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={Field.password}
        label={t('account.newPassword')}
        rules={rules.newPassword}
        extra={t('account.passwordHint', { min: Limits.passwordMin, max: Limits.passwordMax })}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          maxLength={Limits.passwordMax}
          onChange={() => {
            if (form.isFieldTouched(Field.confirmPassword)) {
              form.validateFields([Field.confirmPassword]).catch(() => undefined);
            }
          }}
        />
      </Form.Item>
      <Form.Item
        name={Field.confirmPassword}
        label={t('account.confirmPassword')}
        rules={rules.confirmPassword}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          maxLength={Limits.passwordMax}
        />
      </Form.Item>
    </>
  );
}

/** An account's free-text description (the account form of organisation and the user's own profile). */
export function UserDescriptionField(): ReactElement {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="description"
      label={t('org.user.description')}
      rules={[fromRule(validateUserDescription, t)]}
    >
      <Input.TextArea maxLength={Limits.userDescriptionMax} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
    </Form.Item>
  );
}
