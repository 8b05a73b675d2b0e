import { useId, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TBoardColumn } from '@ats/contracts/pipeline';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { Spinner } from '@ats/ui/spinner';
import { applicantName } from '../../shared/format/applicant-format';
import { notify } from '../../shared/toasts';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { refreshBoard, useApplicantBaseSearch, usePlaceOnBoard } from './board.queries';

/** What the route's create form gets: where to put the new applicant and what to do after. */
export type CreateOnBoardProps = {
  placement: { vacancy_id: number; status_id: number };
  onCreated: (id: number) => void;
  onCancel: () => void;
};

type Props = {
  vacancyId: number;
  /** The stages the caller may put someone on, in the board's order (rejections excluded). */
  stages: TBoardColumn[];
  open: boolean;
  onClose: () => void;
  /** The applicants' create form (with its check for doubles), composed in by the route. */
  renderCreateForm?: (props: CreateOnBoardProps) => ReactNode;
};

type Mode = 'new' | 'base';

/** «Добавить кандидата» on the board: a new applicant, or one of the base, at a chosen stage. */
export function AddApplicantDialog({ open, onClose, ...rest }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Добавить кандидата"
      description="Новый кандидат или кандидат из базы — сразу на этап этой вакансии."
      className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto"
    >
      {open && <AddApplicantBody onClose={onClose} {...rest} />}
    </Dialog>
  );
}

function AddApplicantBody({ vacancyId, stages, onClose, renderCreateForm }: Omit<Props, 'open'>) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(renderCreateForm ? 'new' : 'base');
  const [statusId, setStatusId] = useState(stages[0]?.status.id ?? 0);
  const groupName = useId();
  const modes: Array<{ value: Mode; label: string }> = [
    ...(renderCreateForm ? [{ value: 'new' as const, label: 'Новый кандидат' }] : []),
    { value: 'base', label: 'Из базы' },
  ];
  const created = () => {
    notify.success('Кандидат создан и добавлен на вакансию');
    void refreshBoard(queryClient, vacancyId);
    onClose();
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <fieldset className="flex-1">
          <legend className="mb-1.5 text-sm font-medium text-zinc-800">Кого добавить</legend>
          <div className="flex flex-wrap gap-4">
            {modes.map((m) => (
              <label key={m.value} className="flex items-center gap-2 text-sm text-zinc-800">
                <input
                  type="radio"
                  name={groupName}
                  value={m.value}
                  checked={mode === m.value}
                  onChange={() => setMode(m.value)}
                />
                {m.label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label="Этап" className="sm:w-64">
          {(c) => (
            <Select {...c} value={statusId} onChange={(e) => setStatusId(Number(e.target.value))}>
              {stages.map((stage) => (
                <option key={stage.status.id} value={stage.status.id}>
                  {stage.status.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {mode === 'new' && renderCreateForm ? (
        renderCreateForm({
          placement: { vacancy_id: vacancyId, status_id: statusId },
          onCreated: created,
          onCancel: onClose,
        })
      ) : (
        <FromBase vacancyId={vacancyId} statusId={statusId} onDone={onClose} />
      )}
    </div>
  );
}

function FromBase({
  vacancyId,
  statusId,
  onDone,
}: {
  vacancyId: number;
  statusId: number;
  onDone: () => void;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const found = useApplicantBaseSearch(debounced);
  const place = usePlaceOnBoard(vacancyId);
  const resultsId = useId();
  const add = async (applicantId: number) => {
    const result = await place.mutateAsync({ applicantId, statusId });
    if (result.ok) onDone();
  };
  const waiting = debounced.trim().length >= 2 && found.isPending;
  return (
    <div className="flex flex-col gap-3">
      <Field label="Найти в базе" hint="Имя, фамилия или слова из резюме">
        {(c) => (
          <Input
            {...c}
            type="search"
            autoComplete="off"
            aria-controls={resultsId}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
      </Field>
      <div id={resultsId} aria-live="polite" className="flex flex-col gap-2">
        {waiting ? (
          <Spinner label="Ищем" />
        ) : found.data && found.data.applicants.length === 0 ? (
          <p className="text-sm text-zinc-500">Никого не нашли</p>
        ) : (
          found.data && (
            <ul aria-label="Найденные кандидаты" className="flex flex-col divide-y divide-zinc-100">
              {found.data.applicants.map((applicant) => {
                const name = applicantName(applicant);
                const about = [applicant.position, applicant.phone, applicant.email]
                  .filter(Boolean)
                  .join(' · ');
                return (
                  <li key={applicant.id} className="flex items-center gap-3 py-2">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-zinc-900">{name}</p>
                      {about && <p className="truncate text-xs text-zinc-500">{about}</p>}
                    </div>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Добавить: ${name}`}
                      loading={place.isPending && place.variables?.applicantId === applicant.id}
                      onClick={() => void add(applicant.id)}
                    >
                      Добавить
                    </Button>
                  </li>
                );
              })}
            </ul>
          )
        )}
      </div>
    </div>
  );
}
