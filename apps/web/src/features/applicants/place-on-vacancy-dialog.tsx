import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { lazySchema } from '@ats/contracts/lazy-schema';
import { ZPlaceApplicantsResult, ZStageList } from '@ats/contracts/pipeline';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { apiCall, apiRequest } from '../../shared/api-client';
import { pluralize } from '../../shared/format/plurals';
import { notify } from '../../shared/toasts';
import { boardKeys } from '../../shared/query-keys';

/** Only what the picker shows, so richer vacancy answers never break it. */
const ZOpenVacancies = lazySchema(() =>
  z.object({
    vacancies: z.array(z.object({ id: z.number().int(), position: z.string() })),
  }),
);

function useOpenVacancies(enabled: boolean) {
  return useQuery({
    queryKey: ['vacancies', 'open-for-placing'],
    queryFn: ({ signal }) =>
      apiRequest('/vacancies_with_filters', {
        query: { state: 'open', per_page: 100 },
        schema: ZOpenVacancies,
        signal,
      }),
    enabled,
  });
}

function useVacancyStages(vacancyId: number | null) {
  return useQuery({
    queryKey: ['statuses', 'vacancy', vacancyId],
    queryFn: ({ signal }) =>
      apiRequest('/statuses', { query: { vacancy_id: vacancyId! }, schema: ZStageList, signal }),
    enabled: vacancyId !== null,
    // Rejection needs a reason, so nobody is placed straight onto a rejection stage.
    select: (stages) =>
      stages.filter((s) => !s.is_reject).sort((a, b) => a.order - b.order || a.id - b.id),
  });
}

const APPLICANT_FORMS = { one: 'кандидат', few: 'кандидата', many: 'кандидатов' };

/** What the bulk answer means for the recruiter. */
export function placedMessage({ placed, skipped }: { placed: number; skipped: number }) {
  const added = `Добавлено на вакансию: ${pluralize(placed, APPLICANT_FORMS)}`;
  return skipped > 0 ? `${added}; уже были на ней: ${skipped}` : added;
}

type Props = {
  open: boolean;
  onClose: () => void;
  applicantIds: number[];
  /** After a placement: the caller refreshes its own data (card, list). */
  onPlaced?: () => void;
};

/** «Добавить на вакансию»: pick an open vacancy and its stage (the first one by default). */
export function PlaceOnVacancyDialog({ open, onClose, applicantIds, onPlaced }: Props) {
  const single = applicantIds.length === 1;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Добавить на вакансию"
      description={
        single ? undefined : `Выбрано: ${pluralize(applicantIds.length, APPLICANT_FORMS)}`
      }
    >
      {open && <PlaceForm {...{ onClose, applicantIds, onPlaced }} />}
    </Dialog>
  );
}

function PlaceForm({ onClose, applicantIds, onPlaced }: Omit<Props, 'open'>) {
  const queryClient = useQueryClient();
  const vacancies = useOpenVacancies(true);
  const [vacancyId, setVacancyId] = useState<number | null>(null);
  const [statusId, setStatusId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const stages = useVacancyStages(vacancyId);
  const chosenStatus = statusId ?? stages.data?.[0]?.id ?? null;

  const place = useMutation({
    mutationFn: async () => {
      const target = { vacancy_id: vacancyId!, status_id: chosenStatus };
      if (applicantIds.length === 1) {
        return apiCall('/applications', {
          method: 'POST',
          body: { ...target, applicant_id: applicantIds[0] },
          successToast: 'Кандидат добавлен на вакансию',
        });
      }
      const result = await apiCall('/applications/bulk', {
        method: 'POST',
        body: { ...target, applicant_ids: applicantIds },
        schema: ZPlaceApplicantsResult,
      });
      if (result.ok) notify.success(placedMessage(result.data));
      return result;
    },
    onSuccess: (result) => {
      if (!result.ok) return;
      void queryClient.invalidateQueries({ queryKey: boardKeys.vacancy(vacancyId!) });
      onPlaced?.();
    },
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (vacancyId === null) {
      setErrors({ vacancy_id: 'Выберите вакансию' });
      return;
    }
    const result = await place.mutateAsync();
    if (result.ok) onClose();
    else setErrors(result.errors ?? {});
  };

  const noVacancies = vacancies.data?.vacancies.length === 0;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Вакансия" required error={errors.vacancy_id}>
        {(control) => (
          <Select
            {...control}
            value={vacancyId ?? ''}
            disabled={vacancies.isPending || noVacancies}
            onChange={(e) => {
              setVacancyId(e.target.value ? Number(e.target.value) : null);
              setStatusId(null);
              setErrors({});
            }}
          >
            <option value="">
              {vacancies.isPending
                ? 'Загрузка…'
                : noVacancies
                  ? 'Открытых вакансий нет'
                  : 'Выберите вакансию'}
            </option>
            {vacancies.data?.vacancies.map((v) => (
              <option key={v.id} value={v.id}>
                {v.position}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Этап" error={errors.status_id}>
        {(control) => (
          <Select
            {...control}
            value={chosenStatus ?? ''}
            disabled={vacancyId === null || stages.isPending}
            onChange={(e) => setStatusId(Number(e.target.value))}
          >
            {vacancyId === null && <option value="">Сначала выберите вакансию</option>}
            {stages.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Отмена
        </Button>
        <Button type="submit" loading={place.isPending}>
          Добавить
        </Button>
      </div>
    </form>
  );
}
