import type { ReactElement, ReactNode } from 'react';
import { Navigate } from 'react-router';
import { REVEAL_BIG_SCREEN_ROLE_ID } from '@sunfleet/contracts';
import { useInfo } from '../../lib/sessionData';
import { Paths } from '../../lib/paths';

/** SPEC §2: /bigScreen serves every role except id 41, which uses /revealBigScreen. */
export function BigScreenGate({ path, children }: { path: string; children: ReactNode }): ReactElement {
  const roleId = useInfo(false).data?.roleId;
  const reveal = roleId === REVEAL_BIG_SCREEN_ROLE_ID;
  if (reveal && path === Paths.bigScreen) return <Navigate to={Paths.revealBigScreen} replace />;
  if (!reveal && path === Paths.revealBigScreen) return <Navigate to={Paths.bigScreen} replace />;
  return <>{children}</>;
}
