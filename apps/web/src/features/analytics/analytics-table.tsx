import { Link } from 'react-router';
import { cx } from '@ats/ui/class-names';
import { ANALYTICS_DEFINITIONS, type TMetric } from '@ats/contracts/analytics';
import {
  metricChange,
  type AnalyticsCell,
  type AnalyticsColumn,
  type AnalyticsTable,
} from '@ats/contracts/analytics-tables';
import { drillHref } from './analytics-params';

const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** A cell's text: numbers in Russian, the change with its sign, nothing as a dash. */
export function cellText(value: AnalyticsCell['value'], kind: AnalyticsColumn['kind']): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  if (kind === 'change') {
    // U+2212 reads as «минус»; a plain hyphen would not.
    if (value > 0) return `+${number.format(value)}`;
    if (value < 0) return `−${number.format(-value)}`;
    return '0';
  }
  return number.format(value);
}

/** A count that opens the applicants behind it, or just the number. */
export function CountLink({
  cell,
  kind,
  label,
}: {
  cell: AnalyticsCell;
  kind: AnalyticsColumn['kind'];
  label: string;
}) {
  const text = cellText(cell.value, kind);
  if (!cell.drill || typeof cell.value !== 'number' || cell.value === 0) return <>{text}</>;
  return (
    <Link
      to={drillHref(cell.drill, label)}
      title={`Открыть кандидатов: ${label}`}
      className="font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {text}
    </Link>
  );
}

/** «Как считается»: the definition, one click (or Enter) away, next to the number. */
export function HowCounted({ definition }: { definition: string | null | undefined }) {
  const text = definition ? ANALYTICS_DEFINITIONS[definition] : undefined;
  if (!text) return null;
  return (
    <details className="mt-1 text-xs font-normal text-zinc-500">
      <summary className="cursor-pointer select-none text-zinc-500 hover:text-zinc-800">
        Как считается
      </summary>
      <p className="mt-1 max-w-prose">{text}</p>
    </details>
  );
}

/** One analytics table, as the export writes it too (packages/contracts analytics-tables). */
export function AnalyticsTableView({ table }: { table: AnalyticsTable }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200">
      <table className="min-w-full divide-y divide-zinc-200 text-sm">
        <caption className="px-3 py-2 text-left text-sm font-medium text-zinc-700">
          {table.caption}
        </caption>
        <thead className="bg-zinc-50">
          <tr>
            {table.columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={cx(
                  'px-3 py-2 text-xs font-medium text-zinc-600',
                  column.kind === 'text' ? 'text-left' : 'text-right',
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 bg-white">
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => {
                const column = table.columns[index]!;
                if (index === 0) {
                  return (
                    <th key={index} scope="row" className="px-3 py-2 text-left font-normal">
                      {cellText(cell.value, column.kind)}
                      <HowCounted definition={table.rowDefinitions?.[rowIndex]} />
                    </th>
                  );
                }
                return (
                  <td
                    key={index}
                    className={cx(
                      'px-3 py-2 tabular-nums',
                      column.kind === 'text' ? 'text-left' : 'text-right',
                      column.kind === 'change' && changeColor(cell.value),
                    )}
                  >
                    <CountLink
                      cell={cell}
                      kind={column.kind}
                      label={`${String(row[0]?.value ?? '')}, ${column.header}`}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function changeColor(value: AnalyticsCell['value']) {
  if (typeof value !== 'number' || value === 0) return 'text-zinc-500';
  return value > 0 ? 'text-emerald-700' : 'text-red-700';
}

/** A headline number: its value (a link to the applicants), the previous period and the change. */
export function MetricCard({
  label,
  metric,
  definition,
}: {
  label: string;
  metric: TMetric;
  definition: string | null | undefined;
}) {
  const change = metricChange(metric);
  return (
    <div role="group" aria-label={label} className="rounded-lg border border-zinc-200 bg-white p-3">
      <div className="text-xs text-zinc-600">{label}</div>
      <div className="mt-1 text-2xl font-semibold tabular-nums text-zinc-900">
        <CountLink cell={metric} kind="number" label={label} />
      </div>
      <div className="mt-1 flex flex-wrap gap-x-2 text-xs text-zinc-500">
        <span>Прошлый период: {cellText(metric.previous, 'number')}</span>
        <span className={changeColor(change)}>
          <span className="sr-only">Изменение: </span>
          {cellText(change, 'change')}
        </span>
      </div>
      <HowCounted definition={definition} />
    </div>
  );
}
