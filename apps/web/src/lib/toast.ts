import { Timing } from '@sunfleet/contracts';

/** The part of antd's message API the request layer needs; injected by the app (and by tests). */
export interface ToastSink {
  open(config: { type: 'error' | 'success'; content: string; duration: number; key?: string }): void;
}

const ERROR_TOAST_KEY = 'request-error';
let sink: ToastSink | undefined;
let lastErrorAt = Number.NEGATIVE_INFINITY;

export function setToastSink(next: ToastSink | undefined): void {
  sink = next;
}

/**
 * Error toast of SPEC §8: 3 s, one at a time (a new one replaces the shown one through a shared key), and
 * a second error within 30 ms of the previous is dropped so a burst of failing calls shows one message.
 */
export function showErrorToast(text: string, now: number = Date.now()): boolean {
  if (now - lastErrorAt < Timing.errorToastSuppressMs) return false;
  lastErrorAt = now;
  sink?.open({ type: 'error', content: text, duration: Timing.errorToastMs / 1000, key: ERROR_TOAST_KEY });
  return true;
}

export function showSuccessToast(text: string): void {
  sink?.open({ type: 'success', content: text, duration: Timing.errorToastMs / 1000 });
}

/** Test helper: forget the suppression window. */
export function resetToastState(): void {
  lastErrorAt = Number.NEGATIVE_INFINITY;
}
