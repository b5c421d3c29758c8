import type { TFunction } from 'i18next';
import type { CompanyType, RoleType, RoleVisibility } from '@sunfleet/contracts';
import { i18n } from './i18n';

/** Translation keys of the enumerations the organisation screens show. */
export const COMPANY_TYPE_LABEL: Record<CompanyType, string> = {
  PLATFORM: 'org.companyType.platform',
  DISTRIBUTOR: 'org.companyType.distributor',
  INSTALLER: 'org.companyType.installer',
};

export const VISIBILITY_LABEL: Record<RoleVisibility, string> = {
  PRIVATE: 'org.visibility.private',
  PUBLIC: 'org.visibility.public',
};

/** Role types read like the built-in role of that type (core keys: DEPLOY is "Operations", USER "Owner"). */
export const ROLE_TYPE_LABEL: Record<RoleType, string> = {
  ADMINISTRATOR: 'role.administrator',
  MANAGER: 'role.manager',
  DEVELOPER: 'role.developer',
  DEPLOY: 'role.deploy',
  USER: 'role.user',
  GUEST: 'role.guest',
};

/** Built-in roles carry a translated name key; roles users create show the name they were given. */
export function roleLabel(t: TFunction, role: { name: string; nameKey?: string | null }): string {
  const key = role.nameKey;
  return key !== null && key !== undefined && key !== '' && i18n.exists(key) ? t(key) : role.name;
}

/** Text for an optional value; null and empty show the "not set" label. */
export function orNotSet(t: TFunction, value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? t('common.notSet') : value;
}
