import { ArrowDownIcon, ArrowUpIcon, ViewColumnsIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import {
  ALL_LIST_COLUMNS,
  DEFAULT_LIST_COLUMNS,
  LIST_COLUMNS,
  type ListColumn,
} from './list-columns';

type Props = {
  columns: ListColumn[];
  onChange: (columns: ListColumn[]) => void;
};

/** «Столбцы»: which columns the list shows and in what order (keyboard: checkboxes and arrows). */
export function ColumnPicker({ columns, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const hidden = ALL_LIST_COLUMNS.filter((c) => !columns.includes(c));
  const move = (index: number, by: -1 | 1) => {
    const next = [...columns];
    const [column] = next.splice(index, 1);
    next.splice(index + by, 0, column!);
    onChange(next);
  };
  const toggle = (column: ListColumn, on: boolean) =>
    onChange(on ? [...columns, column] : columns.filter((c) => c !== column));

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <ViewColumnsIcon className="size-5" aria-hidden="true" />
        Столбцы
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Столбцы списка"
        description="Отметьте столбцы и расставьте их стрелками. Выбор запоминается в этом браузере."
      >
        <ol aria-label="Показанные столбцы" className="divide-y divide-zinc-100">
          {columns.map((column, index) => {
            const { label } = LIST_COLUMNS[column];
            return (
              <li key={column} className="flex items-center gap-2 py-2">
                <label className="flex flex-1 items-center gap-2 text-sm text-zinc-800">
                  <input
                    type="checkbox"
                    checked
                    onChange={() => toggle(column, false)}
                    className="size-4 rounded border-zinc-300 text-indigo-600"
                  />
                  {label}
                </label>
                <Button
                  variant="ghost"
                  aria-label={`«${label}» левее`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpIcon className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`«${label}» правее`}
                  disabled={index === columns.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownIcon className="size-4" aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ol>
        {hidden.length > 0 && (
          <fieldset className="mt-3 border-t border-zinc-200 pt-3">
            <legend className="text-xs font-medium text-zinc-500">Скрытые столбцы</legend>
            {hidden.map((column) => (
              <label key={column} className="flex items-center gap-2 py-2 text-sm text-zinc-800">
                <input
                  type="checkbox"
                  checked={false}
                  onChange={() => toggle(column, true)}
                  className="size-4 rounded border-zinc-300 text-indigo-600"
                />
                {LIST_COLUMNS[column].label}
              </label>
            ))}
          </fieldset>
        )}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onChange(DEFAULT_LIST_COLUMNS)}>
            Как было
          </Button>
          <Button onClick={() => setOpen(false)}>Готово</Button>
        </div>
      </Dialog>
    </>
  );
}
