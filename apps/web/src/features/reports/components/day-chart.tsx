import { dayLabel, isToday, LineChart } from '../../../components/charts/charts.tsx';

/** Figures per day as lines, one per series; today, still counting, is marked. */
export function DayChart<T extends { day: string }>({
  data,
  series,
  h = 260,
}: {
  data: T[];
  series: { name: keyof T & string; label: string; color: string }[];
  h?: number;
}) {
  const last = data.at(-1);
  return (
    <LineChart
      referenceLines={
        last && isToday(last.day)
          ? [
              {
                x: dayLabel(last.day),
                label: 'Today, so far',
                color: 'gray.6',
                labelPosition: 'insideTopRight',
              },
            ]
          : undefined
      }
      h={h}
      data={data.map((d) => ({ ...d, label: dayLabel(d.day) }))}
      dataKey="label"
      series={series}
      curveType="monotone"
      withDots={data.length <= 31}
      withLegend
      tickLine="x"
      gridAxis="xy"
      // Counts per day: whole ticks only.
      yAxisProps={{ allowDecimals: false }}
    />
  );
}
