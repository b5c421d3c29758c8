import type { AppPlatform } from '@sunfleet/contracts';

/** Translation keys of the platforms. */
export const PLATFORM_LABEL: Record<AppPlatform, string> = {
  ANDROID: 'appReleaseWeb.platform.android',
  IOS: 'appReleaseWeb.platform.ios',
};
