import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { MemoryRouter, useNavigate, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestId } from '../../testids';
import { addView, closeView, refreshView, resetViews, type TagView } from '../state/tags';
import { KeepAliveMain } from './KeepAliveMain';

function Counter({ name }: { name: string }): ReactElement {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-testid={`count-${name}`} onClick={() => setCount((c) => c + 1)}>
      {count}
    </button>
  );
}

let go: (to: string) => void = () => undefined;
function NavigateHandle(): null {
  const navigate = useNavigate();
  go = (to) => void navigate(to);
  return null;
}

const routes: RouteObject[] = [
  { path: '/a', element: <Counter name="a" /> },
  { path: '/b', element: <Counter name="b" /> },
  { path: '/nocache', element: <Counter name="nocache" /> },
];

const tag = (path: string, noCache = false): TagView => ({
  path,
  fullPath: path,
  query: {},
  name: path,
  meta: { title: path, affix: false, noCache },
});

function renderMain(): void {
  render(
    <MemoryRouter initialEntries={['/a']}>
      <NavigateHandle />
      <KeepAliveMain routes={routes} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetViews();
  addView(tag('/a'));
  addView(tag('/b'));
  addView(tag('/nocache', true));
});
afterEach(cleanup);

describe('KeepAliveMain', () => {
  it('keeps the state of a view while its tab is open and shows only the active one', () => {
    renderMain();
    fireEvent.click(screen.getByTestId('count-a'));
    fireEvent.click(screen.getByTestId('count-a'));
    act(() => go('/b'));
    expect(screen.getByTestId(TestId.activeView).getAttribute('data-path')).toBe('/b');
    act(() => go('/a'));
    expect(screen.getByTestId('count-a').textContent).toBe('2');
  });

  it('drops the state when the tab closes or is refreshed', () => {
    renderMain();
    fireEvent.click(screen.getByTestId('count-a'));
    act(() => refreshView('/a'));
    expect(screen.getByTestId('count-a').textContent).toBe('0');
    fireEvent.click(screen.getByTestId('count-a'));
    act(() => go('/b'));
    act(() => closeView('/a'));
    act(() => addView(tag('/a')));
    act(() => go('/a'));
    expect(screen.getByTestId('count-a').textContent).toBe('0');
  });

  it('does not keep views marked noCache', () => {
    renderMain();
    act(() => go('/nocache'));
    fireEvent.click(screen.getByTestId('count-nocache'));
    act(() => go('/a'));
    expect(screen.queryByTestId('count-nocache')).toBeNull();
    act(() => go('/nocache'));
    expect(screen.getByTestId('count-nocache').textContent).toBe('0');
  });
});
