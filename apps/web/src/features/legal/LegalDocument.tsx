import type { ReactElement } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Paths } from '../../lib/paths';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { TestId } from '../../testids';
import { AuthLayout } from '../../components/auth-layout/AuthLayout';

/**
 * A legal text whose sections are translation keys `legal.<doc>.<section>.title` / `.body`. Bodies are
 * plain text with paragraphs separated by blank lines; nothing is rendered as HTML.
 */
export function LegalDocument({
  doc,
  sections,
}: {
  doc: 'privacy' | 'terms';
  sections: readonly string[];
}): ReactElement {
  const { t } = useTranslation();
  const title = t(doc === 'privacy' ? 'legal.privacyTitle' : 'legal.termsTitle');
  useDocumentTitle(title);
  return (
    <AuthLayout>
      <Card className="legal-card" data-testid={TestId.legalDocument} data-doc={doc}>
        <Typography>
          <Typography.Title level={2}>{title}</Typography.Title>
          <Typography.Paragraph type="secondary">{t(`legal.${doc}.intro`)}</Typography.Paragraph>
          {sections.map((section, index) => (
            <section key={section}>
              <Typography.Title level={4}>
                {index + 1}. {t(`legal.${doc}.${section}.title`)}
              </Typography.Title>
              {t(`legal.${doc}.${section}.body`)
                .split(/\n\s*\n/)
                .map((paragraph, i) => (
                  <Typography.Paragraph key={i}>{paragraph}</Typography.Paragraph>
                ))}
            </section>
          ))}
          <Typography.Paragraph>
            <Link to={Paths.loginIndex}>{t('account.backToLogin')}</Link>
          </Typography.Paragraph>
        </Typography>
      </Card>
    </AuthLayout>
  );
}
