import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InfoData } from '@sunfleet/contracts';
import { queryClient, sessionKeys } from '../lib/queryClient';
import { TestId } from '../testids';
import { ActionsMenu, type MenuAction } from './ActionsMenu';
import { stubBrowserLayout } from '../lib/jsdomStubs';

function withPerms(perms: string[]): void {
  queryClient.removeQueries();
  queryClient.setQueryData<Partial<InfoData>>(sessionKeys.info, { perms });
}

// jsdom has no ResizeObserver; antd's dropdown only needs it to exist.
beforeEach(() => {
  stubBrowserLayout();
});

afterEach(() => {
  cleanup();
  queryClient.removeQueries();
  vi.unstubAllGlobals();
});

function renderMenu(actions: MenuAction[], onOuterClick = vi.fn()): void {
  render(
    <QueryClientProvider client={queryClient}>
      <div onClick={onOuterClick}>
        <ActionsMenu actions={actions} testId="menu" />
      </div>
    </QueryClientProvider>,
  );
}

describe('ActionsMenu', () => {
  it('offers only the actions the role holds, and nothing at all without any', async () => {
    const rename = vi.fn();
    const actions: MenuAction[] = [
      { key: 'rename', label: 'Rename', perm: 'station:update', testId: 'a-rename', onClick: rename },
      {
        key: 'delete',
        label: 'Delete',
        perm: 'station:delete',
        testId: 'a-delete',
        confirm: { run: vi.fn() },
      },
    ];
    withPerms(['station:update']);
    const outer = vi.fn();
    renderMenu(actions, outer);
    fireEvent.click(screen.getByTestId('menu'));
    await screen.findByTestId('a-rename');
    expect(screen.queryByTestId('a-delete')).toBeNull();
    fireEvent.click(screen.getByTestId('a-rename'));
    expect(rename).toHaveBeenCalledTimes(1);
    // Neither the button nor the menu reaches the row or card around it.
    expect(outer).not.toHaveBeenCalled();

    cleanup();
    withPerms(['station:view']);
    renderMenu(actions);
    expect(screen.queryByTestId('menu')).toBeNull();
  });

  it('runs a destructive action only after it is confirmed', async () => {
    const run = vi.fn(() => Promise.resolve());
    withPerms(['*']);
    renderMenu([
      { key: 'delete', label: 'Delete', perm: 'station:delete', testId: 'a-delete', confirm: { run } },
    ]);
    fireEvent.click(screen.getByTestId('menu'));
    fireEvent.click(await screen.findByTestId('a-delete'));
    const ok = await screen.findByTestId(TestId.confirmOk);
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(ok);
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
  });
});
