import type { FormInstance, FormRule } from 'antd';
import {
  USERNAME_PATTERN,
  patternRegExp,
  validateEmail,
  validateMobile,
  validateMobileOrEmail,
  validateNewPassword,
  validateOptionalEmail,
  validateOptionalMobile,
  validatePasswordConfirmation,
  validateRequired,
  validateVerificationCode,
  type RuleResult,
} from '@sunfleet/contracts';

type Translate = (key: string) => string;

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Turns a contracts rule (null or a message key) into an antd form rule with the translated message. */
export function fromRule(validate: (value: string | undefined) => RuleResult, t: Translate): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const failure = validate(asString(value));
      return failure === null ? Promise.resolve() : Promise.reject(new Error(t(failure)));
    },
  };
}

const usernameRegExp = patternRegExp(USERNAME_PATTERN);

/**
 * A new user name (contracts USERNAME_PATTERN: 3–64 letters, digits, '.', '_' or '-', starting with a
 * letter). `invalidKey` is the message the endpoint answers: registration and account management each
 * have their own.
 */
export function usernameRule(t: Translate, invalidKey: string): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const text = asString(value)?.trim() ?? '';
      if (text === '') return Promise.reject(new Error(t('rule.cannotBeBlank')));
      return usernameRegExp.test(text) ? Promise.resolve() : Promise.reject(new Error(t(invalidKey)));
    },
  };
}

/** Field names shared by the account forms. */
export const Field = {
  email: 'email',
  areaCode: 'areaCode',
  mobile: 'mobile',
  code: 'code',
  password: 'password',
  confirmPassword: 'confirmPassword',
} as const;

/**
 * Rules of SPEC §5 for the account forms, all from packages/contracts so the server checks the same:
 * mobile or email (at least one), email pattern, area code plus 10–11 digits, a 6-digit code, a strong
 * password and its confirmation.
 */
export interface AccountRules {
  required: FormRule[];
  optionalEmail: FormRule[];
  email: FormRule[];
  optionalMobile: FormRule[];
  mobile: FormRule[];
  code: FormRule[];
  newPassword: FormRule[];
  confirmPassword: FormRule[];
}

export function accountRules(t: Translate, form: FormInstance): AccountRules {
  const contact = (): {
    email: string | undefined;
    mobile: string | undefined;
    areaCode: string | undefined;
  } => ({
    email: asString(form.getFieldValue(Field.email)),
    mobile: asString(form.getFieldValue(Field.mobile)),
    areaCode: asString(form.getFieldValue(Field.areaCode)),
  });
  const mobileOrEmail: FormRule = {
    validator: () => {
      const { email, mobile } = contact();
      const failure = validateMobileOrEmail(mobile, email);
      return failure === null ? Promise.resolve() : Promise.reject(new Error(t(failure)));
    },
  };
  return {
    required: [fromRule(validateRequired, t)],
    /** Email in a form where mobile may replace it. */
    optionalEmail: [mobileOrEmail, fromRule(validateOptionalEmail, t)],
    email: [fromRule(validateEmail, t)],
    /** The "one of them" message shows once, under email; mobile checks its format only. */
    optionalMobile: [
      fromRule((number) => validateOptionalMobile({ areaCode: contact().areaCode, number }), t),
    ],
    mobile: [fromRule((number) => validateMobile({ areaCode: contact().areaCode, number }), t)],
    code: [fromRule(validateVerificationCode, t)],
    newPassword: [fromRule(validateNewPassword, t)],
    confirmPassword: [
      fromRule(
        (confirmation) =>
          validatePasswordConfirmation(asString(form.getFieldValue(Field.password)), confirmation),
        t,
      ),
    ],
  };
}
