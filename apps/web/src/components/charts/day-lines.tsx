import { Group, Text, VisuallyHidden } from '@mantine/core';

export interface DaySeries {
  /** Key of the value in each point. */
  name: string;
  label: string;
  /** Mantine colour, e.g. `teal.6`. */
  color: string;
}

interface DayLinesProps {
  /** One point per day, oldest first; `label` is the day as shown on the axis. */
  data: readonly (Record<string, unknown> & { label: string })[];
  series: readonly DaySeries[];
  /** What the chart shows, for screen readers and the hidden table's caption. */
  title: string;
  /** The last day is today, still counting: its segment is dashed and labelled "so far". */
  partialLast?: boolean;
  h?: number;
  testId?: string;
}

const W = 600;
const PAD = { top: 8, right: 8, bottom: 22, left: 36 };
const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;
const numberAt = (point: Record<string, unknown>, key: string) => {
  const v = point[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
};

/**
 * Lines by day drawn as plain SVG, for the dashboard (the home screen of
 * admins with the dashboard module). The reports' charts use @mantine/charts
 * (recharts, ~100 kB compressed); on home that library alone put the first
 * load over its 300 kB budget, and a glance at a few series by day needs no
 * tooltips or zoom (the reports' own `DayChart` draws with recharts). The values are also in a visually hidden table, so a
 * screen reader reads the figures, not a picture.
 */
export function DayLines({ data, series, title, partialLast, h = 240, testId }: DayLinesProps) {
  const H = h;
  const max = Math.max(1, ...data.flatMap((p) => series.map((s) => numberAt(p, s.name))));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) =>
    PAD.left + (data.length < 2 ? innerW / 2 : (i * innerW) / (data.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const first = data[0]?.label ?? '';
  const last = `${data.at(-1)?.label ?? ''}${partialLast ? ', so far' : ''}`;
  // The complete days solid; today's segment, when it is the last, dashed.
  const solidUntil = partialLast && data.length > 1 ? data.length - 1 : data.length;
  const pointsOf = (name: string, from: number, to: number) =>
    data
      .slice(from, to)
      .map((p, i) => `${x(from + i)},${y(numberAt(p, name))}`)
      .join(' ');
  return (
    <div data-testid={testId}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        style={{ width: '100%', height: 'auto', display: 'block' }}
        aria-hidden
        data-chart="day-chart"
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(max * f)}
              y2={y(max * f)}
              stroke="var(--mantine-color-gray-3)"
              strokeDasharray={f === 0 ? undefined : '4 4'}
            />
            <text
              x={PAD.left - 6}
              y={y(max * f) + 4}
              textAnchor="end"
              fontSize="11"
              fill="var(--mantine-color-dimmed)"
            >
              {Math.round(max * f).toLocaleString()}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={H - 6} fontSize="11" fill="var(--mantine-color-dimmed)">
          {first}
        </text>
        <text
          x={W - PAD.right}
          y={H - 6}
          fontSize="11"
          textAnchor="end"
          fill="var(--mantine-color-dimmed)"
        >
          {last}
        </text>
        {series.map((s) => (
          <polyline
            key={s.name}
            fill="none"
            stroke={cssColor(s.color)}
            strokeWidth={2}
            strokeLinejoin="round"
            points={pointsOf(s.name, 0, solidUntil)}
          />
        ))}
        {solidUntil < data.length &&
          series.map((s) => (
            <polyline
              key={`${s.name}-today`}
              data-partial
              fill="none"
              stroke={cssColor(s.color)}
              strokeWidth={2}
              strokeDasharray="4 4"
              points={pointsOf(s.name, solidUntil - 1, data.length)}
            />
          ))}
      </svg>
      <Group gap="md" justify="center" mt={4}>
        {series.map((s) => (
          <Group key={s.name} gap={6}>
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                background: cssColor(s.color),
                display: 'inline-block',
              }}
            />
            <Text fz="xs">{s.label}</Text>
          </Group>
        ))}
      </Group>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.label}>
                <th scope="row">{p.label}</th>
                {series.map((s) => (
                  <td key={s.name}>{numberAt(p, s.name)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </div>
  );
}
