import { ArrowDownTrayIcon } from '@heroicons/react/20/solid';
import { useId, type ReactNode } from 'react';
import { Button, buttonClassName } from '@ats/ui/button';
import { Spinner } from '@ats/ui/spinner';
import { ANALYTICS_DEFINITIONS, type TAnalyticsCall } from '@ats/contracts/analytics';
import {
  ANALYTICS_CALL_DEFINITION,
  ANALYTICS_CALL_TITLES,
  analyticsTables,
  periodText,
  type TAnalyticsAnswer,
} from '@ats/contracts/analytics-tables';
import { exportUrlOf, type AnalyticsQuery } from './analytics-params';
import { useAnalyticsReport } from './analytics.queries';
import { AnalyticsTableView } from './analytics-table';

type Props<C extends TAnalyticsCall> = {
  call: C;
  query: AnalyticsQuery;
  /** The chart (or the headline cards) drawn above the tables. */
  chart?: (answer: TAnalyticsAnswer<C>, title: string) => ReactNode;
  /** Whether the tables are empty enough to say «нет данных» instead. */
  isEmpty?: (answer: TAnalyticsAnswer<C>) => boolean;
};

/**
 * One report: its heading and period, «Как считается», the export, the chart and the tables
 * (the same tables the .xlsx holds), with its own loading, empty and error states.
 */
export function ReportSection<C extends TAnalyticsCall>({ call, query, chart, isEmpty }: Props<C>) {
  const report = useAnalyticsReport(call, query);
  const headingId = useId();
  const title = ANALYTICS_CALL_TITLES[call];
  const definition = ANALYTICS_DEFINITIONS[ANALYTICS_CALL_DEFINITION[call]];
  const answer = report.data;
  const tables = answer ? analyticsTables(call, answer) : [];
  const empty = answer
    ? isEmpty
      ? isEmpty(answer)
      : tables.every((table) => table.rows.length === 0)
    : false;

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={report.isFetching}
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-zinc-900">
            {title}
          </h2>
          {answer && (
            <p className="text-xs text-zinc-500">
              {periodText(answer.period)}, прошлый период{' '}
              {periodText({
                date_from: answer.period.previous_from,
                date_to: answer.period.previous_to,
              })}
            </p>
          )}
          {definition && (
            <details className="mt-1 text-xs text-zinc-500">
              <summary className="cursor-pointer select-none hover:text-zinc-800">
                Как считается
              </summary>
              <p className="mt-1 max-w-prose">{definition}</p>
            </details>
          )}
        </div>
        {/* A plain link: the server answers with the file (Content-Disposition: attachment). */}
        <a
          href={exportUrlOf(call, query)}
          download
          aria-label={`Скачать в Excel: ${title}`}
          className={buttonClassName('secondary', 'sm')}
        >
          <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
          Excel
        </a>
      </div>
      {report.isPending ? (
        <div className="flex items-center gap-2 py-6 text-sm text-zinc-500">
          <Spinner label={`Загрузка: ${title}`} />
          Считаем…
        </div>
      ) : report.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 py-4 text-sm text-red-700">
          {report.error.message}
          <Button variant="secondary" size="sm" onClick={() => void report.refetch()}>
            Повторить
          </Button>
        </div>
      ) : answer && empty ? (
        <p className="py-6 text-center text-sm text-zinc-500">Нет данных за этот период</p>
      ) : answer ? (
        <>
          {chart?.(answer, title)}
          {tables.map((table) => (
            <AnalyticsTableView key={table.caption} table={table} />
          ))}
        </>
      ) : null}
    </section>
  );
}
