import type { TFunction } from 'i18next';
import { DeviceTypes, type DeviceType } from '@sunfleet/contracts';
import { i18n } from '../../lib/i18n';
import type { Issue } from './registerValidation';

/** Translation keys of the device types the registry screens show. */
export const DEVICE_TYPE_LABEL: Record<DeviceType, string> = {
  GATEWAY: 'registry.deviceType.gateway',
  INVERTER: 'registry.deviceType.inverter',
  METER: 'registry.deviceType.meter',
  BATTERY: 'registry.deviceType.battery',
  WEATHER_STATION: 'registry.deviceType.weatherStation',
};

/** The device types as select options, translated. */
export function deviceTypeOptions(t: TFunction): { value: DeviceType; label: string }[] {
  return DeviceTypes.map((v) => ({ value: v, label: t(DEVICE_TYPE_LABEL[v]) }));
}

/**
 * A name stored as a translation key (register and display-group names). Built-in definitions carry
 * keys of the shipped tables; a user-made entry may hold plain text, which shows as typed.
 */
export function nameOf(t: TFunction, nameKey: string): string {
  return nameKey !== '' && i18n.exists(nameKey) ? t(nameKey) : nameKey;
}

/** The translated text of a validation problem. */
export function issueText(t: TFunction, issue: Issue): string {
  return t(issue.message, issue.values);
}
