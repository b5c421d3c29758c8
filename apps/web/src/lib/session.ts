import { useSyncExternalStore } from 'react';
import { queryClient, sessionKeys } from './queryClient';
import { getToken, removeToken, setToken } from './storage';

/**
 * The session token lives in the `token` cookie (SPEC §4, §9). This module makes it observable so the
 * navigation guard re-renders when a login, a logout or a rejected token changes it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
const resetListeners = new Set<Listener>();
let snapshot: string | undefined = getToken();

function emit(): void {
  snapshot = getToken();
  for (const listener of listeners) listener();
}

export function saveToken(token: string): void {
  setToken(token);
  emit();
}

/** Replaces the token without a re-render of the guard (a renewal keeps the same session). */
export function renewToken(token: string): void {
  setToken(token);
  snapshot = token;
}

/** Reset-token of SPEC §4: clears the token and the user's session data, with no server call. */
export function resetSession(): void {
  removeToken();
  queryClient.removeQueries({ queryKey: sessionKeys.all });
  for (const listener of resetListeners) listener();
  emit();
}

/** Runs when the session ends (tabs close, caches drop). Returns an unsubscribe function. */
export function onSessionReset(listener: Listener): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

export function currentToken(): string | undefined {
  return getToken();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToken(): string | undefined {
  return useSyncExternalStore(subscribe, () => snapshot);
}
