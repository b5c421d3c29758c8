import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  ChangeEmailBody,
  ChangeMobileBody,
  ChangePasswordBody,
  ProfileData,
  UpdateProfileBody,
} from '@sunfleet/contracts';
import { queryClient } from '../../lib/queryClient';
import { api, multipart, type ApiData } from '../../lib/request';
import { setCachedInfo } from '../../lib/sessionData';

// Step 2a account security API (contracts/api/account-security.ts): personal data, avatar, password,
// email and mobile changes confirmed by a code sent to the new address.

export type {
  ChangeEmailBody as EmailChange,
  ChangeMobileBody as MobileChange,
  ChangePasswordBody as PasswordChange,
  ProfileData as Profile,
  UpdateProfileBody as ProfileUpdate,
} from '@sunfleet/contracts';

export const profileKey = ['security', 'profile'] as const;

export function useProfile(): UseQueryResult<ProfileData> {
  return useQuery({ queryKey: profileKey, queryFn: () => api.GET('/api/user/profile') });
}

/** The shell shows the user's email, mobile and avatar from /api/info; keep both in step after a change. */
async function refreshProfile(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: profileKey });
}

export const securityApi = {
  updateProfile: async (body: UpdateProfileBody): Promise<void> => {
    await api.PUT('/api/user/profile', { body });
    await refreshProfile();
  },
  uploadAvatar: (file: File): Promise<ApiData<'post', '/api/user/avatar'>> =>
    api.POST('/api/user/avatar', { body: { file }, bodySerializer: multipart }),
  avatarUploaded: async (avatarUrl: string): Promise<void> => {
    setCachedInfo((info) => ({ ...info, avatarUrl: { thumbPath: avatarUrl } }));
    await refreshProfile();
  },
  changePassword: (body: ChangePasswordBody): Promise<unknown> => api.PUT('/api/user/password', { body }),
  changeEmail: async (body: ChangeEmailBody): Promise<void> => {
    await api.PUT('/api/user/email', { body });
    setCachedInfo((info) => ({ ...info, email: body.email }));
    await refreshProfile();
  },
  changeMobile: async (body: ChangeMobileBody): Promise<void> => {
    await api.PUT('/api/user/mobile', { body });
    setCachedInfo((info) => ({ ...info, mobile: body.mobile }));
    await refreshProfile();
  },
};
