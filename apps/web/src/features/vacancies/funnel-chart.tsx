import { useId, useState } from 'react';
import type { z } from 'zod';
import type { ZVacancyStageStatistics } from '@ats/contracts/vacancies';
import { formatAvgDays, formatPercent } from './vacancy-format';

type Stage = z.infer<typeof ZVacancyStageStatistics>;

/** Bar width in percent of the widest stage; a stage someone reached stays visible (≥ 2 %). */
export function barWidth(reached: number, widest: number): number {
  if (widest <= 0 || reached <= 0) return 0;
  return Math.max(2, Math.round((reached / widest) * 1000) / 10);
}

/**
 * The hiring funnel: one horizontal bar per stage (rejection stages are not steps of it) with how
 * many reached it, how many are there now and the conversion from the previous stage. The bars
 * are drawn for the eye; screen readers get the same numbers as a table, which anyone can open.
 */
export function FunnelChart({ stages }: { stages: Stage[] }) {
  const [asTable, setAsTable] = useState(false);
  const captionId = useId();
  const steps = stages.filter((stage) => !stage.is_reject);
  const widest = Math.max(0, ...steps.map((stage) => stage.reached));

  return (
    <figure aria-labelledby={captionId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <figcaption id={captionId} className="text-sm font-medium text-zinc-800">
          Воронка найма
        </figcaption>
        <button
          type="button"
          aria-pressed={asTable}
          onClick={() => setAsTable(!asTable)}
          className="text-sm text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {asTable ? 'Показать диаграммой' : 'Показать таблицей'}
        </button>
      </div>
      {!asTable && (
        <ol aria-hidden="true" className="flex flex-col gap-2">
          {steps.map((stage) => (
            <li
              key={stage.status_id}
              className="grid grid-cols-[10rem_1fr_6rem] items-center gap-3"
            >
              <span className="truncate text-sm text-zinc-700" title={stage.name}>
                {stage.name}
              </span>
              <span className="h-6 rounded bg-zinc-100">
                <span
                  data-testid="funnel-bar"
                  className="flex h-6 items-center rounded px-2 text-xs font-medium text-white"
                  style={{
                    width: `${barWidth(stage.reached, widest)}%`,
                    backgroundColor: stage.color,
                  }}
                >
                  {stage.reached > 0 ? stage.reached : ''}
                </span>
              </span>
              <span className="text-right text-sm text-zinc-500 tabular-nums">
                {formatPercent(stage.conversion_from_previous)}
              </span>
            </li>
          ))}
        </ol>
      )}
      {/* The box hides or scrolls the table: a table ignores the width sr-only gives it, and a
          hidden one would still widen the page on a phone. */}
      <div className={asTable ? 'relative overflow-x-auto' : 'sr-only'}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Воронка найма по этапам</caption>
          <thead className="text-xs text-zinc-500">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Этап
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Дошли
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Сейчас
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Конверсия из предыдущего
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Конверсия из первого
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Среднее время на этапе
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 tabular-nums">
            {steps.map((stage) => (
              <tr key={stage.status_id}>
                <th scope="row" className="py-1.5 pr-3 font-normal text-zinc-800">
                  {stage.name}
                </th>
                <td className="py-1.5 pr-3 text-right">{stage.reached}</td>
                <td className="py-1.5 pr-3 text-right">{stage.count}</td>
                <td className="py-1.5 pr-3 text-right">
                  {formatPercent(stage.conversion_from_previous)}
                </td>
                <td className="py-1.5 pr-3 text-right">
                  {formatPercent(stage.conversion_from_first)}
                </td>
                <td className="py-1.5 text-right">{formatAvgDays(stage.avg_days)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
