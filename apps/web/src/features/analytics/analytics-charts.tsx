import type { ReactElement } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ACTIVITY_LABELS, REJECT_KIND_LABELS } from '@ats/contracts/analytics-tables';
import type {
  TAnalyticsBySources,
  TCountByPeriod,
  TFunnelStage,
  TReasonsRejection,
  TRecruiterCounts,
} from '@ats/contracts/analytics';

// The charts of the analytics screen (recharts, decision 0033). Each is a picture of the table
// drawn beside it: the table is what screen readers and the keyboard use, so a chart is an image
// with a name and no interactive parts of its own that the table lacks.

const SERIES_COLORS = ['#4f46e5', '#0891b2', '#16a34a', '#ea580c', '#dc2626', '#a21caf'];
const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

function ChartFrame({
  label,
  height,
  children,
}: {
  label: string;
  height: number;
  children: ReactElement;
}) {
  // Charts measure their box with ResizeObserver; where there is none (old browsers, tests) the
  // table beside the chart still says everything.
  if (typeof ResizeObserver === 'undefined') return null;
  return (
    <figure role="img" aria-label={label} className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </figure>
  );
}

const PERIOD_SERIES = ['applicants_new', 'placed', 'hired', 'rejected', 'refused'] as const;

/** Lines by period: new applicants, placed, hired, rejected and refused per bucket. */
export function PeriodChart({ answer, title }: { answer: TCountByPeriod; title: string }) {
  return (
    <ChartFrame label={`График: ${title}`} height={280}>
      <LineChart data={answer.buckets} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" />
        <XAxis dataKey="label" fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} width={40} />
        <Tooltip formatter={(value) => number.format(Number(value))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {PERIOD_SERIES.map((key, index) => (
          <Line
            key={key}
            type="monotone"
            dataKey={key}
            name={ACTIVITY_LABELS[key]}
            stroke={SERIES_COLORS[index]}
            strokeWidth={2}
            dot={answer.buckets.length <= 31}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}

type BarDatum = { name: string; [series: string]: string | number };

function HorizontalBars({
  data,
  series,
  title,
}: {
  data: BarDatum[];
  series: { key: string; name: string }[];
  title: string;
}) {
  return (
    <ChartFrame label={`График: ${title}`} height={Math.max(160, data.length * 36 + 64)}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" horizontal={false} />
        <XAxis type="number" allowDecimals={false} fontSize={12} />
        <YAxis type="category" dataKey="name" width={160} fontSize={12} />
        <Tooltip formatter={(value) => number.format(Number(value))} />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((item, index) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.name}
            fill={SERIES_COLORS[index % SERIES_COLORS.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** The funnel: how many of the cohort reached each stage. */
export function FunnelChart({ stages, title }: { stages: TFunnelStage[]; title: string }) {
  return (
    <HorizontalBars
      title={title}
      data={stages.map((stage) => ({ name: stage.name, reached: stage.reached }))}
      series={[{ key: 'reached', name: 'Дошли' }]}
    />
  );
}

/** Bars by source: came and hired. */
export function SourcesChart({ answer, title }: { answer: TAnalyticsBySources; title: string }) {
  return (
    <HorizontalBars
      title={title}
      data={answer.rows.map((row) => ({ name: row.name, came: row.came, hired: row.hired }))}
      series={[
        { key: 'came', name: 'Пришли' },
        { key: 'hired', name: 'Вышли на работу' },
      ]}
    />
  );
}

/** Bars by reason, the company's rejections and the applicants' refusals apart. */
export function ReasonsChart({ answer, title }: { answer: TReasonsRejection; title: string }) {
  return (
    <HorizontalBars
      title={title}
      data={answer.rows.map((row) => ({
        name: row.name,
        [row.kind]: row.count,
      }))}
      series={(['reject', 'refuse'] as const).map((kind) => ({
        key: kind,
        name: REJECT_KIND_LABELS[kind],
      }))}
    />
  );
}

/** Bars by recruiter: placed, moved and hired. */
export function RecruitersChart({ answer, title }: { answer: TRecruiterCounts; title: string }) {
  return (
    <HorizontalBars
      title={title}
      data={answer.rows.map((row) => ({
        name: row.name,
        placed: row.counts.placed.value ?? 0,
        moved: row.counts.moved.value ?? 0,
        hired: row.counts.hired.value ?? 0,
      }))}
      series={(['placed', 'moved', 'hired'] as const).map((key) => ({
        key,
        name: ACTIVITY_LABELS[key],
      }))}
    />
  );
}
