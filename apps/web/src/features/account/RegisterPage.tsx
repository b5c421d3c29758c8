import type { ReactElement } from 'react';
import { Button, Checkbox, Form, Input, Radio, Tabs } from 'antd';
import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { Limits } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LegalLinks } from '../../components/LegalLinks';
import { TestId } from '../../testids';
import { AccountCard, AccountDone } from './AccountCard';
import { SignUpForm } from './SignUpForm';
import { registerAccount, type MerchantType } from './api';
import { DEFAULT_AREA_CODE } from '../../lib/areaCodes';
import { CodeField, ContactFields, PasswordFields, contactOf } from '../../components/accountFields';
import { Field, accountRules, usernameRule } from '../../lib/formRules';

interface RegisterValues {
  merchantType: MerchantType;
  companyName: string;
  username: string;
  email?: string;
  areaCode: string;
  mobile?: string;
  code: string;
  password: string;
  confirmPassword: string;
  agree: boolean;
}

/** Registration of an installer or distributor: its company and first (manager) account. */
function RegisterCompanyForm(): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const rules = accountRules(t, form);
  const register = useMutation({
    mutationFn: (values: RegisterValues) =>
      registerAccount({
        merchantType: values.merchantType,
        companyName: values.companyName.trim(),
        username: values.username.trim(),
        code: values.code,
        password: values.password,
        confirmPassword: values.confirmPassword,
        ...contactOf(form),
      }),
  });

  if (register.isSuccess) return <AccountDone title={t('register.done')} />;

  return (
    <Form<RegisterValues>
      form={form}
      layout="vertical"
      initialValues={{ merchantType: 'INSTALLER', areaCode: DEFAULT_AREA_CODE, agree: false }}
      onFinish={(values) => register.mutate(values)}
      data-testid={TestId.accountForm}
    >
      <Form.Item name="merchantType" label={t('register.accountType')} required>
        <Radio.Group optionType="button" buttonStyle="solid">
          <Radio value="INSTALLER">{t('register.installer')}</Radio>
          <Radio value="DISTRIBUTOR">{t('register.distributor')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="companyName" label={t('register.companyName')} rules={rules.required} required>
        <Input prefix={<BankOutlined />} autoComplete="organization" maxLength={Limits.loginFieldMax} />
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
      <CodeField rules={rules} form={form} scene="register" contactFields={[Field.email, Field.mobile]} />
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
        loading={register.isPending}
        data-testid={TestId.accountSubmit}
      >
        {t('register.submit')}
      </Button>
    </Form>
  );
}

type RegisterTab = 'company' | 'join';

/**
 * Account registration (SPEC §2, header title "Registered Account"): installers and distributors register
 * their company; site owners join the installer or distributor whose authorization code they were given.
 * `?tab=join` opens the second form directly (a link an installer can hand out).
 */
export function RegisterPage(): ReactElement {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: RegisterTab = params.get('tab') === 'join' ? 'join' : 'company';
  return (
    <AccountCard title={t('register.title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'join' ? { tab: 'join' } : {}, { replace: true })}
        data-testid={TestId.registerTabs}
        items={[
          { key: 'company', label: t('register.tabCompany'), children: <RegisterCompanyForm /> },
          { key: 'join', label: t('register.tabJoin'), children: <SignUpForm /> },
        ]}
      />
    </AccountCard>
  );
}
