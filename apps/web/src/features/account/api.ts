import { api } from '../../lib/request';

/**
 * Public account endpoints of Step 2a (docs/api.md): verification codes, registration of installers and
 * distributors, owner sign-up with an authorization code, password and account-name retrieval. Every
 * answer is the same whether or not an account exists; the account name is sent, never returned.
 */
export const AccountPaths = {
  register: '/find/user/register',
  signUp: '/find/signUp',
  sendCode: '/find/code',
  findPassword: '/find/password',
  findName: '/find/name',
} as const;

export type MerchantType = 'INSTALLER' | 'DISTRIBUTOR';
export type CodeScene = 'register' | 'signUp' | 'findPassword' | 'findName' | 'changeEmail' | 'changeMobile';

/** Where a code goes: an email address, or an area code plus mobile number. */
export interface ContactInput {
  email?: string;
  areaCode?: string;
  mobile?: string;
}

interface NewPassword {
  password: string;
  confirmPassword: string;
}

export interface RegisterBody extends ContactInput, NewPassword {
  merchantType: MerchantType;
  companyName: string;
  username: string;
  code: string;
}

export interface SignUpBody extends ContactInput, NewPassword {
  authorizationCode: string;
  username: string;
  code: string;
}

export interface FindPasswordBody extends ContactInput, NewPassword {
  code: string;
}

export interface FindNameBody extends ContactInput {
  code: string;
}

export function sendCode(scene: CodeScene, contact: ContactInput): Promise<unknown> {
  return api.post<unknown>(AccountPaths.sendCode, { scene, ...contact });
}

export function registerAccount(body: RegisterBody): Promise<unknown> {
  return api.post<unknown>(AccountPaths.register, body);
}

export function signUp(body: SignUpBody): Promise<unknown> {
  return api.post<unknown>(AccountPaths.signUp, body);
}

export function findPassword(body: FindPasswordBody): Promise<unknown> {
  return api.post<unknown>(AccountPaths.findPassword, body);
}

/** The name goes to the address; the answer is null whether or not an account uses it. */
export function findName(body: FindNameBody): Promise<null> {
  return api.post<null>(AccountPaths.findName, body);
}
