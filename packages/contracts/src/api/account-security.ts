// Account security (Step 2a item 5): personal data, password, email and mobile changes, verification
// codes, registration, sign-up with an authorization code, and account recovery.
//
// Decision: fields that carry a SPEC §5 rule are typed here only loosely (string, generous max length) and
// the server applies the rule functions of ../rules, so a bad value answers the rule's own message key
// ("Please enter 6 digits", "Do not match!") rather than a generic 'rule.format'.
import { Type, type Static, type TNull, type TSchema, type TUnion } from 'typebox';
import { LANGUAGE_KEYS } from '../languages.js';
import { Limits } from '../limits.js';
import { ROLE_TYPES } from '../permissions.js';
import { EMAIL_MAX_LENGTH } from '../rules/patterns.js';

/** Verification codes (server policy; the web shows the resend countdown from it). */
export const CodePolicy = {
  ttlSeconds: 10 * 60,
  /** Wrong guesses after which a code is dead. */
  maxAttempts: 5,
  /** One code per destination per this many seconds. */
  resendSeconds: 60,
  perTargetPerDay: 10,
  perAddressPerHour: 20,
} as const;

/** Limits on the public account forms and on current-password checks. */
export const AccountSecurityLimits = {
  /** Submissions of register, sign-up, find-password and find-name per client address per hour. */
  findSubmissionsPerAddressPerHour: 30,
  /** Wrong current passwords per user within the window before 4029. */
  passwordFailuresPerUser: 5,
  passwordFailureWindowSeconds: 15 * 60,
  companyNameMax: 100,
  authorizationCodeMax: 64,
} as const;

/** Image uploads (avatars, logos): at most this size; stored re-encoded within a square of this edge. */
export const ImageUploadLimits = {
  maxBytes: 2 * 1024 * 1024,
  maxEdgePx: 512,
} as const;

/**
 * User names chosen at registration: 3–64 letters, digits, '.', '_' or '-', starting with a letter. No '@'
 * and not all digits, so a user name can never be mistaken for someone's email or mobile number at login.
 */
export const USERNAME_PATTERN = `^[A-Za-z][A-Za-z0-9_.-]{2,${Limits.usernameMax - 1}}$`;

/** Translation keys of account-security messages (texts in locales/security). */
export const SecurityMessage = {
  codeSent: 'security.codeSent',
  codeInvalid: 'security.codeInvalid',
  tooManyCodes: 'security.tooManyCodes',
  wrongPassword: 'security.wrongPassword',
  oneContactOnly: 'security.oneContactOnly',
  usernameInvalid: 'security.usernameInvalid',
  usernameExists: 'security.usernameAlreadyExists',
  emailExists: 'security.emailAlreadyExists',
  /** SPEC §8 "Mobile No. already exists". */
  mobileExists: 'MobileNoAlreadyExists',
  companyNameTooLong: 'security.companyNameTooLong',
  authorizationCodeInvalid: 'security.authorizationCodeInvalid',
  fileRequired: 'security.fileRequired',
  fileTooLarge: 'security.fileTooLarge',
  imageContentInvalid: 'security.imageContentInvalid',
} as const;

const Nullable = <T extends TSchema>(t: T): TUnion<[T, TNull]> => Type.Union([t, Type.Null()]);

const loose = (max: number, description?: string) =>
  Type.String({ maxLength: max, ...(description === undefined ? {} : { description }) });

/** One destination for a code: an email, or an area code plus mobile number (exactly one of the two). */
const contactFields = {
  email: Type.Optional(loose(EMAIL_MAX_LENGTH, 'Email address (or give areaCode and mobile instead)')),
  areaCode: Type.Optional(loose(8, "International dialling code, '+49' or '49'")),
  mobile: Type.Optional(loose(32, 'Mobile number: 10 or 11 digits')),
};
const codeField = loose(16, 'The 6-digit verification code');
const newPasswordFields = {
  password: loose(
    Limits.loginFieldMax,
    'New password: 6–18 characters, upper and lower case, digit, special',
  ),
  confirmPassword: loose(Limits.loginFieldMax, 'Must repeat password'),
};

export const ProfileData = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Nullable(Type.String()),
  areaCode: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  description: Nullable(Type.String()),
  language: Type.String(),
  avatarUrl: Nullable(Type.String({ description: '/api/file/{id}' })),
  companyId: Type.Integer(),
  companyName: Type.String(),
  roleId: Type.Integer(),
  roleName: Type.String(),
  roleNameKey: Type.String({ description: 'Translation key of the role name' }),
  roleType: Type.Enum(ROLE_TYPES),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ProfileData = Static<typeof ProfileData>;

export const UpdateProfileBody = Type.Object(
  {
    description: Type.Optional(Nullable(loose(1000, 'At most 60 characters'))),
    language: Type.Optional(Type.Enum(LANGUAGE_KEYS)),
  },
  { additionalProperties: false },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

export const AvatarData = Type.Object({ avatarUrl: Type.String() });
export const LogoData = Type.Object({ logoUrl: Type.String() });

export const ChangePasswordBody = Type.Object(
  {
    oldPassword: Type.String({ minLength: 1, maxLength: Limits.loginFieldMax }),
    newPassword: newPasswordFields.password,
    confirmPassword: newPasswordFields.confirmPassword,
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const CODE_SCENES = [
  'register',
  'signUp',
  'findPassword',
  'findName',
  'changeEmail',
  'changeMobile',
] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

export const SendCodeBody = Type.Object(
  { scene: Type.Enum(CODE_SCENES), ...contactFields },
  { additionalProperties: false },
);
export type SendCodeBody = Static<typeof SendCodeBody>;

export const ChangeEmailBody = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: Limits.loginFieldMax, description: 'Current password' }),
    email: loose(EMAIL_MAX_LENGTH),
    code: codeField,
  },
  { additionalProperties: false },
);
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

export const ChangeMobileBody = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: Limits.loginFieldMax, description: 'Current password' }),
    areaCode: loose(8),
    mobile: loose(32),
    code: codeField,
  },
  { additionalProperties: false },
);
export type ChangeMobileBody = Static<typeof ChangeMobileBody>;

export const MERCHANT_TYPES = ['INSTALLER', 'DISTRIBUTOR'] as const;

export const RegisterBody = Type.Object(
  {
    merchantType: Type.Enum(MERCHANT_TYPES),
    companyName: loose(1000),
    username: loose(1000),
    ...contactFields,
    code: codeField,
    ...newPasswordFields,
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const SignUpBody = Type.Object(
  {
    authorizationCode: loose(AccountSecurityLimits.authorizationCodeMax),
    username: loose(1000),
    ...contactFields,
    code: codeField,
    ...newPasswordFields,
  },
  { additionalProperties: false },
);
export type SignUpBody = Static<typeof SignUpBody>;

export const AccountCreatedData = Type.Object({
  userId: Type.Integer(),
  companyId: Type.Integer(),
  username: Type.String(),
});
export type AccountCreatedData = Static<typeof AccountCreatedData>;

export const FindPasswordBody = Type.Object(
  { ...contactFields, code: codeField, ...newPasswordFields },
  { additionalProperties: false },
);
export type FindPasswordBody = Static<typeof FindPasswordBody>;

export const FindNameBody = Type.Object(
  { ...contactFields, code: codeField },
  { additionalProperties: false },
);
export type FindNameBody = Static<typeof FindNameBody>;
