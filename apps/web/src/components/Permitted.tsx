import type { ReactElement, ReactNode } from 'react';
import { hasAnyPermission } from '@sunfleet/contracts';
import { useInfo } from '../lib/sessionData';

/**
 * True when the active role grants `*` or any of `codes` (SPEC §5 permission directive). An empty list is
 * a programming error, not "allowed": it throws, so a forgotten code cannot silently show a button.
 */
export function usePermitted(codes: readonly string[]): boolean {
  return usePermissionCheck()(codes);
}

/**
 * The check of usePermitted as a function, for a list of actions whose length varies (a hook cannot be
 * called once per item).
 */
export function usePermissionCheck(): (codes: readonly string[]) => boolean {
  const perms = useInfo(false).data?.perms;
  return (codes) => {
    if (codes.length === 0) throw new Error('usePermitted needs a non-empty list of permission codes');
    return perms !== undefined && hasAnyPermission(perms, codes);
  };
}

/**
 * The permission directive: renders its children only when the active role grants `*` or one of `codes`.
 * It only hides; the server refuses the call itself whatever the console shows.
 */
export function Permitted({
  codes,
  children,
}: {
  codes: readonly string[];
  children: ReactNode;
}): ReactElement | null {
  const allowed = usePermitted(codes);
  return allowed ? <>{children}</> : null;
}
