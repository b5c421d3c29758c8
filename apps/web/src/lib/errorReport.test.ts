import { describe as group, expect, it } from 'vitest';
import { ClientErrorLimits, type ClientErrorReport } from '@sunfleet/contracts';
import { createErrorReporter, describe, ignored, routeOfHash } from './errorReport';

function harness() {
  const sent: ClientErrorReport[] = [];
  let now = 0;
  const report = createErrorReporter({
    send: (r) => {
      sent.push(r);
      return Promise.resolve();
    },
    now: () => now,
    build: 'b1',
    route: () => '/gatewayCentre',
  });
  return { sent, report, advance: (ms: number) => (now += ms) };
}

group('error reporting', () => {
  it('sends an error with its stack, route and build', () => {
    const { sent, report } = harness();
    const error = new TypeError('x is undefined');
    report('error', error);
    expect(sent).toEqual([
      {
        kind: 'error',
        message: 'TypeError: x is undefined',
        stack: error.stack,
        route: '/gatewayCentre',
        build: 'b1',
      },
    ]);
  });

  it('sends the same error once a minute, others at once', () => {
    const { sent, report, advance } = harness();
    const error = new Error('same');
    report('error', error);
    report('error', error);
    report('error', new Error('other'));
    expect(sent).toHaveLength(2);
    advance(ClientErrorLimits.clientRepeatMs);
    report('error', error);
    expect(sent).toHaveLength(3);
  });

  it('stops after the per-load cap and cuts long fields to the contract limits', () => {
    const { sent, report } = harness();
    for (let i = 0; i < ClientErrorLimits.clientReportsPerLoad + 5; i++)
      report('error', `e${i} ${'m'.repeat(2000)}`);
    expect(sent).toHaveLength(ClientErrorLimits.clientReportsPerLoad);
    expect(sent[0]?.message).toHaveLength(ClientErrorLimits.messageMax);
  });

  it('never reports from inside a report, nor API refusals and harmless browser noise', () => {
    const sent: ClientErrorReport[] = [];
    const report = createErrorReporter({
      send: (r) => {
        sent.push(r);
        report('error', new Error('thrown while sending'));
        return Promise.reject(new Error('network down'));
      },
      now: () => 0,
      build: 'b1',
      route: () => '/',
    });
    report('error', new Error('first'));
    expect(sent.map((r) => r.message)).toEqual(['Error: first']);
    const apiError = Object.assign(new Error('4000'), { name: 'ApiError' });
    expect(ignored(apiError, 'ApiError: 4000')).toBe(true);
    expect(ignored(null, 'ResizeObserver loop completed with undelivered notifications.')).toBe(true);
    expect(ignored(new Error('x'), 'Error: x')).toBe(false);
  });

  it('describes anything thrown and takes the route from the hash', () => {
    expect(describe('plain text', 'fallback')).toEqual({ message: 'plain text' });
    expect(describe({ weird: true }, 'fallback')).toEqual({ message: 'fallback' });
    expect(routeOfHash('#/gatewayCentre?sn=secret')).toBe('/gatewayCentre');
    expect(routeOfHash('')).toBe('/');
  });
});
