import { useId, useState } from 'react';
import type { TApplicant } from '@ats/contracts/applicants';
import type { TBoardColumn, TRejectKind } from '@ats/contracts/pipeline';
import { Button } from '@ats/ui/button';
import { Select } from '@ats/ui/select';
import { applicantName } from '../../shared/format/applicant-format';
import {
  useMoveApplicationTo,
  useVacancyColumns,
  useVacancyHeader,
  type ApplicationTarget,
} from '../../shared/pipeline/pipeline.queries';

type Placement = TApplicant['vacancies'][number];

/** What the caller may do with the applicant on this vacancy, from the stage rights. */
export function applicationChoices(columns: readonly TBoardColumn[], currentStatusId: number) {
  const current = columns.find((c) => c.status.id === currentStatusId);
  if (!current?.can_write) return null;
  const working = columns
    .filter((c) => c.can_write && !c.status.is_reject)
    .sort((a, b) => a.status.order - b.status.order || a.status.id - b.status.id);
  const targets = working.filter((c) => c.status.id !== currentStatusId).map((c) => c.status);
  // The next stage after the current one is offered first; from a rejection, the first stage.
  const next = current.status.is_reject
    ? targets[0]
    : (targets.find((s) => s.order > current.status.order) ?? targets[0]);
  const rejectable = (kind: TRejectKind) =>
    !current.status.is_reject &&
    columns.some((c) => c.can_write && c.status.is_reject && c.status.reject_kind === kind);
  return {
    targets,
    next,
    canReject: rejectable('reject'),
    canRefuse: rejectable('refuse'),
  };
}

type Props = {
  applicant: TApplicant;
  placement: Placement;
  onReject: (target: ApplicationTarget, kind: TRejectKind) => void;
};

/**
 * The applicant's moves on one vacancy, shown only where the caller may act: an open vacancy
 * and write rights on the current stage (and on the target ones).
 */
export function ApplicationActions({ applicant, placement, onReject }: Props) {
  const vacancy = useVacancyHeader(placement.vacancy_id);
  const readable = vacancy.data != null;
  const columns = useVacancyColumns(placement.vacancy_id, readable);
  const open = vacancy.data?.state === 'open';
  const choices =
    open && columns.data && placement.status_id !== null
      ? applicationChoices(columns.data, placement.status_id)
      : null;
  if (!choices) return null;
  const target: ApplicationTarget = {
    applicationId: placement.application_id,
    applicantId: applicant.id,
    vacancyId: placement.vacancy_id,
    name: applicantName(applicant),
  };
  return (
    <div
      role="group"
      aria-label={`Действия на вакансии «${placement.vacancy_name}»`}
      className="flex w-full flex-wrap items-center gap-2"
    >
      {choices.targets.length > 0 && (
        // Keyed by the stage, so the choice goes back to the next stage after each move.
        <MoveForm
          key={placement.status_id}
          target={target}
          stages={choices.targets}
          initial={choices.next?.id}
        />
      )}
      {choices.canReject && (
        <Button size="sm" variant="secondary" onClick={() => onReject(target, 'reject')}>
          Отказать
        </Button>
      )}
      {choices.canRefuse && (
        <Button size="sm" variant="secondary" onClick={() => onReject(target, 'refuse')}>
          Кандидат отказался
        </Button>
      )}
    </div>
  );
}

function MoveForm({
  target,
  stages,
  initial,
}: {
  target: ApplicationTarget;
  stages: TBoardColumn['status'][];
  initial: number | undefined;
}) {
  const [statusId, setStatusId] = useState(initial ?? stages[0]!.id);
  const move = useMoveApplicationTo();
  const selectId = useId();
  return (
    <form
      className="flex min-w-0 items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        move.mutate({ target, toStatusId: statusId });
      }}
    >
      <label htmlFor={selectId} className="sr-only">
        Новый этап
      </label>
      <Select
        id={selectId}
        className="h-8 min-w-0 max-w-44 py-0 text-sm"
        value={statusId}
        onChange={(e) => setStatusId(Number(e.target.value))}
      >
        {stages.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </Select>
      <Button size="sm" type="submit" loading={move.isPending}>
        Перевести
      </Button>
    </form>
  );
}
