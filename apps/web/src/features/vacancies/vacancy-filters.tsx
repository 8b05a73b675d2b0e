import { personDisplayName } from '@ats/contracts/person-name';
import { useEffect, useState } from 'react';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { useRecruiters } from '../../shared/applicant/applicant-references.queries';
import { useDivisions } from './vacancies.queries';
import { flattenDivisions, PRIORITY_OPTIONS } from './vacancy-format';
import type { VacancyGrouping, VacancyListParams } from './vacancy-list-params';

type Props = {
  params: VacancyListParams;
  grouping: VacancyGrouping;
  onChange: (changes: Partial<VacancyListParams>) => void;
  onGroupingChange: (grouping: VacancyGrouping) => void;
};

const idOrNull = (value: string) => (value ? Number(value) : null);

/** Search, division, owner, priority and grouping of the home list. */
export function VacancyFilters({ params, grouping, onChange, onGroupingChange }: Props) {
  const divisions = useDivisions();
  const users = useRecruiters();
  const [search, setSearch] = useState(params.search);
  const debounced = useDebouncedValue(search.trim(), 300);

  useEffect(() => {
    if (debounced !== params.search) onChange({ search: debounced });
    // Only a new typed value triggers a search; a params change from outside does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return (
    // One row on a wide screen (the search takes what the selects leave); on a phone the search
    // above two rows of two selects (a control fills its cell: the cells set the widths).
    <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end sm:gap-3">
      <Input
        type="search"
        aria-label="Поиск вакансий"
        placeholder="Поиск по названию"
        className="col-span-2 sm:w-auto sm:min-w-48 sm:flex-1"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Select
        aria-label="Подразделение"
        className="min-w-0 sm:w-44"
        value={params.division_id ?? ''}
        onChange={(event) => onChange({ division_id: idOrNull(event.target.value) })}
      >
        <option value="">Все подразделения</option>
        {flattenDivisions(divisions.data ?? []).map((division) => (
          <option key={division.id} value={division.id}>
            {`${'\u00a0\u00a0'.repeat(division.depth)}${division.name}`}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Ответственный"
        className="min-w-0 sm:w-44"
        value={params.owner_id ?? ''}
        onChange={(event) => onChange({ owner_id: idOrNull(event.target.value) })}
      >
        <option value="">Все ответственные</option>
        {users.data?.map((user) => (
          <option key={user.id} value={user.id}>
            {personDisplayName(user)}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Приоритет"
        className="min-w-0 sm:w-36"
        value={params.priority ?? ''}
        onChange={(event) =>
          onChange({ priority: event.target.value === '' ? null : Number(event.target.value) })
        }
      >
        <option value="">Любой приоритет</option>
        {PRIORITY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Группировка"
        className="min-w-0 sm:w-44"
        value={grouping}
        onChange={(event) => onGroupingChange(event.target.value as VacancyGrouping)}
      >
        <option value="none">Без группировки</option>
        <option value="division">По подразделениям</option>
        <option value="owner">По ответственным</option>
      </Select>
    </div>
  );
}
