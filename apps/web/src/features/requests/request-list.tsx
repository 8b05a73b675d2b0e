import { ClipboardDocumentListIcon } from '@heroicons/react/24/outline';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@ats/ui/button';
import { cx } from '@ats/ui/class-names';
import { EmptyState } from '@ats/ui/empty-state';
import type { TRequest, TRequestPage } from '@ats/contracts/vacancy-applications';

import { pluralize } from '../../shared/format/plurals';
import type { RequestListParams } from '../../shared/requests/requests-queries';
import { currentStepOf, formatDay } from './request-format';
import { hasRequestFilters } from './request-list-params';
import { RequestStateBadge } from './request-state-badge';

const REQUEST_FORMS = { one: 'заявка', few: 'заявки', many: 'заявок' };

const EMPTY_TAB: Record<RequestListParams['tab'], string> = {
  mine: 'У вас пока нет заявок',
  to_approve: 'Нет заявок, ждущих вашего решения',
  all: 'Заявок пока нет',
};

type Props = {
  query: UseQueryResult<TRequestPage>;
  params: RequestListParams;
  onPage: (page: number) => void;
};

function Skeleton() {
  return (
    <ul aria-busy="true" aria-label="Загрузка заявок" className="flex flex-col gap-2">
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className="h-16 animate-pulse rounded-xl bg-zinc-100" />
      ))}
    </ul>
  );
}

/** The requests of one tab: loading, error, empty, the rows and the pager. */
export function RequestList({ query, params, onPage }: Props) {
  if (query.isPending) return <Skeleton />;
  if (query.isError) {
    return (
      <EmptyState
        title="Не удалось загрузить заявки"
        description={query.error.message}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Повторить
          </Button>
        }
      />
    );
  }
  const { vacancy_applications: requests, vacancy_application_count: total, per_page } = query.data;
  if (requests.length === 0) {
    return hasRequestFilters(params) ? (
      <EmptyState
        icon={<ClipboardDocumentListIcon />}
        title="Ничего не найдено"
        description="Под эти фильтры не подходит ни одна заявка."
      />
    ) : (
      <EmptyState
        icon={<ClipboardDocumentListIcon />}
        title={EMPTY_TAB[params.tab]}
        description={
          params.tab === 'to_approve'
            ? undefined
            : 'Заявка на подбор — первый шаг к вакансии: её согласуют, и рекрутер начнёт поиск.'
        }
        action={
          params.tab === 'to_approve' ? undefined : (
            <Link to="/requests/new" className={buttonClassName('primary')}>
              Новая заявка
            </Link>
          )
        }
      />
    );
  }
  const pages = Math.max(1, Math.ceil(total / per_page));
  return (
    <div className="flex flex-col gap-4" aria-busy={query.isFetching || undefined}>
      <p className="text-sm text-zinc-500">Найдено: {pluralize(total, REQUEST_FORMS)}</p>
      <ul aria-label="Заявки" className="flex flex-col gap-2">
        {requests.map((request) => (
          <RequestRow key={request.id} request={request} />
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label="Страницы заявок" className="flex items-center justify-center gap-3">
          <Button
            variant="secondary"
            size="sm"
            disabled={params.page <= 1}
            onClick={() => onPage(params.page - 1)}
          >
            Назад
          </Button>
          <span className="text-sm text-zinc-600">
            Страница {params.page} из {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={params.page >= pages}
            onClick={() => onPage(params.page + 1)}
          >
            Вперёд
          </Button>
        </nav>
      )}
    </div>
  );
}

function RequestRow({ request }: { request: TRequest }) {
  const step = currentStepOf(request);
  const overdue = step?.overdue ?? false;
  return (
    <li
      aria-label={request.position}
      className={cx(
        'grid gap-x-4 gap-y-1 rounded-xl border bg-white p-3 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]',
        overdue ? 'border-red-300' : 'border-zinc-200',
      )}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Link
          to={`/requests/${request.id}`}
          className="min-w-0 font-medium break-words text-indigo-700 hover:underline"
        >
          {request.position}
        </Link>
        <RequestStateBadge state={request.state} />
      </div>
      <div className="min-w-0 text-zinc-700">
        <span className="sr-only">Автор: </span>
        {request.author.name}
        {request.account_division && (
          <span className="block text-xs text-zinc-500">{request.account_division.name}</span>
        )}
      </div>
      <div className={cx('min-w-0', overdue ? 'font-medium text-red-700' : 'text-zinc-600')}>
        {step ? (
          <>
            <span className="sr-only">Текущий шаг: </span>
            {step.name}
            {overdue && (
              <span className="block text-xs">
                Просрочено{step.due_at ? ` с ${formatDay(step.due_at)}` : ''}
              </span>
            )}
          </>
        ) : (
          <span className="text-zinc-400">—</span>
        )}
      </div>
      <div className="text-xs text-zinc-500 sm:text-right">
        <span className="sr-only">Создана </span>
        <time dateTime={request.created_at}>{formatDay(request.created_at)}</time>
      </div>
    </li>
  );
}
