import { useState } from 'react';
import { ClipboardDocumentListIcon } from '@heroicons/react/24/outline';
import { Button } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { LoadState, SettingsPage } from '../../shared/settings/settings-page';
import { AuditFiltersBar } from './audit-filters';
import { AuditTable } from './audit-table';
import { EMPTY_AUDIT_FILTERS, useAuditEvents } from './audit.queries';

/** /settings/audit: the account's admin and security actions, for its admins. */
export function AuditScreen() {
  const [filters, setFilters] = useState(EMPTY_AUDIT_FILTERS);
  const events = useAuditEvents(filters);
  const data = events.data;
  const pages = data ? Math.max(1, Math.ceil(data.audit_event_count / data.per_page)) : 1;
  const filtered = Boolean(
    filters.action || filters.actorId || filters.from || filters.to || filters.q,
  );

  return (
    <SettingsPage
      title="Журнал действий"
      description="Входы, изменения пользователей и настроек, выгрузки, объединения и удаления: кто, когда и откуда."
    >
      <AuditFiltersBar filters={filters} onChange={setFilters} />
      {!data ? (
        <LoadState
          isError={events.isError}
          loadingLabel="Загружаем журнал"
          errorText={events.error?.message || 'Не удалось загрузить журнал действий.'}
          onRetry={() => void events.refetch()}
        />
      ) : data.audit_events.length === 0 ? (
        <EmptyState
          icon={<ClipboardDocumentListIcon aria-hidden="true" />}
          title={filtered ? 'Ничего не найдено' : 'Журнал пока пуст'}
          description={
            filtered
              ? 'Под эти фильтры не подходит ни одно действие. Измените или сбросьте фильтры.'
              : 'Здесь появятся входы, изменения прав и настроек, выгрузки и удаления.'
          }
        />
      ) : (
        <>
          {events.isError && (
            <p role="alert" className="text-sm text-red-600">
              {events.error.message || 'Не удалось обновить журнал.'}
            </p>
          )}
          <AuditTable events={data.audit_events} />
          <nav aria-label="Страницы журнала" className="flex items-center justify-between gap-3">
            <span className="text-sm text-zinc-600">
              Всего записей: {data.audit_event_count} · страница {data.page} из {pages}
            </span>
            <span className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={filters.page <= 1 || events.isFetching}
                onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
              >
                Назад
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={filters.page >= pages || events.isFetching}
                onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
              >
                Дальше
              </Button>
            </span>
          </nav>
        </>
      )}
    </SettingsPage>
  );
}
