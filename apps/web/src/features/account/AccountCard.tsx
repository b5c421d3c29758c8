import type { ReactElement, ReactNode } from 'react';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Paths } from '../../lib/paths';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AuthLayout } from '../../components/auth-layout/AuthLayout';

/** Frame of the register and retrieval forms: header title, card, and the way back to login. */
export function AccountCard({ title, children }: { title: string; children: ReactNode }): ReactElement {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <AuthLayout title={title}>
      <Card
        className="auth-card account-card"
        title={title}
        extra={<Link to={Paths.loginIndex}>{t('account.backToLogin')}</Link>}
      >
        {children}
      </Card>
    </AuthLayout>
  );
}

/** The success state of an account form: what happened, and the way back to login. */
export function AccountDone({ title, subTitle }: { title: string; subTitle?: ReactNode }): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={title}
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={() => void navigate(Paths.loginIndex)}>
          {t('account.backToLogin')}
        </Button>
      }
    />
  );
}
