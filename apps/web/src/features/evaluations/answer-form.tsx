import { useState, type FormEvent } from 'react';
import {
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  type TApplicantEvaluation,
  type TEvaluationForm,
  type TRecommendation,
} from '@ats/contracts/evaluations';
import { Button } from '@ats/ui/button';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { cx } from '@ats/ui/class-names';
import { type AnswerDrafts, AnswerFields, answersOf } from './answer-fields';
import { useSaveEvaluation } from './evaluations.queries';

export type ApplicantStage = { vacancy_id: number; vacancy_name: string; status_id: number | null };

type Props = {
  applicantId: number;
  forms: TEvaluationForm[];
  /** Where the applicant stands: the form of the current stage is offered first. */
  stages: ApplicantStage[];
  /** Given when an existing evaluation is edited. */
  evaluation?: TApplicantEvaluation;
  onDone: () => void;
};

/** The form attached to a stage the applicant stands on, with that vacancy. */
export function stageDefault(forms: TEvaluationForm[], stages: ApplicantStage[]) {
  for (const stage of stages) {
    const form = forms.find((f) => f.statuses.some((s) => s.id === stage.status_id));
    if (form) return { formId: form.id, vacancyId: stage.vacancy_id };
  }
  return { formId: forms[0]?.id ?? null, vacancyId: stages[0]?.vacancy_id ?? null };
}

function draftsOf(evaluation: TApplicantEvaluation | undefined): AnswerDrafts {
  const drafts: AnswerDrafts = {};
  for (const a of evaluation?.criterions ?? []) {
    const value = a.result.result;
    drafts[a.criterion_id] = {
      value,
      comment: a.comment ?? '',
      keptFileName: a.result.file_name ?? null,
    };
  }
  return drafts;
}

/** Filling a form for an applicant: choose the form, answer its criteria, give a verdict. */
export function AnswerForm({ applicantId, forms, stages, evaluation, onDone }: Props) {
  const initial = stageDefault(forms, stages);
  const [formId, setFormId] = useState(evaluation?.evaluation_id ?? initial.formId);
  const [vacancyId, setVacancyId] = useState(
    evaluation ? evaluation.vacancy_id : initial.vacancyId,
  );
  const [drafts, setDrafts] = useState<AnswerDrafts>(() => draftsOf(evaluation));
  const [recommendation, setRecommendation] = useState<TRecommendation | null>(
    evaluation?.recommendation ?? null,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveEvaluation(applicantId, evaluation?.id ?? null);
  const form = forms.find((f) => f.id === formId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const criterions = answersOf(form.criterions, drafts);
    const body = evaluation
      ? { recommendation, criterions }
      : {
          evaluation_id: form.id,
          applicant_id: applicantId,
          vacancy_id: vacancyId,
          recommendation,
          criterions,
        };
    const result = await save.mutateAsync(body);
    if (result.ok) onDone();
    else setErrors(result.errors ?? {});
  };

  if (forms.length === 0) {
    return (
      <p className="text-sm text-zinc-500">
        В аккаунте нет форм оценки. Их создаёт администратор в настройках.
      </p>
    );
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Заполнить оценку"
      className="flex flex-col gap-4"
      noValidate
    >
      {!evaluation && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Форма оценки">
            {(control) => (
              <Select
                {...control}
                value={formId ?? ''}
                onChange={(e) => {
                  setFormId(Number(e.target.value));
                  setDrafts({});
                  setErrors({});
                }}
              >
                {forms.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {stages.length > 0 && (
            <Field label="Вакансия">
              {(control) => (
                <Select
                  {...control}
                  value={vacancyId ?? ''}
                  onChange={(e) => setVacancyId(e.target.value ? Number(e.target.value) : null)}
                >
                  <option value="">Без вакансии</option>
                  {stages.map((s) => (
                    <option key={s.vacancy_id} value={s.vacancy_id}>
                      {s.vacancy_name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </div>
      )}
      {form && (
        <AnswerFields
          criteria={form.criterions}
          drafts={drafts}
          errors={errors}
          onChange={(id, draft) => setDrafts((all) => ({ ...all, [id]: draft }))}
        />
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-zinc-900">Рекомендация</legend>
        <div role="radiogroup" aria-label="Рекомендация" className="flex flex-wrap gap-2">
          {RECOMMENDATIONS.map((r) => (
            <button
              key={r}
              type="button"
              role="radio"
              aria-checked={recommendation === r}
              onClick={() => setRecommendation(recommendation === r ? null : r)}
              className={cx(
                'rounded-full px-3 py-1 text-sm ring-1 focus-visible:outline-2 focus-visible:outline-indigo-600',
                recommendation === r
                  ? 'bg-indigo-600 text-white ring-indigo-600'
                  : 'bg-white text-zinc-800 ring-zinc-300 hover:bg-zinc-50',
              )}
            >
              {RECOMMENDATION_LABELS[r]}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending || !form}>
          {evaluation ? 'Сохранить оценку' : 'Отправить оценку'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
