import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TestId } from '../../testids';
import { AlarmIvScan } from './AlarmIvScan';

afterEach(cleanup);

describe("a string alarm's IV scan in the alarm drawer", () => {
  const scan = {
    taskId: '6f1c0a52-5b1e-4c3a-9a57-0c2f6d1e8b11',
    state: 'COMPLETE' as const,
    createdAt: 1_795_262_100_000,
    scannedAt: 1_795_262_105_000,
    strings: [
      { mppt: 1, string: 1, verdict: 'NORMAL' as const },
      { mppt: 2, string: 1, verdict: 'OPEN_STRING' as const },
      { mppt: 3, string: 1, verdict: null },
    ],
  };

  it("shows the task's state, each string's verdict, and links to the task's curves", () => {
    render(
      <MemoryRouter>
        <AlarmIvScan scan={scan} timeZone="UTC" onNavigate={() => undefined} />
      </MemoryRouter>,
    );
    const box = screen.getByTestId(TestId.alarmDrawerIvScan);
    expect(box.dataset.state).toBe('COMPLETE');
    expect(box.dataset.scannedAt).toBe(String(scan.scannedAt));
    expect([...box.querySelectorAll('[data-verdict]')].map((e) => e.getAttribute('data-verdict'))).toEqual([
      'NORMAL',
      'OPEN_STRING',
      '',
    ]);
    expect(box.querySelector('a')?.getAttribute('href')).toBe(`/operation/iv?task=${scan.taskId}`);
  });

  it('says when the inverter has not scanned yet', () => {
    render(
      <MemoryRouter>
        <AlarmIvScan
          scan={{ ...scan, state: 'SCANNING', scannedAt: null, strings: [] }}
          timeZone="UTC"
          onNavigate={() => undefined}
        />
      </MemoryRouter>,
    );
    const box = screen.getByTestId(TestId.alarmDrawerIvScan);
    expect(box.dataset.state).toBe('SCANNING');
    expect(box.querySelectorAll('[data-verdict]')).toHaveLength(0);
    expect(box.dataset.scannedAt).toBe('');
  });
});
