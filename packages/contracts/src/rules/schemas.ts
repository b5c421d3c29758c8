// Ready-made TypeBox strings for route schemas, built from the same patterns and limits as the validators.
import { Type } from 'typebox';
import { Limits } from '../limits.js';
import { EMAIL_MAX_LENGTH, PATTERNS } from './patterns.js';

export const RuleSchemas = {
  email: Type.String({ pattern: PATTERNS.email, maxLength: EMAIL_MAX_LENGTH }),
  areaCode: Type.String({ pattern: PATTERNS.areaCode }),
  mobileNumber: Type.String({ pattern: PATTERNS.mobileNumber }),
  verificationCode: Type.String({ pattern: PATTERNS.verificationCode }),
  newPassword: Type.String({
    pattern: PATTERNS.password,
    minLength: Limits.passwordMin,
    maxLength: Limits.passwordMax,
  }),
  userDescription: Type.String({ maxLength: Limits.userDescriptionMax }),
  deviceTypeName: Type.String({ maxLength: Limits.deviceTypeNameMax }),
  addressValue: Type.String({ maxLength: Limits.addressValueMax }),
  currency: Type.String({ maxLength: Limits.currencyCodeMax }),
  digits: Type.String({ pattern: PATTERNS.digits }),
  hex: Type.String({ pattern: PATTERNS.hex }),
  hexInput: Type.String({ pattern: PATTERNS.hexInput }),
  loggerSn: Type.String({ pattern: PATTERNS.loggerSn }),
  timeOfDay: Type.String({ pattern: PATTERNS.timeOfDay }),
} as const;
