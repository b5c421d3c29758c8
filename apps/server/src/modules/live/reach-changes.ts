// What a stream's user may reach was decided when the stream opened (their scope and role): a change to the
// user, their role or any company ends the stream, and the client's reconnect is scoped anew. So does a
// reset of the change feed (its listening connection was lost or is new): a change to the user or role may
// have been missed while it was down. Shared by the alarm and command streams.
import type { Change } from '../../db/change-feed.js';
import type { Scope } from '../tenancy/scope.js';

export interface ReachOf {
  scope: Scope;
  roleId: number;
}

/** True when `change` may alter what the stream's user reaches. */
export function endsReach(change: Change, watcher: ReachOf): boolean {
  return (
    change.kind === 'reset' ||
    change.kind === 'company' ||
    (change.kind === 'user' && change.id === watcher.scope.userId) ||
    (change.kind === 'role' && change.id === watcher.roleId)
  );
}
