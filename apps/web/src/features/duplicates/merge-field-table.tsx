import { MERGE_FIELD_LABELS, type TMergeField } from '@ats/contracts/duplicates';
import { cx } from '@ats/ui/class-names';
import type { MergeRow } from './merge-fields';

type Side = { id: number; name: string };

type Props = {
  rows: MergeRow[];
  primary: Side;
  secondary: Side;
  sourceOf: (field: TMergeField) => number;
  onChoose: (field: TMergeField, applicantId: number) => void;
};

function ValueCell({
  row,
  side,
  value,
  checked,
  onChoose,
}: {
  row: MergeRow;
  side: Side;
  value: string;
  checked: boolean;
  onChoose: () => void;
}) {
  const label = MERGE_FIELD_LABELS[row.field];
  return (
    <td className="px-3 py-2 align-top">
      {row.same ? (
        <span className="text-zinc-500">{value || '—'}</span>
      ) : (
        <label
          className={cx(
            'flex cursor-pointer items-start gap-2 rounded-md px-1.5 py-1',
            checked ? 'bg-indigo-50 ring-1 ring-indigo-200' : 'hover:bg-zinc-50',
          )}
        >
          <input
            type="radio"
            name={`merge-${row.field}`}
            checked={checked}
            onChange={onChoose}
            aria-label={`${label}: взять у «${side.name}» — ${value || 'пусто'}`}
            className="mt-0.5 accent-indigo-600"
          />
          <span className={cx('break-words', value ? 'text-zinc-900' : 'text-zinc-500')}>
            {value || 'пусто'}
          </span>
        </label>
      )}
    </td>
  );
}

/**
 * One row per field that the merge takes from one side: both values, a radio on each side where
 * they differ (highlighted), and equal rows dimmed since there is nothing to choose.
 */
export function MergeFieldTable({ rows, primary, secondary, sourceOf, onChoose }: Props) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">Поля карточки: выберите, чьё значение оставить</caption>
        <thead>
          <tr className="border-b border-zinc-200 text-left text-xs text-zinc-500">
            <th scope="col" className="w-40 px-3 py-2 font-medium">
              Поле
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {primary.name} <span className="text-indigo-700">(основной)</span>
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {secondary.name}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const source = sourceOf(row.field);
            return (
              <tr
                key={row.field}
                data-differs={!row.same || undefined}
                // The same value on both sides is drawn plainly (dimming it would leave it too
                // pale to read); a difference is tinted.
                className={cx('border-b border-zinc-100', !row.same && 'bg-amber-50/40')}
              >
                <th scope="row" className="px-3 py-2 text-left align-top font-medium text-zinc-700">
                  {MERGE_FIELD_LABELS[row.field]}
                </th>
                <ValueCell
                  row={row}
                  side={primary}
                  value={row.primary}
                  checked={source === primary.id}
                  onChoose={() => onChoose(row.field, primary.id)}
                />
                <ValueCell
                  row={row}
                  side={secondary}
                  value={row.secondary}
                  checked={source === secondary.id}
                  onChoose={() => onChoose(row.field, secondary.id)}
                />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
