import { useEffect, useState } from 'react';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import {
  REQUEST_STATE_LABELS,
  REQUEST_STATES,
  type TRequestState,
} from '@ats/contracts/vacancy-applications';
import {
  useRequestDivisions,
  type RequestListParams,
} from '../../shared/requests/requests-queries';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { flattenDivisions } from './request-format';

type Props = {
  params: RequestListParams;
  onChange: (changes: Partial<RequestListParams>) => void;
};

/** Search by position, state, division and «only overdue» of the requests' list. */
export function RequestFilters({ params, onChange }: Props) {
  const divisions = useRequestDivisions();
  const [search, setSearch] = useState(params.q ?? '');
  const debounced = useDebouncedValue(search.trim(), 300);

  useEffect(() => {
    if (debounced !== (params.q ?? '')) onChange({ q: debounced || undefined });
    // Only a new typed value triggers a search; a params change from outside does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return (
    <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center sm:gap-3">
      <Input
        type="search"
        aria-label="Поиск по должности"
        placeholder="Поиск по должности"
        className="col-span-2 sm:w-auto sm:min-w-48 sm:flex-1"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Select
        aria-label="Состояние"
        className="min-w-0 sm:w-44"
        value={params.state ?? ''}
        onChange={(event) =>
          onChange({ state: (event.target.value || undefined) as TRequestState | undefined })
        }
      >
        <option value="">Все состояния</option>
        {REQUEST_STATES.map((state) => (
          <option key={state} value={state}>
            {REQUEST_STATE_LABELS[state]}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Подразделение"
        className="min-w-0 sm:w-56"
        value={params.account_division_id ?? ''}
        onChange={(event) =>
          onChange({
            account_division_id: event.target.value ? Number(event.target.value) : undefined,
          })
        }
      >
        <option value="">Все подразделения</option>
        {flattenDivisions(divisions.data ?? []).map((division) => (
          <option key={division.id} value={division.id}>
            {`${'\u00a0\u00a0'.repeat(division.depth)}${division.name}`}
          </option>
        ))}
      </Select>
      <label className="col-span-2 inline-flex items-center gap-2 text-sm text-zinc-700">
        <input
          type="checkbox"
          className="size-4 rounded border-zinc-300 text-indigo-600"
          checked={params.overdue === 'true'}
          onChange={(event) => onChange({ overdue: event.target.checked ? 'true' : undefined })}
        />
        Только просроченные
      </label>
    </div>
  );
}
