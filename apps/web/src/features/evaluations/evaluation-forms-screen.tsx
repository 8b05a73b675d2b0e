import { ClipboardDocumentListIcon } from '@heroicons/react/24/outline';
import { CRITERION_TYPE_LABELS, type TEvaluationForm } from '@ats/contracts/evaluations';
import { pluralize } from '../../shared/format/plurals';
import { CollectionPage } from '../../shared/settings/collection-page';
import { useDeleteForm, useEvaluationForms } from './evaluations.queries';
import { FormBuilder } from './form-builder';
import { FormStages } from './form-stages';

const CRITERIA_FORMS = { one: 'критерий', few: 'критерия', many: 'критериев' };
const EVALUATION_FORMS = { one: 'оценка', few: 'оценки', many: 'оценок' };

/** The route guard lets only admins who are recruiters in (SPEC.md §6): all of it is editable. */
export function EvaluationFormsScreen() {
  const forms = useEvaluationForms();
  const remove = useDeleteForm();
  return (
    <CollectionPage<TEvaluationForm>
      title="Формы оценки кандидатов"
      description="Критерии, по которым команда оценивает кандидатов, и этапы, на которых форма предлагается."
      newLabel="Новая форма"
      listLabel="Формы оценки"
      items={forms}
      loadingLabel="Загрузка форм"
      errorText="Не удалось загрузить формы оценки"
      empty={{
        icon: <ClipboardDocumentListIcon />,
        title: 'Форм оценки пока нет',
        description:
          'Соберите форму: шкалы, варианты ответа, текст и файл. Её можно прикрепить к этапу.',
      }}
      editLabel="Изменить форму"
      deleteLabel="Удалить форму"
      renderSummary={(form) =>
        `${pluralize(form.criterions.length, CRITERIA_FORMS)} · ${pluralize(form.evaluations_count, EVALUATION_FORMS)}`
      }
      renderDetails={(form) => (
        <>
          <ol className="flex flex-wrap gap-1.5 text-xs">
            {form.criterions.map((c) => (
              <li key={c.id} className="rounded-md bg-indigo-50 px-2 py-0.5 text-indigo-900">
                {c.name}{' '}
                <span className="text-indigo-600">({CRITERION_TYPE_LABELS[c.criterion_type]})</span>
              </li>
            ))}
          </ol>
          <FormStages form={form} />
        </>
      )}
      renderEditor={(form, onDone) => <FormBuilder form={form} onDone={onDone} />}
      confirmDelete={{
        title: (form) => `Удалить форму «${form.name}»?`,
        description: 'Сделанные по ней оценки сохранятся, а этапы перестанут её предлагать.',
        pending: remove.isPending,
        remove: (form) => remove.mutateAsync(form.id),
      }}
    />
  );
}
