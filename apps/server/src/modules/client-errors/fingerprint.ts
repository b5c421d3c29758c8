// How reports of one fault are grouped (docs/runtime-errors.md): the message, the first stack frame and
// the build. A new build starts new groups, so a fix can be seen to work.
import { createHash } from 'node:crypto';

/** Chromium/V8 (`    at fn (url:1:2)`) and Firefox/Safari (`fn@url:1:2`) frame lines. */
const FRAME = /^\s*at\s+\S|^[^\s@]*@\S+:\d+/;

/** The first line of `stack` that is a frame, trimmed (at most 500 characters); null when none is. */
export function firstFrame(stack: string | undefined): string | null {
  if (stack === undefined) return null;
  for (const line of stack.split('\n')) {
    if (FRAME.test(line)) return line.trim().slice(0, 500);
  }
  return null;
}

/** The message as grouped: whitespace runs folded to one space, trimmed. */
export function normalisedMessage(message: string): string {
  return message.replace(/\s+/g, ' ').trim();
}

/** SHA-256 (hex) of message, first frame and build, each on its own line. */
export function fingerprintOf(message: string, frame: string | null, build: string): string {
  return createHash('sha256')
    .update(`${normalisedMessage(message)}\n${frame ?? ''}\n${build}`)
    .digest('hex');
}
