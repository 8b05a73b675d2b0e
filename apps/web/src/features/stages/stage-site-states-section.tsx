import { useId, useState } from 'react';
import {
  JOB_SITE_STAGE_STATES,
  JOB_SITE_STAGE_STATE_NAMES,
  type TJobSiteStageState,
  type TStageSiteState,
} from '@ats/contracts/job-site-states';
import { Button } from '@ats/ui/button';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { Textarea } from '@ats/ui/textarea';
import { LoadState } from '../../shared/settings/settings-page';
import { type StageOwner, useSiteStates, useSaveSiteState } from './stages.queries';

/** What each state does on hh.ru, said to the recruiter choosing it. */
const STATE_HINTS: Record<TJobSiteStageState, string> = {
  none: 'отклик на hh.ru не меняется',
  invitation: 'кандидат получит приглашение',
  discard: 'кандидат получит отказ',
};

/**
 * The funnel's «Статус на hh.ru» (decision 0054): for each stage, what entering it does to the
 * hh.ru response the applicant came from, and the message sent with it. Stage managers choose;
 * everyone else reads.
 */
export function StageSiteStatesSection({
  owner,
  canEdit,
}: {
  /** A funnel's stages, or a vacancy's own (each follows its funnel stage until chosen here). */
  owner: StageOwner;
  canEdit: boolean;
}) {
  const headingId = useId();
  const states = useSiteStates(owner);
  const ofVacancy = 'vacancy_id' in owner;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 border-t border-zinc-100 pt-3"
    >
      <h3 id={headingId} className="text-sm font-semibold text-zinc-900">
        Статус на hh.ru
      </h3>
      <p className="text-xs text-zinc-500">
        {ofVacancy
          ? 'Что получит кандидат, откликнувшийся на hh.ru, когда его переведут на этап этой вакансии. Пока этап не настроен здесь, действует выбор воронки.'
          : 'Что получит кандидат, откликнувшийся на hh.ru, когда его переведут на этап вакансии из этой воронки.'}
      </p>
      {states.data ? (
        states.data.length === 0 ? (
          <p className="text-sm text-zinc-500">
            {ofVacancy ? 'У вакансии нет этапов.' : 'В воронке нет этапов.'}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-zinc-100">
            {states.data.map((stage) => (
              <li key={stage.status_id} className="py-2">
                {canEdit ? (
                  // Keyed by what the server holds, so a saved or re-read state resets the form.
                  <StageSiteStateForm
                    key={`${stage.state}:${stage.message}:${stage.is_default}:${stage.from_funnel}`}
                    stage={stage}
                  />
                ) : (
                  <StageSiteStateText stage={stage} />
                )}
              </li>
            ))}
          </ul>
        )
      ) : (
        <LoadState
          isError={states.isError}
          loadingLabel="Загрузка статусов hh.ru"
          errorText="Не удалось загрузить статусы hh.ru"
          onRetry={() => void states.refetch()}
        />
      )}
    </section>
  );
}

function StageSiteStateText({ stage }: { stage: TStageSiteState }) {
  return (
    <p className="text-sm text-zinc-700" data-testid="stage-site-state">
      <span className="font-medium text-zinc-900">{stage.name}</span>:{' '}
      {JOB_SITE_STAGE_STATE_NAMES[stage.state]}
      {stage.is_default && <span className="text-zinc-500"> (по умолчанию)</span>}
      {stage.from_funnel && <span className="text-zinc-500"> (как в воронке)</span>}
      {stage.state !== 'none' && stage.message && (
        <span className="block text-xs text-zinc-500">«{stage.message}»</span>
      )}
    </p>
  );
}

function StageSiteStateForm({ stage }: { stage: TStageSiteState }) {
  const save = useSaveSiteState();
  const [state, setState] = useState<TJobSiteStageState>(stage.state);
  const [message, setMessage] = useState(stage.message);
  const [error, setError] = useState<string | undefined>();
  const changed = state !== stage.state || message !== stage.message;
  return (
    <form
      noValidate
      aria-label={`Статус на hh.ru для этапа «${stage.name}»`}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        void save
          .mutateAsync({
            statusId: stage.status_id,
            state,
            message: state === 'none' ? null : message.trim() || null,
          })
          .then((result) => {
            if (!result.ok) setError(result.errors?.message ?? result.message);
          });
      }}
    >
      <div className="flex flex-wrap items-end gap-2">
        <p className="min-w-40 flex-1 pb-2 text-sm font-medium break-words text-zinc-900">
          {stage.name}
          {stage.from_funnel && !changed && (
            <span className="ml-1 text-xs font-normal text-zinc-500">(как в воронке)</span>
          )}
          {stage.is_default && !changed && (
            <span className="ml-1 text-xs font-normal text-zinc-500">(по умолчанию)</span>
          )}
        </p>
        <Field label="Статус на hh.ru" className="w-56">
          {(control) => (
            <Select
              {...control}
              value={state}
              onChange={(e) => {
                const next = e.target.value as TJobSiteStageState;
                // The text chosen for the old state does not fit the new one: the new state's
                // default applies unless the recruiter writes another.
                if (message === stage.message) {
                  setMessage(next === stage.state ? stage.message : '');
                }
                setState(next);
              }}
            >
              {JOB_SITE_STAGE_STATES.map((value) => (
                <option key={value} value={value}>
                  {JOB_SITE_STAGE_STATE_NAMES[value]} — {STATE_HINTS[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          disabled={!changed}
          loading={save.isPending}
        >
          Сохранить
        </Button>
      </div>
      {state !== 'none' && (
        <Field
          label="Сообщение кандидату"
          hint="Пусто — текст по умолчанию; в окне отказа можно написать другое"
          error={error}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              maxLength={2000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          )}
        </Field>
      )}
      {state === 'none' && error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
