import { WEEKS_TEXT, type WeekFigures } from '@/shared/texts/weeks';

/** A week's Monday, `YYYY-MM-DD`, as "21 Jan": the date itself, whatever zone the browser is in. */
export function weekLabel(start: string) {
  const [y, m, d] = start.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

interface Series {
  key: keyof Omit<WeekFigures, 'start'>;
  label: string;
  /** A theme colour: at least 3:1 against the card in light and dark (WCAG 1.4.11). */
  colour: string;
}

export const TASK_SERIES: Series[] = [
  { key: 'tasksOnTime', label: WEEKS_TEXT.tasksOnTime, colour: 'var(--primary)' },
  { key: 'tasksLate', label: WEEKS_TEXT.tasksLate, colour: 'var(--warning)' },
];
export const POINT_SERIES: Series[] = [
  { key: 'pointsEarned', label: WEEKS_TEXT.pointsEarned, colour: 'var(--success)' },
  { key: 'pointsSpent', label: WEEKS_TEXT.pointsSpent, colour: 'var(--muted-foreground)' },
];
/** Ritual days kept (decision 074): one series, drawn as the tasks are. */
export const RITUAL_SERIES: Series[] = [
  { key: 'ritualsDone', label: WEEKS_TEXT.ritualsDone, colour: 'var(--primary)' },
];

const WIDTH = 320;
const HEIGHT = 120;
const BASE = 96;
const COLUMN = WIDTH / 8;

/**
 * One panel of the chart: a column per week, the series stacked (tasks, rituals) or side by side (points), each
 * bar's figure above it. A picture only: the card's summary and table say the same in words.
 */
export function WeeksChart({
  weeks,
  series,
  stacked,
  title,
}: {
  weeks: WeekFigures[];
  series: Series[];
  stacked: boolean;
  title: string;
}) {
  const total = (w: WeekFigures) =>
    stacked ? series.reduce((n, s) => n + w[s.key], 0) : Math.max(...series.map((s) => w[s.key]));
  const max = Math.max(1, ...weeks.map(total));
  const scale = (n: number) => (n / max) * (BASE - 20);
  const barWidth = stacked ? 22 : 12;
  return (
    <figure className="space-y-1">
      <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{title}</span>
        {series.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1">
            <span className="h-2.5 w-2.5 rounded-sm" style={{ background: s.colour }} aria-hidden />
            {s.label}
          </span>
        ))}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="w-full" aria-hidden focusable="false">
        <line x1={0} x2={WIDTH} y1={BASE} y2={BASE} stroke="var(--border)" />
        {weeks.map((w, i) => {
          const centre = i * COLUMN + COLUMN / 2;
          let y = BASE;
          return (
            <g key={w.start} data-week={w.start}>
              {series.map((s, j) => {
                const h = scale(w[s.key]);
                const x = stacked
                  ? centre - barWidth / 2
                  : centre - barWidth + j * barWidth + (j === 0 ? -1 : 1);
                const top = stacked ? y - h : BASE - h;
                if (stacked) y = top;
                return w[s.key] > 0 ? (
                  <g key={s.key}>
                    <rect x={x} y={top} width={barWidth} height={h} rx={2} fill={s.colour} />
                    {stacked ? null : (
                      <text
                        x={x + barWidth / 2}
                        y={top - 3}
                        textAnchor="middle"
                        fontSize={9}
                        fill="currentColor"
                      >
                        {w[s.key]}
                      </text>
                    )}
                  </g>
                ) : null;
              })}
              {stacked && total(w) > 0 ? (
                <text x={centre} y={y - 3} textAnchor="middle" fontSize={10} fill="currentColor">
                  {total(w)}
                </text>
              ) : null}
              {i % 2 === 1 ? (
                <text
                  x={centre}
                  y={HEIGHT - 6}
                  textAnchor="middle"
                  fontSize={10}
                  fill="var(--muted-foreground)"
                >
                  {weekLabel(w.start)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
