import type { ReactElement } from 'react';
import { LegalDocument } from './LegalDocument';

export const PRIVACY_SECTIONS = [
  'controller',
  'data',
  'purposes',
  'storage',
  'sharing',
  'security',
  'retention',
  'rights',
  'changes',
] as const;

/** Privacy policy (SPEC §2, /proUse/Privacy). */
export function PrivacyPage(): ReactElement {
  return <LegalDocument doc="privacy" sections={PRIVACY_SECTIONS} />;
}
