import type { ReactElement } from 'react';
import { LegalDocument } from './LegalDocument';

export const TERMS_SECTIONS = [
  'service',
  'accounts',
  'use',
  'control',
  'data',
  'guest',
  'software',
  'liability',
  'end',
] as const;

/** Terms of use (SPEC §2, /proUse/Secrecy). */
export function TermsPage(): ReactElement {
  return <LegalDocument doc="terms" sections={TERMS_SECTIONS} />;
}
