import { CalendarDaysIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TApplicant } from '@ats/contracts/applicants';
import {
  BOOKING_DURATIONS,
  DEFAULT_BOOKING_TITLE,
  type TBooking,
  type TBookingState,
  type TCreatedBooking,
} from '@ats/contracts/event-booking';
import { personDisplayName } from '@ats/contracts/person-name';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { FormAlert } from '../../shared/auth-card';
import { onFirstUse } from '../../shared/format/on-first-use';
import { useCurrentUser } from '../../shared/session/session.queries';
import { useTeam } from '../../shared/team-members.queries';
import { notify } from '../../shared/toasts';
import { useApplicantBookings, useCreateBooking, useRevokeBooking } from './event-booking.queries';

const STATE_LABELS: Record<TBookingState, string> = {
  active: 'Ждёт записи',
  booked: 'Кандидат записался',
  expired: 'Срок истёк',
  revoked: 'Отозвана',
};

const WINDOWS = [3, 5, 7, 14, 30] as const;

const when = onFirstUse(
  () =>
    new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Moscow',
    }),
);

function CopyLink({ url }: { url: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Ссылка скопирована');
    } catch {
      notify.error('Не удалось скопировать: выделите ссылку и скопируйте её вручную');
    }
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Field label="Ссылка для кандидата" className="flex-1">
        {(control) => (
          <Input {...control} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        )}
      </Field>
      <Button type="button" variant="secondary" className="sm:self-end" onClick={() => void copy()}>
        Скопировать
      </Button>
    </div>
  );
}

function LinkForm({
  applicant,
  onCreated,
}: {
  applicant: TApplicant;
  onCreated: (created: TCreatedBooking) => void;
}) {
  const me = useCurrentUser();
  const team = useTeam();
  const create = useCreateBooking(applicant.id);
  const [title, setTitle] = useState(DEFAULT_BOOKING_TITLE);
  const [vacancyId, setVacancyId] = useState<number | null>(
    applicant.vacancies[0]?.vacancy_id ?? null,
  );
  const [userIds, setUserIds] = useState<number[]>([me.id]);
  const [duration, setDuration] = useState<number>(60);
  const [days, setDays] = useState<number>(7);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | undefined>();
  const people = (team.data ?? []).filter((u) => u.is_active && u.status === 'active');

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const result = await create.mutateAsync({
      applicant_id: applicant.id,
      vacancy_id: vacancyId,
      admin_user_ids: userIds,
      duration,
      days,
      title,
    });
    if (result.ok) {
      onCreated(result.data);
      return;
    }
    setErrors(result.errors ?? {});
    setMessage(result.message);
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <Field label="Название встречи" error={errors.title}>
        {(control) => (
          <Input {...control} value={title} onChange={(e) => setTitle(e.target.value)} />
        )}
      </Field>
      {applicant.vacancies.length > 0 && (
        <Field label="Вакансия" error={errors.vacancy_id}>
          {(control) => (
            <Select
              {...control}
              value={vacancyId ?? ''}
              onChange={(e) => setVacancyId(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">Без вакансии</option>
              {applicant.vacancies.map((v) => (
                <option key={v.vacancy_id} value={v.vacancy_id}>
                  {v.vacancy_name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-zinc-800">Участники от компании</legend>
        <div className="mt-2 flex max-h-40 flex-col gap-1.5 overflow-y-auto">
          {people.map((user) => (
            <label key={user.id} className="flex items-center gap-2 text-sm text-zinc-800">
              <input
                type="checkbox"
                className="size-4 rounded border-zinc-300"
                checked={userIds.includes(user.id)}
                onChange={(e) =>
                  setUserIds((ids) =>
                    e.target.checked ? [...ids, user.id] : ids.filter((id) => id !== user.id),
                  )
                }
              />
              {personDisplayName(user) || user.email}
            </label>
          ))}
        </div>
        {errors.admin_user_ids && (
          <p className="mt-1 text-sm text-red-600">{errors.admin_user_ids}</p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Длительность" error={errors.duration}>
          {(control) => (
            <Select
              {...control}
              value={duration}
              onChange={(e) => setDuration(Number(e.target.value))}
            >
              {BOOKING_DURATIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} мин
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Предложить время на" error={errors.days}>
          {(control) => (
            <Select {...control} value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {WINDOWS.map((count) => (
                <option key={count} value={count}>
                  {count} дн., начиная с сегодня
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <FormAlert message={message} />
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending} disabled={userIds.length === 0}>
          Создать ссылку
        </Button>
      </div>
    </form>
  );
}

function LinksList({ applicantId, links }: { applicantId: number; links: TBooking[] }) {
  const revoke = useRevokeBooking(applicantId);
  if (links.length === 0) return null;
  return (
    <section aria-label="Ссылки кандидата" className="mt-6 border-t border-zinc-100 pt-4">
      <h3 className="text-sm font-semibold text-zinc-500">Ссылки кандидата</h3>
      <ul className="mt-2 flex flex-col gap-2">
        {links.map((link) => (
          <li key={link.id} className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0">
              <span className="text-zinc-900">{link.title}</span>
              <span className="text-zinc-500">
                {' · '}
                {STATE_LABELS[link.state]}
                {link.booked_start && `: ${when().format(new Date(link.booked_start))}`}
              </span>
            </span>
            {link.state === 'active' && (
              <Button
                size="sm"
                variant="ghost"
                loading={revoke.isPending && revoke.variables === link.id}
                onClick={() => revoke.mutate(link.id)}
              >
                Отозвать
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * «Ссылка на запись» on the applicant's card: the recruiter picks the interviewers, the length
 * and the days, and copies the link that lets the applicant choose a free slot.
 */
export function BookingLinkButton({ applicant }: { applicant: TApplicant }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<TCreatedBooking | null>(null);
  const links = useApplicantBookings(applicant.id, open);
  const close = () => {
    setOpen(false);
    setCreated(null);
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <CalendarDaysIcon className="size-4" aria-hidden="true" />
        Ссылка на запись
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Ссылка на запись к встрече"
        description="Кандидат сам выберет свободное время участников по рабочему календарю компании."
      >
        {created ? (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-zinc-700">
              Ссылка готова. Отправьте её кандидату: она сработает один раз.
            </p>
            <CopyLink url={created.url} />
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={() => setCreated(null)}>
                Ещё одна ссылка
              </Button>
              <Button onClick={close}>Готово</Button>
            </div>
          </div>
        ) : (
          <LinkForm applicant={applicant} onCreated={setCreated} />
        )}
        <LinksList applicantId={applicant.id} links={links.data ?? []} />
      </Dialog>
    </>
  );
}
