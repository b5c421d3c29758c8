import type { ReactElement } from 'react';
import { Button, Checkbox, Form, Input, Radio } from 'antd';
import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { Limits } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LegalLinks } from '../legal/LegalLinks';
import { TestId } from '../../testids';
import { AccountCard, AccountDone } from './AccountCard';
import { registerAccount, type MerchantType } from './api';
import { DEFAULT_AREA_CODE } from './areaCodes';
import { CodeField, ContactFields, PasswordFields, contactOf } from './fields';
import { Field, accountRules } from './formRules';

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

/** Account registration for installers and distributors (SPEC §2, header title "Registered Account"). */
export function RegisterPage(): ReactElement {
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
        ...contactOf(form),
      }),
  });

  if (register.isSuccess) {
    return (
      <AccountCard title={t('register.title')}>
        <AccountDone title={t('register.done')} />
      </AccountCard>
    );
  }

  return (
    <AccountCard title={t('register.title')}>
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
        <Form.Item name="username" label={t('register.username')} rules={rules.required} required>
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
    </AccountCard>
  );
}
