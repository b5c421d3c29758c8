import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Paths } from '../../lib/paths';
import { LanguageSelect } from '../LanguageSelect';
import { Logo } from '../Logo';
import { TestId } from '../../testids';
import { useConfig } from '../../lib/sessionData';
import { AppDownload } from './AppDownload';
import { ServerSelect } from './ServerSelect';

/**
 * Frame of the login, register and retrieval screens: the header of SPEC §2 (server, language, app
 * download), the page, and the legal links.
 */
export function AuthLayout({ title, children }: { title?: string; children: ReactNode }): ReactElement {
  const { t } = useTranslation();
  const config = useConfig().data;
  return (
    <div className="auth-page">
      <header className="auth-header" data-testid={TestId.authHeader}>
        <Link to={Paths.loginIndex} className="auth-header-logo">
          <Logo />
        </Link>
        {title !== undefined && <h1 className="auth-header-title">{title}</h1>}
        <div className="auth-header-actions">
          {config !== undefined && <ServerSelect servers={config.servers} />}
          <LanguageSelect />
          {config !== undefined && <AppDownload download={config.appDownload} />}
        </div>
      </header>
      <main className="auth-main">{children}</main>
      <footer className="auth-footer">
        <Link to={Paths.privacy} data-testid={TestId.privacyLink}>
          {t('legal.privacyTitle')}
        </Link>
        <span aria-hidden="true">·</span>
        <Link to={Paths.terms} data-testid={TestId.termsLink}>
          {t('legal.termsTitle')}
        </Link>
      </footer>
    </div>
  );
}
