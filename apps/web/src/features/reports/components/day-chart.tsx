import { dayLabel, LineChart } from '../../../components/charts/charts.tsx';

/** Figures per day as lines, one per series. */
export function DayChart<T extends { day: string }>({
  data,
  series,
  h = 260,
}: {
  data: T[];
  series: { name: keyof T & string; label: string; color: string }[];
  h?: number;
}) {
  return (
    <LineChart
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
