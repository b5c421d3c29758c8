import { describe, expect, it } from 'vitest';
import { fingerprintOf, firstFrame, normalisedMessage } from './fingerprint.js';

describe('client error fingerprint', () => {
  it('takes the first frame of a V8 stack, skipping the message lines', () => {
    const stack =
      'TypeError: x is undefined\n  more text\n    at render (http://h/assets/a.js:10:5)\n    at b (c.js:1:1)';
    expect(firstFrame(stack)).toBe('at render (http://h/assets/a.js:10:5)');
  });

  it('takes the first frame of a Firefox stack', () => {
    expect(firstFrame('render@http://h/assets/a.js:10:5\nb@c.js:1:1')).toBe(
      'render@http://h/assets/a.js:10:5',
    );
  });

  it('has no frame without a stack or without frame lines', () => {
    expect(firstFrame(undefined)).toBeNull();
    expect(firstFrame('just text')).toBeNull();
  });

  it('groups by message, frame and build', () => {
    const a = fingerprintOf('boom', 'at f (a.js:1:1)', 'b1');
    expect(fingerprintOf(' boom\n', 'at f (a.js:1:1)', 'b1')).toBe(a);
    expect(fingerprintOf('boom', 'at g (a.js:1:1)', 'b1')).not.toBe(a);
    expect(fingerprintOf('boom', 'at f (a.js:1:1)', 'b2')).not.toBe(a);
    expect(fingerprintOf('bang', 'at f (a.js:1:1)', 'b1')).not.toBe(a);
    expect(normalisedMessage('  a \t b  ')).toBe('a b');
  });
});
