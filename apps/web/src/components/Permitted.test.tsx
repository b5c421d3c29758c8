import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InfoData } from '@sunfleet/contracts';
import { queryClient, sessionKeys } from '../lib/queryClient';
import { Permitted, usePermitted } from './Permitted';

function withPerms(perms: string[] | undefined): void {
  queryClient.removeQueries();
  if (perms !== undefined) queryClient.setQueryData<Partial<InfoData>>(sessionKeys.info, { perms });
}

function renderWith(node: ReactNode): void {
  render(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);
}

const button = <button type="button">create</button>;

afterEach(() => {
  cleanup();
  queryClient.removeQueries();
});

describe('Permitted (the permission directive of SPEC §5)', () => {
  it('hides its children when the permissions contain neither * nor a listed code', () => {
    withPerms(['account:view', 'company:view']);
    renderWith(<Permitted codes={['account:create']}>{button}</Permitted>);
    expect(screen.queryByText('create')).toBeNull();
  });

  it('shows them for any one of the listed codes, and for the wildcard', () => {
    withPerms(['account:view', 'account:create']);
    renderWith(<Permitted codes={['company:create', 'account:create']}>{button}</Permitted>);
    expect(screen.getByText('create')).toBeTruthy();
    cleanup();
    withPerms(['*']);
    renderWith(<Permitted codes={['log:export']}>{button}</Permitted>);
    expect(screen.getByText('create')).toBeTruthy();
  });

  it('hides them while the user info is not loaded', () => {
    withPerms(undefined);
    renderWith(<Permitted codes={['account:create']}>{button}</Permitted>);
    expect(screen.queryByText('create')).toBeNull();
  });

  it('refuses an empty list of codes instead of showing the element', () => {
    withPerms(['*']);
    function Probe(): ReactElement {
      return <span>{String(usePermitted([]))}</span>;
    }
    // React reports the render error on the console; keep the test output clean.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderWith(<Probe />)).toThrow(/non-empty/);
    expect(() => renderWith(<Permitted codes={[]}>{button}</Permitted>)).toThrow(/non-empty/);
    quiet.mockRestore();
  });
});
