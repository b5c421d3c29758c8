// Step 2a organisation API: companies, users (account management), roles and the permission catalogue.
// Field rules of SPEC §5 (email, mobile, password, description) are checked by the server with the
// validators of ../rules so each failure carries its own message key; the schemas here bound types and
// lengths only.
import { Type, type Static } from 'typebox';
import { Limits } from '../limits.js';
import { ROLE_TYPES } from '../permissions.js';
import { MERCHANT_TYPES } from './account-security.js';
import { PageQueryFields } from './paging.js';

export const COMPANY_TYPES = ['PLATFORM', 'DISTRIBUTOR', 'INSTALLER'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];
/** The types a company can be created with (the merchant types of registration); the platform exists once. */
export type MerchantType = (typeof MERCHANT_TYPES)[number];
export const ROLE_VISIBILITIES = ['PRIVATE', 'PUBLIC'] as const;
export type RoleVisibility = (typeof ROLE_VISIBILITIES)[number];

/** Input lengths of the organisation forms (the web mirrors them). */
export const OrganisationLimits = {
  companyName: 100,
  companyPhone: 32,
  companyAddress: 200,
  companyDescription: 500,
  authorizationCode: 64,
  roleName: 64,
  roleRemark: 200,
  keyword: 100,
  /** Generous bounds on fields whose real rule is checked by a validator of ../rules. */
  looseText: 256,
  permissions: 500,
} as const;

/** Authorization codes site owners sign up with: 4–64 letters, digits, '-' or '_'. */
export const AUTHORIZATION_CODE_PATTERN = `^[A-Za-z0-9_-]{4,${OrganisationLimits.authorizationCode}}$`;
/** Company phone numbers as printed on letterheads: digits, spaces, + ( ) - */
export const COMPANY_PHONE_PATTERN = `^[0-9+() -]{3,${OrganisationLimits.companyPhone}}$`;

/** Message keys of the organisation rules (texts in locales/org). */
export const OrgMessage = {
  usernameInvalid: 'UsernameInvalid',
  usernameExists: 'UsernameAlreadyExists',
  emailExists: 'EmailAlreadyExists',
  mobileExists: 'MobileNoAlreadyExists',
  companyNotEmpty: 'CompanyNotEmpty',
  companyParentInvalid: 'CompanyParentInvalid',
  companyTypeInvalid: 'CompanyTypeInvalid',
  platformCompanyFixed: 'PlatformCompanyFixed',
  ownCompanyFixed: 'OwnCompanyFixed',
  authorizationCodeInvalid: 'AuthorizationCodeInvalid',
  authorizationCodeExists: 'AuthorizationCodeAlreadyExists',
  companyPhoneInvalid: 'CompanyPhoneInvalid',
  cannotDisableYourself: 'CannotDisableYourself',
  cannotChangeOwnAccess: 'CannotChangeOwnRoleOrCompany',
  cannotResetOwnPassword: 'CannotResetOwnPassword',
  userNotManageable: 'UserNotManageable',
  roleNotAssignable: 'RoleNotAssignable',
  roleNameExists: 'RoleNameAlreadyExists',
  builtInRoleFixed: 'BuiltInRoleReadOnly',
  roleInUse: 'RoleInUse',
  cannotEditOwnRole: 'CannotEditOwnRole',
  roleNotManageable: 'RoleNotManageable',
  unknownPermission: 'UnknownPermission',
  permissionNotHeld: 'PermissionNotHeld',
} as const;

const Id = Type.Integer({ minimum: 1 });
const Keyword = Type.Optional(Type.String({ maxLength: OrganisationLimits.keyword }));
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });
export type IdParams = Static<typeof IdParams>;

// ---- Companies ----

export const CompanyQuery = Type.Object(
  {
    ...PageQueryFields,
    keyword: Keyword,
    type: Type.Optional(Type.Enum(COMPANY_TYPES)),
    parentId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type CompanyQuery = Static<typeof CompanyQuery>;

const companyFields = {
  type: Type.Enum(MERCHANT_TYPES),
  parentId: Id,
  name: Type.String({ minLength: 1, maxLength: OrganisationLimits.companyName }),
  phone: Type.Optional(Type.String({ maxLength: OrganisationLimits.companyPhone })),
  description: Type.Optional(Type.String({ maxLength: OrganisationLimits.companyDescription })),
  address: Type.Optional(Type.String({ maxLength: OrganisationLimits.companyAddress })),
  authorizationCode: Type.Optional(
    Type.String({
      maxLength: OrganisationLimits.authorizationCode,
      description: 'Code site owners sign up with; generated when left out',
    }),
  ),
};

export const CompanyCreateBody = Type.Object(companyFields, { additionalProperties: false });
export type CompanyCreateBody = Static<typeof CompanyCreateBody>;
export const CompanyUpdateBody = Type.Object({ id: Id, ...companyFields }, { additionalProperties: false });
export type CompanyUpdateBody = Static<typeof CompanyUpdateBody>;

export const Company = Type.Object({
  id: Type.Integer(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  parentName: NullableString,
  type: Type.Enum(COMPANY_TYPES),
  name: Type.String(),
  phone: NullableString,
  description: NullableString,
  address: NullableString,
  authorizationCode: NullableString,
  logoUrl: NullableString,
  simulated: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  userCount: Type.Integer({ minimum: 0 }),
  childCount: Type.Integer({ minimum: 0 }),
});
export type Company = Static<typeof Company>;

export interface CompanyTreeNode {
  id: number;
  parentId: number | null;
  type: CompanyType;
  name: string;
  simulated: boolean;
  children: CompanyTreeNode[];
}

export const CompanyTreeNodeSchema = Type.Cyclic(
  {
    CompanyTreeNode: Type.Object({
      id: Type.Integer(),
      parentId: Type.Union([Type.Integer(), Type.Null()]),
      type: Type.Enum(COMPANY_TYPES),
      name: Type.String(),
      simulated: Type.Boolean(),
      children: Type.Array(Type.Ref('CompanyTreeNode')),
    }),
  },
  'CompanyTreeNode',
);

// ---- Users ----

export const UserQuery = Type.Object(
  {
    ...PageQueryFields,
    keyword: Keyword,
    companyId: Type.Optional(Id),
    roleId: Type.Optional(Id),
    disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UserQuery = Static<typeof UserQuery>;

const userFields = {
  email: Type.Optional(
    Type.String({ maxLength: OrganisationLimits.looseText, description: 'Empty clears it' }),
  ),
  areaCode: Type.Optional(Type.String({ maxLength: 8, description: "Dialling code, '+86' or '86'" })),
  mobile: Type.Optional(Type.String({ maxLength: 32, description: '10 or 11 digits; empty clears it' })),
  roleId: Id,
  companyId: Id,
  description: Type.Optional(Type.String({ maxLength: OrganisationLimits.looseText })),
};

export const UserCreateBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: Limits.usernameMax }),
    password: Type.String({ minLength: 1, maxLength: Limits.loginFieldMax }),
    ...userFields,
  },
  { additionalProperties: false },
);
export type UserCreateBody = Static<typeof UserCreateBody>;
export const UserUpdateBody = Type.Object({ id: Id, ...userFields }, { additionalProperties: false });
export type UserUpdateBody = Static<typeof UserUpdateBody>;

export const ResetPasswordBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: Limits.loginFieldMax }) },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const ManagedUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: NullableString,
  areaCode: NullableString,
  mobile: NullableString,
  roleId: Type.Integer(),
  roleName: Type.String(),
  roleNameKey: NullableString,
  roleType: Type.Enum(ROLE_TYPES),
  companyId: Type.Integer(),
  companyName: Type.String(),
  description: NullableString,
  disabled: Type.Boolean(),
  avatarUrl: NullableString,
  createdAt: Type.String({ format: 'date-time' }),
});
export type ManagedUser = Static<typeof ManagedUser>;

// ---- Roles and permissions ----

export const RoleQuery = Type.Object(
  { ...PageQueryFields, keyword: Keyword },
  { additionalProperties: false },
);
export type RoleQuery = Static<typeof RoleQuery>;

export const RoleOptionsQuery = Type.Object(
  {
    companyId: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Company the role is for; default: your own' }),
    ),
  },
  { additionalProperties: false },
);
export type RoleOptionsQuery = Static<typeof RoleOptionsQuery>;

const roleFields = {
  name: Type.String({ minLength: 1, maxLength: OrganisationLimits.roleName }),
  visibility: Type.Enum(ROLE_VISIBILITIES, {
    description: 'PRIVATE: for the owning company only; PUBLIC: assignable in its whole subtree',
  }),
  roleType: Type.Enum(ROLE_TYPES),
  remark: Type.Optional(Type.String({ maxLength: OrganisationLimits.roleRemark })),
  disabled: Type.Optional(Type.Boolean()),
  permissions: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    maxItems: OrganisationLimits.permissions,
  }),
};

export const RoleCreateBody = Type.Object(roleFields, { additionalProperties: false });
export type RoleCreateBody = Static<typeof RoleCreateBody>;
export const RoleUpdateBody = Type.Object({ id: Id, ...roleFields }, { additionalProperties: false });
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nameKey: Type.Union([Type.String(), Type.Null()], {
    description: 'Translation key of a built-in role name; null for custom roles (show name)',
  }),
  roleType: Type.Enum(ROLE_TYPES),
  visibility: Type.Enum(ROLE_VISIBILITIES),
  remark: NullableString,
  disabled: Type.Boolean(),
  permissions: Type.Array(Type.String()),
  companyId: Type.Union([Type.Integer(), Type.Null()], { description: 'Owning company; null: built in' }),
  builtIn: Type.Boolean(),
  userCount: Type.Integer({ minimum: 0, description: 'Holders within your reach' }),
});
export type Role = Static<typeof Role>;

export const RoleOption = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nameKey: Type.Union([Type.String(), Type.Null()]),
  roleType: Type.Enum(ROLE_TYPES),
});
export type RoleOption = Static<typeof RoleOption>;

export const PermissionNodeSchema = Type.Cyclic(
  {
    PermissionNode: Type.Object({
      code: Type.String(),
      titleKey: Type.String(),
      level: Type.Integer({ minimum: 1, maximum: 4, description: '1 menu, 2 page, 3 section, 4 action' }),
      children: Type.Array(Type.Ref('PermissionNode')),
    }),
  },
  'PermissionNode',
);
