import type { ReactElement } from 'react';
import { Button, Form } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';
import { AccountCard, AccountDone } from './AccountCard';
import { findPassword } from './api';
import { DEFAULT_AREA_CODE } from '../../lib/areaCodes';
import { CodeField, ContactFields, PasswordFields, contactOf } from '../../components/accountFields';
import { Field, accountRules } from '../../lib/formRules';

interface FindPasswordValues {
  email?: string;
  areaCode: string;
  mobile?: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Password retrieval (SPEC §2): a code to the account's email or mobile, then a new password. */
export function FindPasswordPage(): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<FindPasswordValues>();
  const rules = accountRules(t, form);
  const reset = useMutation({
    mutationFn: (values: FindPasswordValues) =>
      findPassword({
        code: values.code,
        password: values.password,
        confirmPassword: values.confirmPassword,
        ...contactOf(form),
      }),
  });

  return (
    <AccountCard title={t('findPassword.title')}>
      {reset.isSuccess ? (
        <AccountDone title={t('findPassword.done')} />
      ) : (
        <Form<FindPasswordValues>
          form={form}
          layout="vertical"
          initialValues={{ areaCode: DEFAULT_AREA_CODE }}
          onFinish={(values) => reset.mutate(values)}
          data-testid={TestId.accountForm}
        >
          <p className="account-intro">{t('findPassword.intro')}</p>
          <ContactFields rules={rules} form={form} />
          <CodeField
            rules={rules}
            form={form}
            scene="findPassword"
            contactFields={[Field.email, Field.mobile]}
          />
          <PasswordFields rules={rules} form={form} />
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={reset.isPending}
            data-testid={TestId.accountSubmit}
          >
            {t('findPassword.submit')}
          </Button>
        </Form>
      )}
    </AccountCard>
  );
}
