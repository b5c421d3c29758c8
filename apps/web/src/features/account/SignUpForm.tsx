import type { ReactElement } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { KeyOutlined, UserOutlined } from '@ant-design/icons';
import { Limits } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LegalLinks } from '../../components/LegalLinks';
import { TestId } from '../../testids';
import { AccountDone } from './AccountCard';
import { signUp } from './api';
import { DEFAULT_AREA_CODE } from '../../lib/areaCodes';
import { CodeField, ContactFields, PasswordFields, contactOf } from '../../components/accountFields';
import { Field, accountRules, usernameRule } from '../../lib/formRules';

interface SignUpValues {
  authorizationCode: string;
  username: string;
  email?: string;
  areaCode: string;
  mobile?: string;
  code: string;
  password: string;
  confirmPassword: string;
  agree: boolean;
}

const AUTHORIZATION_CODE_MAX = 64;

/**
 * A site owner joins the installer or distributor that gave them an authorization code (POST
 * /api/find/signUp); the account gets the Owner role in that company.
 */
export function SignUpForm(): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignUpValues>();
  const rules = accountRules(t, form);
  const join = useMutation({
    mutationFn: (values: SignUpValues) =>
      signUp({
        authorizationCode: values.authorizationCode.trim(),
        username: values.username.trim(),
        code: values.code,
        password: values.password,
        confirmPassword: values.confirmPassword,
        ...contactOf(form),
      }),
  });

  if (join.isSuccess) return <AccountDone title={t('register.joinDone')} />;

  return (
    <Form<SignUpValues>
      form={form}
      layout="vertical"
      initialValues={{ areaCode: DEFAULT_AREA_CODE, agree: false }}
      onFinish={(values) => join.mutate(values)}
      data-testid={TestId.signUpForm}
    >
      <p className="account-intro">{t('register.joinIntro')}</p>
      <Form.Item
        name="authorizationCode"
        label={t('register.authorizationCode')}
        rules={rules.required}
        required
      >
        <Input prefix={<KeyOutlined />} autoComplete="off" maxLength={AUTHORIZATION_CODE_MAX} />
      </Form.Item>
      <Form.Item
        name="username"
        label={t('register.username')}
        rules={[usernameRule(t, 'security.usernameInvalid')]}
        required
      >
        <Input prefix={<UserOutlined />} autoComplete="username" maxLength={Limits.usernameMax} />
      </Form.Item>
      <ContactFields rules={rules} form={form} />
      <CodeField rules={rules} form={form} scene="signUp" contactFields={[Field.email, Field.mobile]} />
      <PasswordFields rules={rules} form={form} />
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: (_rule, value: unknown) =>
              value === true ? Promise.resolve() : Promise.reject(new Error(t('register.mustAgree'))),
          },
        ]}
      >
        <Checkbox>
          <LegalLinks i18nKey="register.agree" />
        </Checkbox>
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={join.isPending}
        data-testid={TestId.accountSubmit}
      >
        {t('register.joinSubmit')}
      </Button>
    </Form>
  );
}
