import { api } from '../../lib/request';

/**
 * Account endpoints of Step 2a. Register posts to the spec's path (SPEC §7 POST /find/user/register); the
 * verification code, password retrieval and name retrieval paths are this console's proposal until the
 * server defines them (docs/web.md). Until then the server's own error is shown, nothing is faked.
 */
export const AccountPaths = {
  register: '/find/user/register',
  signUp: '/find/signUp',
  sendCode: '/find/code',
  findPassword: '/find/password',
  findName: '/find/name',
} as const;

export type MerchantType = 'INSTALLER' | 'DISTRIBUTOR';
export type CodeScene = 'register' | 'findPassword' | 'findName';

/** Where a code goes: an email address, or an area code plus mobile number. */
export interface ContactInput {
  email?: string;
  areaCode?: string;
  mobile?: string;
}

export interface RegisterBody extends ContactInput {
  merchantType: MerchantType;
  companyName: string;
  username: string;
  code: string;
  password: string;
}

export interface FindPasswordBody extends ContactInput {
  code: string;
  password: string;
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

export function findPassword(body: FindPasswordBody): Promise<unknown> {
  return api.post<unknown>(AccountPaths.findPassword, body);
}

/** The server may answer with the user name (the code proves the contact is the caller's). */
export function findName(body: FindNameBody): Promise<{ username?: string } | null> {
  return api.post<{ username?: string } | null>(AccountPaths.findName, body);
}
