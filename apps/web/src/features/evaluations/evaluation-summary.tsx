import {
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  type TCriterionSummary,
  type TFormSummary,
} from '@ats/contracts/evaluations';
import { pluralize } from '../../shared/format/plurals';

const EVALUATION_FORMS = { one: 'оценка', few: 'оценки', many: 'оценок' };
const formatAverage = (n: number) => n.toLocaleString('ru-RU', { maximumFractionDigits: 2 });

function Bar({ label, share, text }: { label: string; share: number; text: string }) {
  return (
    <li className="grid grid-cols-[minmax(6rem,12rem)_1fr_auto] items-center gap-3 text-sm">
      <span className="truncate text-zinc-700" title={label}>
        {label}
      </span>
      <span
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-zinc-100"
      >
        <span
          className="block h-full rounded-full bg-indigo-500"
          style={{ width: `${Math.max(0, Math.min(1, share)) * 100}%` }}
        />
      </span>
      <span className="min-w-14 text-right font-medium whitespace-nowrap text-zinc-900 tabular-nums">
        {text}
      </span>
    </li>
  );
}

function CriterionBars({ criterion }: { criterion: TCriterionSummary }) {
  if (criterion.criterion_type === 'scale') {
    const min = criterion.scale_min ?? 1;
    const max = criterion.scale_max ?? 5;
    const average = criterion.average;
    return (
      <Bar
        label={criterion.name}
        share={average === null ? 0 : (average - min) / (max - min)}
        text={average === null ? '—' : `${formatAverage(average)} из ${max}`}
      />
    );
  }
  if (criterion.option_counts.length === 0) return null;
  const most = Math.max(1, ...criterion.option_counts.map((o) => o.count));
  return (
    <li>
      <p className="mb-1 text-sm text-zinc-700">{criterion.name}</p>
      <ul className="flex flex-col gap-1 pl-3">
        {criterion.option_counts.map((o) => (
          <Bar key={o.option} label={o.option} share={o.count / most} text={String(o.count)} />
        ))}
      </ul>
    </li>
  );
}

/** Averages per scale criterion and counts per option, as bars; verdicts as counts. */
export function EvaluationSummary({ summary }: { summary: TFormSummary }) {
  return (
    <section aria-label={`Итоги: ${summary.name}`} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-zinc-900">{summary.name}</h3>
        <span className="text-xs text-zinc-500">
          {pluralize(summary.evaluations_count, EVALUATION_FORMS)}
        </span>
      </div>
      <ul className="flex flex-col gap-2">
        {summary.criterions.map((c) => (
          <CriterionBars key={c.criterion_id} criterion={c} />
        ))}
      </ul>
      <p className="text-xs text-zinc-600">
        {RECOMMENDATIONS.map(
          (r) => `${RECOMMENDATION_LABELS[r]}: ${summary.recommendations[r]}`,
        ).join(' · ')}
      </p>
    </section>
  );
}
