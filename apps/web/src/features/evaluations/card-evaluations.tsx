import {
  ClipboardDocumentCheckIcon,
  PencilSquareIcon,
  TrashIcon,
} from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TApplicant } from '@ats/contracts/applicants';
import {
  RECOMMENDATION_LABELS,
  type TAnswer,
  type TApplicantEvaluation,
} from '@ats/contracts/evaluations';
import { Button, iconButton } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { formatDateTime } from '../../shared/format/applicant-format';
import { useCurrentUser } from '../../shared/session/session.queries';
import { AnswerForm } from './answer-form';
import { EvaluationSummary } from './evaluation-summary';
import {
  useApplicantEvaluations,
  useDeleteEvaluation,
  useEvaluationForms,
} from './evaluations.queries';

function answerText(answer: TAnswer) {
  const { result } = answer.result;
  if (answer.result.criterion_type === 'add_file') return null;
  if (result === null) return '—';
  return Array.isArray(result) ? result.join(', ') : String(result);
}

function EvaluationItem({
  evaluation,
  mayChange,
  onEdit,
  onDelete,
}: {
  evaluation: TApplicantEvaluation;
  mayChange: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const author = evaluation.author?.name || 'Автор неизвестен';
  return (
    <li aria-label={`Оценка: ${evaluation.evaluation_name}, ${author}`} className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-zinc-900">
          <span className="font-medium">{author}</span>
          <span className="text-zinc-500"> · {evaluation.evaluation_name}</span>
          <span className="text-zinc-500"> · {formatDateTime(evaluation.created_at)}</span>
        </p>
        <div className="flex items-center gap-1">
          {evaluation.recommendation && (
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-800">
              {RECOMMENDATION_LABELS[evaluation.recommendation]}
            </span>
          )}
          {mayChange && (
            <>
              <button
                type="button"
                className={iconButton}
                aria-label="Изменить оценку"
                onClick={onEdit}
              >
                <PencilSquareIcon className="size-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                className={iconButton}
                aria-label="Удалить оценку"
                onClick={onDelete}
              >
                <TrashIcon className="size-4" aria-hidden="true" />
              </button>
            </>
          )}
        </div>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
        {evaluation.criterions.map((a) => (
          <div key={a.criterion_id} className="contents">
            <dt className="text-zinc-500">{a.criterion_name}</dt>
            <dd className="text-zinc-900">
              {a.result.file_url ? (
                <a href={a.result.file_url} className="text-indigo-700 hover:underline">
                  {a.result.file_name}
                </a>
              ) : (
                (answerText(a) ?? '—')
              )}
              {a.comment && <span className="block text-xs text-zinc-500">{a.comment}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** «Оценки» on the applicant card: fill a form, read the evaluations and their averages. */
export function EvaluationsSection({ applicant }: { applicant: TApplicant }) {
  const me = useCurrentUser();
  const forms = useEvaluationForms();
  const list = useApplicantEvaluations(applicant.id);
  const remove = useDeleteEvaluation(applicant.id);
  const [editing, setEditing] = useState<TApplicantEvaluation | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TApplicantEvaluation | null>(null);
  const evaluations = list.data?.applicant_evaluations ?? [];

  return (
    <Card className="p-5">
      <section aria-labelledby="card-evaluations-title">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id="card-evaluations-title" className="text-base font-semibold text-zinc-900">
            Оценки
          </h2>
          {editing === null && (
            <Button size="sm" variant="ghost" onClick={() => setEditing('new')}>
              <ClipboardDocumentCheckIcon className="size-4" aria-hidden="true" />
              Оценить
            </Button>
          )}
        </div>
        {editing !== null && forms.data && (
          <div className="mb-4 rounded-lg border border-zinc-200 p-4">
            <AnswerForm
              key={editing === 'new' ? 'new' : editing.id}
              applicantId={applicant.id}
              forms={forms.data}
              stages={applicant.vacancies}
              {...(editing !== 'new' && { evaluation: editing })}
              onDone={() => setEditing(null)}
            />
          </div>
        )}
        {list.isError ? (
          <p className="text-sm text-zinc-500">Оценки недоступны</p>
        ) : !list.data ? (
          <p className="text-sm text-zinc-500">Загрузка оценок…</p>
        ) : evaluations.length === 0 ? (
          <p className="text-sm text-zinc-500">Кандидата ещё никто не оценил.</p>
        ) : (
          <div className="flex flex-col gap-4">
            {list.data.summary.map((s) => (
              <EvaluationSummary key={s.evaluation_id} summary={s} />
            ))}
            <ul aria-label="Оценки кандидата" className="divide-y divide-zinc-100">
              {evaluations.map((e) => (
                <EvaluationItem
                  key={e.id}
                  evaluation={e}
                  mayChange={me.is_admin || e.author?.id === me.id}
                  onEdit={() => setEditing(e)}
                  onDelete={() => setDeleting(e)}
                />
              ))}
            </ul>
          </div>
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title="Удалить оценку?"
        description="Ответы этой оценки пропадут из итогов."
        confirmLabel="Удалить"
        destructive
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove.mutateAsync(deleting.id).then(() => setDeleting(null));
        }}
      />
    </Card>
  );
}
