import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { isToday } from './charts.tsx';
import { DayLines } from './day-lines.tsx';

const data = [
  { label: '1 Nov', scans: 10 },
  { label: '2 Nov', scans: 12 },
  { label: '3 Nov', scans: 2 },
];
const draw = (partialLast: boolean) => {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <DayLines
            title="Scans per day"
            testId="chart"
            data={data}
            series={[{ name: 'scans', label: 'Scans', color: 'teal.6' }]}
            partialLast={partialLast}
          />
        ),
      },
    ],
    '/',
  );
  const lines = [...screen.getByTestId('chart').querySelectorAll('polyline')];
  return lines.map((l) => ({
    points: l.getAttribute('points')!.split(' ').length,
    dashed: l.getAttribute('stroke-dasharray'),
  }));
};

describe('DayLines', () => {
  it("draws complete days solid and today's segment dashed, labelled as counted so far", () => {
    expect(draw(true)).toEqual([
      { points: 2, dashed: null },
      { points: 2, dashed: '4 4' },
    ]);
    expect(screen.getByText('3 Nov, so far')).toBeTruthy();
  });

  it('draws every day solid when the last one is over', () => {
    expect(draw(false)).toEqual([{ points: 3, dashed: null }]);
  });

  it('knows today by the UTC day the reports count in', () => {
    expect(isToday(new Date().toISOString().slice(0, 10))).toBe(true);
    expect(isToday('2020-01-01')).toBe(false);
    expect(isToday(undefined)).toBe(false);
  });
});
