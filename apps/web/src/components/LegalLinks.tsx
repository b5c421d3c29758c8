import type { ReactElement } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { Paths } from '../lib/paths';

/**
 * A sentence with links to the privacy policy and the terms, written per language as one translation with
 * `<privacy>` and `<terms>` tags so word order and articles stay right in every language. Trans builds
 * React elements from the tags; nothing is inserted as HTML.
 */
export function LegalLinks({ i18nKey }: { i18nKey: 'login.agreement' | 'register.agree' }): ReactElement {
  return (
    <Trans
      i18nKey={i18nKey}
      components={{ privacy: <Link to={Paths.privacy} />, terms: <Link to={Paths.terms} /> }}
    />
  );
}
