// Translation keys of every validation failure; texts live in locales/rules/{EN,CN,DE,ITA}.json.
// Keys avoid the generic 'rule.*' keys of locales/core so the two tables can be merged without clashes.

export const RuleMessage = {
  cannotBeBlank: 'rule.cannotBeBlank',
  mobileOrEmailRequired: 'rule.mobileOrEmailRequired',
  emailRequired: 'rule.emailRequired',
  emailInvalid: 'rule.emailInvalid',
  mobileInvalid: 'rule.mobileInvalid',
  verificationCodeInvalid: 'rule.verificationCodeInvalid',
  passwordLength: 'rule.passwordLength',
  passwordStrength: 'rule.passwordStrength',
  passwordMismatch: 'rule.passwordMismatch',
  passwordSameAsOld: 'rule.passwordSameAsOld',
  userDescriptionTooLong: 'rule.userDescriptionTooLong',
  deviceTypeNameTooLong: 'rule.deviceTypeNameTooLong',
  addressValueTooLong: 'rule.addressValueTooLong',
  currencyTooLong: 'rule.currencyTooLong',
  digitsOnly: 'rule.digitsOnly',
  hexInvalid: 'rule.hexInvalid',
  hexTooLong: 'rule.hexTooLong',
  hexDataLength: 'rule.hexDataLength',
  firmwareFileType: 'rule.firmwareFileType',
  imageFileType: 'rule.imageFileType',
  importFileType: 'rule.importFileType',
  dateInvalid: 'rule.dateInvalid',
  appointmentNotLater: 'rule.appointmentNotLater',
  timePeriodFormat: 'rule.timePeriodFormat',
  timePeriodDuplicate: 'rule.timePeriodDuplicate',
  timePeriodTooMany: 'rule.timePeriodTooMany',
  shortcutsTooMany: 'rule.shortcutsTooMany',
  selectUpToSix: 'rule.selectUpToSix',
  valueRequired: 'rule.valueRequired',
  valueOutOfRange: 'rule.valueOutOfRange',
  numberInvalid: 'rule.numberInvalid',
  stringFormat: 'rule.stringFormat',
  ipInvalid: 'rule.ipInvalid',
  versionFormat: 'rule.versionFormat',
  saveFirst: 'rule.saveFirst',
  /** Spec key (SPEC §8): "Wrong Logger SN". */
  loggerSnInvalid: 'GatewaySNError',
  /**
   * Spec text (SPEC §8): "Logger does not exist or has been bound to site". One answer for both cases, so
   * binding does not reveal which SNs exist.
   */
  loggerNotFoundOrBound: 'GatewayNotExistOrBound',
} as const;

export type RuleMessageKey = (typeof RuleMessage)[keyof typeof RuleMessage];

/** Every rule answers null when the input passes, otherwise the translation key of the failure. */
export type RuleResult = RuleMessageKey | null;

/** Runs rules in order and returns the first failure, so a form shows one message per field. */
export function firstFailure(...results: readonly RuleResult[]): RuleResult {
  return results.find((result) => result !== null) ?? null;
}

/** Length in Unicode code points, the unit JSON Schema maxLength (and TypeBox) counts in. */
export function codePointLength(value: string): number {
  return Array.from(value).length;
}

/** True for null, undefined and strings that are empty after trimming. */
export function isBlank(value: string | null | undefined): value is null | undefined | '' {
  return value === null || value === undefined || value.trim() === '';
}
