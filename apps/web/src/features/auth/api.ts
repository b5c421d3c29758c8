import type { LoginBody, LoginData } from '@sunfleet/contracts';
import { api } from '../../lib/request';

export function login(body: LoginBody): Promise<LoginData> {
  return api.POST('/api/login', { body });
}

export function loginAsGuest(): Promise<LoginData> {
  return api.POST('/api/login/guest');
}
