import { useSyncExternalStore } from 'react';
import { queryClient, sessionKeys } from './queryClient';
import { hasSessionMarker, removeSessionMarker, setSessionMarker } from './storage';

/**
 * Whether the browser holds a session (SPEC §4, §9). The token is the server's HttpOnly `token` cookie:
 * set by login and role switching, renewed and dropped by the server, sent with every call, and never
 * readable by a script of the page. This module keeps an observable marker of it so the navigation guard
 * re-renders when a login, a logout or a rejected session changes it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
const resetListeners = new Set<Listener>();
let snapshot = hasSessionMarker();

function emit(): void {
  snapshot = hasSessionMarker();
  for (const listener of listeners) listener();
}

/** A login or a role switch answered: the server has set the session cookie. */
export function sessionStarted(): void {
  setSessionMarker();
  emit();
}

/** Reset-token of SPEC §4: forgets the session and the user's session data, with no server call. */
export function resetSession(): void {
  removeSessionMarker();
  queryClient.removeQueries({ queryKey: sessionKeys.all });
  for (const listener of resetListeners) listener();
  emit();
}

/** Runs when the session ends (tabs close, caches drop). Returns an unsubscribe function. */
export function onSessionReset(listener: Listener): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

export function hasSession(): boolean {
  return hasSessionMarker();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHasSession(): boolean {
  return useSyncExternalStore(subscribe, () => snapshot);
}
