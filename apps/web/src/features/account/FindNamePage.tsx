import type { ReactElement } from 'react';
import { Button, Form } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';
import { AccountCard, AccountDone } from './AccountCard';
import { findName } from './api';
import { DEFAULT_AREA_CODE } from '../../lib/areaCodes';
import { CodeField, ContactFields, contactOf } from '../../components/accountFields';
import { Field, accountRules } from '../../lib/formRules';

interface FindNameValues {
  email?: string;
  areaCode: string;
  mobile?: string;
  code: string;
}

/** Retrieve the account name (SPEC §2): with a code, the name is sent to the account's email or mobile. */
export function FindNamePage(): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<FindNameValues>();
  const rules = accountRules(t, form);
  const lookup = useMutation({
    mutationFn: (values: FindNameValues) => findName({ code: values.code, ...contactOf(form) }),
  });

  // The name is sent to the address, never shown: the page cannot tell whether an account exists either.
  if (lookup.isSuccess) {
    return (
      <AccountCard title={t('findName.title')}>
        <AccountDone title={t('findName.sent')} />
      </AccountCard>
    );
  }

  return (
    <AccountCard title={t('findName.title')}>
      <Form<FindNameValues>
        form={form}
        layout="vertical"
        initialValues={{ areaCode: DEFAULT_AREA_CODE }}
        onFinish={(values) => lookup.mutate(values)}
        data-testid={TestId.accountForm}
      >
        <p className="account-intro">{t('findName.intro')}</p>
        <ContactFields rules={rules} form={form} />
        <CodeField rules={rules} form={form} scene="findName" contactFields={[Field.email, Field.mobile]} />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={lookup.isPending}
          data-testid={TestId.accountSubmit}
        >
          {t('findName.submit')}
        </Button>
      </Form>
    </AccountCard>
  );
}
