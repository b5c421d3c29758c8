import { queryClient } from '../../lib/queryClient';
import { api } from '../../lib/request';
import { sessionStarted } from '../../lib/session';
import { resetViews } from '../state/tags';

/**
 * Role switching of SPEC §4: the server issues a new session bound to the chosen role and ends the old
 * one. Locally every cached answer belonged to the old role's permissions and scope, so all of it goes,
 * all tabs close, and the new session (its cookie set by the server) makes the guard load info and routes again.
 */
export async function switchRole(roleId: number): Promise<void> {
  await api.POST('/api/role/switch', { body: { roleId } });
  resetViews();
  queryClient.removeQueries();
  sessionStarted();
}
