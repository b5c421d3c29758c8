import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { logoFor } from '../../components/Logo';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { TestId } from '../../testids';
import { useConfig } from '../../lib/sessionData';
import { AuthLayout } from '../../components/auth-layout/AuthLayout';
import { LoginForm } from './LoginForm';

/** The login screen: the banner (Chinese logo for ZH, otherwise English, SPEC §9) and the form. */
export function LoginPage(): ReactElement {
  const { t, i18n } = useTranslation();
  const config = useConfig().data;
  useDocumentTitle(t('login.title'));
  return (
    <AuthLayout>
      <div className="login-layout">
        <section className="login-banner" data-testid={TestId.loginBanner} data-logo={logoFor(i18n.language)}>
          <img src={logoFor(i18n.language)} alt="" className="login-banner-logo" />
          <h2>{t('login.bannerTitle')}</h2>
          <p>{t('login.bannerText')}</p>
        </section>
        <section className="auth-card login-card" aria-labelledby="login-title">
          <h1 id="login-title" className="auth-card-title">
            {t('login.title')}
          </h1>
          <LoginForm guestLogin={config?.guestLogin ?? false} />
        </section>
      </div>
    </AuthLayout>
  );
}
