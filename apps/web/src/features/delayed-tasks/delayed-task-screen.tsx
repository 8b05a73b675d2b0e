import { ArrowPathIcon, XCircleIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { formatDateTime } from '../../shared/format/applicant-format';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useDelayedTask, useSubTasks, useTaskAction } from './delayed-tasks.queries';
import { SubTaskStateBadge, TaskStateBadge } from './task-state-badge';

/** `/delayed-tasks/{id}`: the task, each applicant's action with its state, retry and cancel. */
export function DelayedTaskScreen({ id }: { id: number }) {
  const task = useDelayedTask(id);
  const subTasks = useSubTasks(id);
  const { cancel, retry } = useTaskAction(id);
  const [confirming, setConfirming] = useState(false);
  useDocumentTitle(task.data?.title ?? 'Отложенная задача');

  if (!task.data) {
    return task.isError ? (
      <EmptyState
        title="Задача не найдена"
        description={task.error.message}
        action={<Link to="/delayed-tasks">Все задачи</Link>}
      />
    ) : (
      <div className="flex justify-center py-24 text-zinc-500">
        <Spinner label="Загрузка задачи" />
      </div>
    );
  }
  const t = task.data;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Link to="/delayed-tasks" className="text-sm text-indigo-700 hover:underline">
        ← Все задачи
      </Link>
      <PageHeader
        title={t.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {t.kind_name} · {formatDateTime(t.run_at)}
            <TaskStateBadge state={t.state} />
          </span>
        }
        actions={
          <div className="flex gap-2">
            {t.counts.failed > 0 && (
              <Button
                variant="secondary"
                loading={retry.isPending}
                onClick={() => void retry.mutateAsync()}
              >
                <ArrowPathIcon className="size-4" aria-hidden="true" />
                Повторить с ошибкой
              </Button>
            )}
            {t.counts.queued > 0 && (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                <XCircleIcon className="size-4" aria-hidden="true" />
                Отменить
              </Button>
            )}
          </div>
        }
      />
      <p className="text-sm text-zinc-600">
        Всего: {t.counts.total} · ожидает: {t.counts.queued} · выполнено: {t.counts.done} · с
        ошибкой: {t.counts.failed} · отменено: {t.counts.cancelled}
      </p>
      <Card>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Действия по кандидатам</caption>
          <thead className="border-b border-zinc-200 text-zinc-500">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Кандидат
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Состояние
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Результат
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {(subTasks.data ?? []).map((sub) => (
              <tr key={sub.id}>
                <td className="px-4 py-2">
                  {sub.applicant_id ? (
                    <Link
                      to={`/applicant/${sub.applicant_id}`}
                      className="text-indigo-700 hover:underline"
                    >
                      {sub.applicant_name || `Кандидат №${sub.applicant_id}`}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="px-4 py-2">
                  <SubTaskStateBadge state={sub.state} />
                </td>
                <td className="px-4 py-2 text-zinc-700">{sub.reason ?? sub.result ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Отменить задачу?"
        description="Действия, которые ещё не начались, выполнены не будут."
        confirmLabel="Отменить задачу"
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          void cancel.mutateAsync().then((result) => result.ok && setConfirming(false))
        }
      />
    </div>
  );
}
