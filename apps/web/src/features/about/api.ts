import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { VersionInfo } from '@sunfleet/contracts';
import { api } from '../../lib/request';

/** GET /version: server version, the database's schema version and the changelog (docs/operations.md). */
export function useVersionInfo(): UseQueryResult<VersionInfo> {
  return useQuery({ queryKey: ['version'], queryFn: () => api.GET('/api/version'), staleTime: 5 * 60_000 });
}
