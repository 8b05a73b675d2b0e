import { XMarkIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TEvaluationForm } from '@ats/contracts/evaluations';
import { Button } from '@ats/ui/button';
import { Select } from '@ats/ui/select';
import { useAttachForm, useStageSources } from './evaluations.queries';

type StageChoice = { id: number; label: string; evaluationId: number | null };

const stageLabel = (s: TEvaluationForm['statuses'][number]) =>
  s.vacancy_id !== null
    ? `Вакансия «${s.vacancy_name ?? ''}» → ${s.name}`
    : `Воронка «${s.status_group_name ?? ''}» → ${s.name}`;

/** «Этапы, где используется»: the stages that offer the form, and attaching it to another. */
export function FormStages({ form }: { form: TEvaluationForm }) {
  const sources = useStageSources();
  const attach = useAttachForm();
  const [stageId, setStageId] = useState('');
  const choices: { group: string; stages: StageChoice[] }[] = sources.data
    ? [
        ...sources.data.funnels.map((f) => ({
          group: `Воронка «${f.name}»`,
          stages: f.statuses.map((s) => ({
            id: s.id,
            label: s.name,
            evaluationId: s.evaluation_id,
          })),
        })),
        ...sources.data.vacancies.map((v) => ({
          group: `Вакансия «${v.position}»`,
          stages: v.statuses.map((s) => ({
            id: s.id,
            label: s.name,
            evaluationId: s.evaluation_id,
          })),
        })),
      ]
    : [];
  const selectId = `attach-${form.id}`;

  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        Этапы, где используется
      </h4>
      {form.statuses.length === 0 ? (
        <p className="text-sm text-zinc-500">Форма пока не прикреплена ни к одному этапу.</p>
      ) : (
        <ul aria-label={`Этапы формы «${form.name}»`} className="flex flex-wrap gap-1.5">
          {form.statuses.map((s) => (
            <li
              key={s.id}
              className="inline-flex items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-2.5 text-xs text-zinc-800"
            >
              {stageLabel(s)}
              <button
                type="button"
                aria-label={`Открепить от этапа: ${stageLabel(s)}`}
                className="rounded-full p-0.5 hover:bg-zinc-200"
                onClick={() => attach.mutate({ stageId: s.id, formId: null })}
              >
                <XMarkIcon className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          Этап для формы «{form.name}»
        </label>
        <Select
          id={selectId}
          className="max-w-80"
          value={stageId}
          onChange={(e) => setStageId(e.target.value)}
        >
          <option value="">Выберите этап…</option>
          {choices.map((c) => (
            <optgroup key={c.group} label={c.group}>
              {c.stages.map((s) => (
                <option key={s.id} value={s.id} disabled={s.evaluationId === form.id}>
                  {s.label}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
        <Button
          size="sm"
          variant="secondary"
          disabled={!stageId || attach.isPending}
          onClick={() =>
            attach.mutate(
              { stageId: Number(stageId), formId: form.id },
              { onSuccess: () => setStageId('') },
            )
          }
        >
          Прикрепить к этапу
        </Button>
      </div>
    </div>
  );
}
