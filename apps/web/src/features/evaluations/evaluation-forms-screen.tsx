import {
  ClipboardDocumentListIcon,
  PencilSquareIcon,
  PlusIcon,
  TrashIcon,
} from '@heroicons/react/24/outline';
import { useState } from 'react';
import { CRITERION_TYPE_LABELS, type TEvaluationForm } from '@ats/contracts/evaluations';
import { Button, iconButton } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { EmptyState } from '@ats/ui/empty-state';
import { pluralize } from '../../shared/format/plurals';
import { LoadState, SettingsPage } from '../../shared/settings/settings-page';
import { useDeleteForm, useEvaluationForms } from './evaluations.queries';
import { FormBuilder } from './form-builder';
import { FormStages } from './form-stages';

const CRITERIA_FORMS = { one: 'критерий', few: 'критерия', many: 'критериев' };
const EVALUATION_FORMS = { one: 'оценка', few: 'оценки', many: 'оценок' };

function FormCard({
  form,
  onEdit,
  onDelete,
}: {
  form: TEvaluationForm;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li aria-label={form.name}>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-zinc-900">{form.name}</p>
            {form.description && <p className="text-sm text-zinc-500">{form.description}</p>}
            <p className="mt-1 text-xs text-zinc-500">
              {pluralize(form.criterions.length, CRITERIA_FORMS)} ·{' '}
              {pluralize(form.evaluations_count, EVALUATION_FORMS)}
            </p>
          </div>
          <button
            type="button"
            className={iconButton}
            aria-label={`Изменить форму «${form.name}»`}
            onClick={onEdit}
          >
            <PencilSquareIcon className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`Удалить форму «${form.name}»`}
            onClick={onDelete}
          >
            <TrashIcon className="size-4" aria-hidden="true" />
          </button>
        </div>
        <ol className="flex flex-wrap gap-1.5 text-xs">
          {form.criterions.map((c) => (
            <li key={c.id} className="rounded-md bg-indigo-50 px-2 py-0.5 text-indigo-900">
              {c.name}{' '}
              <span className="text-indigo-600">({CRITERION_TYPE_LABELS[c.criterion_type]})</span>
            </li>
          ))}
        </ol>
        <FormStages form={form} />
      </Card>
    </li>
  );
}

/** The route guard lets only admins who are recruiters in (SPEC.md §6): all of it is editable. */
export function EvaluationFormsScreen() {
  const forms = useEvaluationForms();
  const remove = useDeleteForm();
  const [editing, setEditing] = useState<TEvaluationForm | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TEvaluationForm | null>(null);

  return (
    <SettingsPage
      title="Формы оценки кандидатов"
      description="Критерии, по которым команда оценивает кандидатов, и этапы, на которых форма предлагается."
      actions={
        editing === null && (
          <Button onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" aria-hidden="true" />
            Новая форма
          </Button>
        )
      }
    >
      {editing !== null ? (
        <FormBuilder
          key={editing === 'new' ? 'new' : editing.id}
          form={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : !forms.data ? (
        <LoadState
          isError={forms.isError}
          loadingLabel="Загрузка форм"
          errorText="Не удалось загрузить формы оценки"
          onRetry={() => void forms.refetch()}
        />
      ) : forms.data.length === 0 ? (
        <EmptyState
          icon={<ClipboardDocumentListIcon />}
          title="Форм оценки пока нет"
          description="Соберите форму: шкалы, варианты ответа, текст и файл. Её можно прикрепить к этапу."
        />
      ) : (
        <ul aria-label="Формы оценки" className="flex flex-col gap-3">
          {forms.data.map((form) => (
            <FormCard
              key={form.id}
              form={form}
              onEdit={() => setEditing(form)}
              onDelete={() => setDeleting(form)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Удалить форму «${deleting?.name ?? ''}»?`}
        description="Сделанные по ней оценки сохранятся, а этапы перестанут её предлагать."
        confirmLabel="Удалить"
        destructive
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove.mutateAsync(deleting.id).then(() => setDeleting(null));
        }}
      />
    </SettingsPage>
  );
}
