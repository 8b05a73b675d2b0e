import { useEffect, useState } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type TAuditAction } from '@ats/contracts/audit';
import { Button } from '@ats/ui/button';
import { DateRangeField } from '@ats/ui/date-range-field';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { personDisplayName } from '@ats/contracts/person-name';
import { EMPTY_AUDIT_FILTERS, type AuditFilters } from './audit.queries';
import { useTeam } from '../../shared/team-members.queries';

const SEARCH_DELAY_MS = 300;

type Props = { filters: AuditFilters; onChange: (filters: AuditFilters) => void };

/** Action type, user, days and a search; any change starts again from the first page. */
export function AuditFiltersBar({ filters, onChange }: Props) {
  const team = useTeam();
  const [search, setSearch] = useState(filters.q);
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch, page: 1 });

  useEffect(() => {
    if (search === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: search, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const filtered = filters.action || filters.actorId || filters.from || filters.to || filters.q;
  return (
    <form
      role="search"
      aria-label="Фильтры журнала"
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(event) => {
        event.preventDefault();
        set({ q: search });
      }}
    >
      <Field label="Действие">
        {(control) => (
          <Select
            {...control}
            value={filters.action}
            onChange={(event) => set({ action: event.target.value as TAuditAction | '' })}
          >
            <option value="">Все действия</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Пользователь">
        {(control) => (
          <Select
            {...control}
            value={filters.actorId}
            onChange={(event) => set({ actorId: event.target.value })}
          >
            <option value="">Все пользователи</option>
            {(team.data ?? []).map((user) => (
              <option key={user.id} value={String(user.id)}>
                {personDisplayName(user)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <DateRangeField
        legend="Период"
        fromLabel="С даты"
        toLabel="По дату"
        from={filters.from}
        to={filters.to}
        onFromChange={(from) => set({ from })}
        onToChange={(to) => set({ to })}
        className="sm:col-span-2"
      />
      <Field label="Поиск">
        {(control) => (
          <Input
            {...control}
            type="search"
            placeholder="Текст, email, IP"
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
      </Field>
      {filtered && (
        <div className="sm:col-span-2 lg:col-span-5">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setSearch('');
              onChange(EMPTY_AUDIT_FILTERS);
            }}
          >
            Сбросить фильтры
          </Button>
        </div>
      )}
    </form>
  );
}
