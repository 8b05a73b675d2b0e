import { ClockIcon, PlusIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  DELAYED_TASK_KINDS,
  DELAYED_TASK_KIND_NAMES,
  TASK_STATE_NAMES,
  type TDelayedTaskKind,
  type TDelayedTaskState,
} from '@ats/contracts/delayed-tasks';
import { buttonClassName } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Select } from '@ats/ui/select';
import { Spinner } from '@ats/ui/spinner';
import { Tabs } from '@ats/ui/tabs';
import { formatDateTime } from '../../shared/format/applicant-format';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useDelayedTasks } from './delayed-tasks.queries';
import { TaskStateBadge } from './task-state-badge';

const TABS = ['upcoming', 'running', 'done', 'failed', 'cancelled'] as const;

/** `/delayed-tasks`: what is planned, what ran and what failed, by kind. */
export function DelayedTasksScreen() {
  useDocumentTitle('Отложенные задачи');
  const [state, setState] = useState<TDelayedTaskState>('upcoming');
  const [kind, setKind] = useState<TDelayedTaskKind | ''>('');
  const [page, setPage] = useState(1);
  const list = useDelayedTasks({ state, kind: kind || undefined, page });
  const data = list.data;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <PageHeader
        title="Отложенные задачи"
        description="Письма и действия, запланированные на будущее."
        actions={
          <Link to="/delayed-tasks/create" className={buttonClassName('primary')}>
            <PlusIcon className="size-4" aria-hidden="true" />
            Новая задача
          </Link>
        }
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Tabs
          items={TABS}
          value={state}
          onChange={(next) => {
            setState(next);
            setPage(1);
          }}
          labels={TASK_STATE_NAMES}
          label="Состояние задач"
          idPrefix="delayed-tab"
          panelId="delayed-panel"
        />
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          Действие
          <Select
            aria-label="Действие"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as TDelayedTaskKind | '');
              setPage(1);
            }}
            className="w-64"
          >
            <option value="">Все</option>
            {DELAYED_TASK_KINDS.map((k) => (
              <option key={k} value={k}>
                {DELAYED_TASK_KIND_NAMES[k]}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <div id="delayed-panel" role="tabpanel" aria-labelledby={`delayed-tab-${state}`}>
        {!data ? (
          <div className="flex justify-center py-16 text-zinc-500">
            {list.isError ? 'Не удалось загрузить задачи' : <Spinner label="Загрузка задач" />}
          </div>
        ) : data.items.length === 0 ? (
          <EmptyState
            icon={<ClockIcon />}
            title="Задач нет"
            description="Отложить письмо или действие можно из карточки кандидата, списка или доски."
          />
        ) : (
          <Card>
            <ul aria-label="Отложенные задачи" className="divide-y divide-zinc-100">
              {data.items.map((task) => (
                <li key={task.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`/delayed-tasks/${task.id}`}
                      className="block truncate text-sm font-medium text-indigo-700 hover:underline"
                    >
                      {task.title}
                    </Link>
                    <p className="text-sm text-zinc-500">
                      {formatDateTime(task.run_at)} · кандидатов: {task.counts.total}
                      {task.counts.failed > 0 && ` · с ошибкой: ${task.counts.failed}`}
                    </p>
                  </div>
                  <TaskStateBadge state={task.state} />
                </li>
              ))}
            </ul>
          </Card>
        )}
        {data && data.total > data.per_page && (
          <div className="mt-3 flex justify-end gap-2 text-sm">
            <button
              type="button"
              className={buttonClassName('secondary', 'sm')}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Назад
            </button>
            <button
              type="button"
              className={buttonClassName('secondary', 'sm')}
              disabled={page * data.per_page >= data.total}
              onClick={() => setPage(page + 1)}
            >
              Дальше
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
