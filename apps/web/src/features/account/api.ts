import { api, type ApiBody } from '../../lib/request';

/**
 * Public account endpoints of Step 2a (docs/api.md): verification codes, registration of installers and
 * distributors, owner sign-up with an authorization code, password and account-name retrieval. Every
 * answer is the same whether or not an account exists; the account name is sent, never returned.
 */

export type RegisterBody = ApiBody<'post', '/api/find/user/register'>;
export type MerchantType = RegisterBody['merchantType'];

export function registerAccount(body: RegisterBody): Promise<unknown> {
  return api.POST('/api/find/user/register', { body });
}

export function signUp(body: ApiBody<'post', '/api/find/signUp'>): Promise<unknown> {
  return api.POST('/api/find/signUp', { body });
}

export function findPassword(body: ApiBody<'post', '/api/find/password'>): Promise<unknown> {
  return api.POST('/api/find/password', { body });
}

/** The name goes to the address; the answer is null whether or not an account uses it. */
export function findName(body: ApiBody<'post', '/api/find/name'>): Promise<null> {
  return api.POST('/api/find/name', { body });
}
