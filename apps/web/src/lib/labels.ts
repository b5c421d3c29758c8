import type { TFunction } from 'i18next';
import type { CompanyType, RoleType, RoleVisibility, StationType } from '@sunfleet/contracts';
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

/**
 * Station types (SPEC §3): one word per type on every screen — list, filter, form, detail header, share
 * page, search (keys in locales/stationWeb).
 */
export const STATION_TYPE_LABEL: Record<StationType, string> = {
  HOUSEHOLD_PV: 'stationList.type.HOUSEHOLD_PV',
  HOUSEHOLD_PV_STORAGE: 'stationList.type.HOUSEHOLD_PV_STORAGE',
  RESIDENTIAL: 'stationList.type.RESIDENTIAL',
  GROUND_STATION: 'stationList.type.GROUND_STATION',
  GROUND_STORAGE_STATION: 'stationList.type.GROUND_STORAGE_STATION',
  RESIDENTIAL_STORAGE: 'stationList.type.RESIDENTIAL_STORAGE',
};

/** The words of a station type as an API answer gives it (a type newer than the console stays as it is). */
export function stationTypeLabel(t: TFunction, type: string): string {
  const key = (STATION_TYPE_LABEL as Record<string, string | undefined>)[type];
  return key === undefined ? type : t(key);
}

/** Built-in roles carry a translated name key; roles users create show the name they were given. */
export function roleLabel(t: TFunction, role: { name: string; nameKey?: string | null }): string {
  const key = role.nameKey;
  return key !== null && key !== undefined && key !== '' && i18n.exists(key) ? t(key) : role.name;
}

/** Text for an optional value; null and empty show the "not set" label. */
export function orNotSet(t: TFunction, value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? t('common.notSet') : value;
}
