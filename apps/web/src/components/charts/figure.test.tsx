import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { Figure, formatSeconds } from './figure.tsx';

function badgeOf(trend: { value: number; previous: number; change: number | null }) {
  renderRoutes([{ path: '/', element: <Figure label="Scans" trend={trend} /> }], '/');
  return screen.getByTestId('trend');
}

describe('Figure', () => {
  it('says the change against the previous period in words, up or down', () => {
    expect(badgeOf({ value: 112, previous: 100, change: 0.12 }).textContent).toBe('+12 %');
    expect(screen.getByText('Previous period: 100')).toBeTruthy();
    expect(screen.getByTestId('trend').getAttribute('aria-label')).toBe(
      '+12 % against the previous period (100)',
    );
  });

  it('marks a fall, a small change with a decimal, nothing before, and no change', () => {
    expect(badgeOf({ value: 50, previous: 100, change: -0.5 }).textContent).toBe('−50 %');
    cleanup();
    expect(badgeOf({ value: 103, previous: 100, change: 0.034 }).textContent).toBe('+3.4 %');
    cleanup();
    expect(badgeOf({ value: 7, previous: 0, change: null }).textContent).toBe('New');
    cleanup();
    expect(badgeOf({ value: 0, previous: 0, change: null }).textContent).toBe('No change');
  });

  it('a period still running shows the one before by name, without a trend', () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <Figure
              label="Active today, so far"
              trend={{ value: 12, previous: 70, change: -0.83 }}
              running={{ previousLabel: 'Yesterday' }}
            />
          ),
        },
      ],
      '/',
    );
    expect(screen.getByText('Yesterday: 70')).toBeTruthy();
    expect(screen.queryByTestId('trend')).toBeNull();
  });

  it('reads seconds as minutes and hours', () => {
    expect(formatSeconds(42)).toBe('42 s');
    expect(formatSeconds(1944)).toBe('32 min 24 s');
    expect(formatSeconds(5227)).toBe('1 h 27 min');
  });
});
