import { FunnelIcon, MagnifyingGlassIcon, UserPlusIcon } from '@heroicons/react/24/outline';
import { useEffect, useId, useState } from 'react';
import { personDisplayName } from '@ats/contracts/person-name';
import { Button } from '@ats/ui/button';
import { DateRangeField } from '@ats/ui/date-range-field';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import {
  useAccountSources,
  useRecruiters,
  useTags,
} from '../../shared/applicant/applicant-references.queries';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { countFilters, NO_BOARD_FILTERS, type BoardFilterValues } from './board-filters';

type Props = {
  values: BoardFilterValues;
  onChange: (values: BoardFilterValues) => void;
  /** Shown when the caller may put applicants on the vacancy. */
  onAdd?: () => void;
};

/** The board's search box (the server's search over the whole vacancy), filters and «Добавить». */
export function BoardToolbar({ values, onChange, onAdd }: Props) {
  const [search, setSearch] = useState(values.search);
  const debounced = useDebouncedValue(search, 300);
  const [open, setOpen] = useState(countFilters(values) > 0);
  const panelId = useId();
  const count = countFilters(values);

  // One request per pause in typing; the URL (and so the board) follows the box.
  useEffect(() => {
    if (debounced !== values.search) onChange({ ...values, search: debounced });
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new pause sends

  const set = (key: keyof BoardFilterValues) => (value: string) =>
    onChange({ ...values, search, [key]: value });

  return (
    <div className="flex flex-col gap-3">
      <div role="search" aria-label="Поиск и фильтры доски" className="flex flex-wrap gap-2">
        <div className="relative min-w-0 flex-1 basis-full sm:basis-72 sm:flex-none">
          <MagnifyingGlassIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Поиск по доске"
            placeholder="Имя, телефон, email…"
            autoComplete="off"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <FunnelIcon className="mr-1.5 size-4" aria-hidden="true" />
          {count > 0 ? `Фильтры: ${count}` : 'Фильтры'}
        </Button>
        {onAdd && (
          <Button onClick={onAdd}>
            <UserPlusIcon className="mr-1.5 size-4" aria-hidden="true" />
            Добавить кандидата
          </Button>
        )}
      </div>
      {open && <FiltersPanel id={panelId} values={values} set={set} onReset={reset} />}
    </div>
  );

  function reset() {
    setSearch('');
    onChange(NO_BOARD_FILTERS);
  }
}

function FiltersPanel({
  id,
  values,
  set,
  onReset,
}: {
  id: string;
  values: BoardFilterValues;
  set: (key: keyof BoardFilterValues) => (value: string) => void;
  onReset: () => void;
}) {
  const tags = useTags();
  const sources = useAccountSources();
  const users = useRecruiters();
  return (
    <div
      id={id}
      role="group"
      aria-label="Фильтры доски"
      className="grid grid-cols-1 gap-3 rounded-xl bg-white p-3 ring-1 ring-zinc-200 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
    >
      <Field label="Тег">
        {(c) => (
          <Select {...c} value={values.tag} onChange={(e) => set('tag')(e.target.value)}>
            <option value="">Любой</option>
            {tags.data?.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Источник">
        {(c) => (
          <Select {...c} value={values.source} onChange={(e) => set('source')(e.target.value)}>
            <option value="">Любой</option>
            {sources.data?.map((source) => (
              <option key={source.id} value={source.id}>
                {source.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Кто добавил">
        {(c) => (
          <Select {...c} value={values.addedBy} onChange={(e) => set('addedBy')(e.target.value)}>
            <option value="">Кто угодно</option>
            {users.data?.map((user) => (
              <option key={user.id} value={user.id}>
                {personDisplayName(user)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <DateRangeField
        legend="Дата добавления"
        fromLabel="Добавлен с"
        toLabel="Добавлен по"
        from={values.from}
        to={values.to}
        onFromChange={set('from')}
        onToChange={set('to')}
        className="sm:col-span-2"
      />
      <Button variant="ghost" onClick={onReset}>
        Сбросить
      </Button>
    </div>
  );
}
