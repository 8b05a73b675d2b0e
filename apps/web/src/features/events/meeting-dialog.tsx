import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@ats/ui/button';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { Textarea } from '@ats/ui/textarea';
import type { FieldErrors } from '../../shared/api-client';
import { useCurrentUser } from '../../shared/session/session.queries';
import { formatTime, parseTime, toIsoDate, toRuDate } from './calendar-math';
import {
  guestEmails,
  useCalendarUsers,
  useDeleteEvent,
  useSaveEvent,
  userName,
  type EventDraft,
  type TCalendarEvent,
} from './events.queries';

export type MeetingSubject = {
  applicant?: { id: number; name: string } | null;
  vacancy?: { id: number; position: string } | null;
  /** Vacancies to choose from (the applicant's), when the vacancy is not fixed. */
  vacancies?: Array<{ id: number; position: string }>;
};

export type MeetingDialogProps = MeetingSubject & {
  open: boolean;
  onClose: () => void;
  /** The event to change; without it a new one is made. */
  event?: TCalendarEvent | null;
  /** A new event's moment and participants (a slot picked on the calendar). */
  date?: string;
  start?: number;
  end?: number;
  userIds?: number[];
  /** Offer «Выбрать время в календаре» (not on the calendar itself). */
  calendarLink?: boolean;
};

export const SERVICES: Array<{ value: string; label: string }> = [
  { value: '', label: 'Не указано' },
  { value: 'place', label: 'Очно' },
  { value: 'meet', label: 'Google Meet' },
  { value: 'zoom', label: 'Zoom' },
  { value: 'telemost', label: 'Яндекс Телемост' },
];

const REMINDERS: Array<{ value: string; label: string }> = [
  { value: '', label: 'Без напоминания' },
  { value: '15', label: 'За 15 минут' },
  { value: '60', label: 'За час' },
  { value: '1440', label: 'За день' },
];

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

function todayIso() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** «Назначить встречу»: the calendar's slot, the applicant's card and the board open it. */
export function MeetingDialog(props: MeetingDialogProps) {
  const title = props.event ? 'Встреча' : 'Назначить встречу';
  return (
    <Dialog open={props.open} onClose={props.onClose} title={title} className="max-w-2xl">
      {props.open && <MeetingForm {...props} />}
    </Dialog>
  );
}

function MeetingForm(props: MeetingDialogProps) {
  const { event, onClose } = props;
  const me = useCurrentUser();
  const users = useCalendarUsers();
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const readOnly = Boolean(event && !event.can_edit);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<{ message: string; clash: boolean } | null>(null);

  const applicant =
    props.applicant ??
    (event?.applicant_id
      ? (event.applicant ?? { id: event.applicant_id, name: `Кандидат ${event.applicant_id}` })
      : null);
  const fixedVacancy =
    props.vacancy ??
    (event?.vacancy_id
      ? (event.vacancy ?? { id: event.vacancy_id, position: `Вакансия ${event.vacancy_id}` })
      : null);

  const [values, setValues] = useState(() => ({
    title: event?.title ?? (applicant ? `Собеседование: ${applicant.name}` : ''),
    description: event?.description ?? '',
    date: (event && toIsoDate(event.data_mitting)) || props.date || todayIso(),
    begin: event?.time_begin.slice(0, 5) ?? formatTime(props.start ?? 10 * 60),
    end: event?.time_end.slice(0, 5) ?? formatTime(props.end ?? (props.start ?? 10 * 60) + 60),
    service: event?.service ?? '',
    link: event?.link ?? '',
    place: event?.place ?? '',
    reminder: event?.reminders[0] !== undefined ? String(event.reminders[0]) : '15',
    participants: event?.admin_user_ids ?? props.userIds ?? [me.id],
    guests: event ? guestEmails(event).join(', ') : '',
    applicantId: applicant?.id ?? null,
    vacancyId: fixedVacancy?.id ?? props.vacancies?.[0]?.id ?? null,
  }));
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    if (!values.title.trim()) found.title = 'Укажите название встречи';
    if (!toIsoDate(values.date)) found.data_mitting = 'Укажите дату встречи';
    const begin = parseTime(values.begin);
    const end = parseTime(values.end);
    if (begin === null) found.time_begin = 'Укажите время начала';
    if (end === null) {
      found.time_end = 'Укажите время окончания';
    } else if (begin !== null && end <= begin) {
      found.time_end = 'Встреча должна заканчиваться позже, чем начинается';
    }
    if (values.participants.length === 0) {
      found.admin_user_ids = 'Выберите хотя бы одного участника';
    }
    const wrong = splitGuests(values.guests).filter((email) => !EMAIL.test(email));
    if (wrong.length) found.guests = `Проверьте адрес: ${wrong.join(', ')}`;
    return found;
  };

  const submit = async (allowOverlap: boolean) => {
    const found = validate();
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length) return;
    const draft: EventDraft = {
      title: values.title.trim(),
      description: values.description.trim() || null,
      data_mitting: toRuDate(values.date),
      time_begin: values.begin,
      time_end: values.end,
      service: values.service || null,
      link: values.link.trim() || null,
      place: values.place.trim() || null,
      applicant_id: values.applicantId,
      vacancy_id: values.vacancyId,
      admin_user_ids: values.participants,
      guests: splitGuests(values.guests),
      reminders: values.reminder ? [Number(values.reminder)] : [],
      ...(allowOverlap ? { allow_overlap: true } : {}),
    };
    const result = await save.mutateAsync({ ...(event ? { id: event.id } : {}), draft });
    if (result.ok) {
      onClose();
      return;
    }
    if (result.errors && Object.keys(result.errors).length) setErrors(result.errors);
    setProblem({ message: result.message, clash: result.code === 409 });
  };
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    void submit(false);
  };

  const onDelete = async () => {
    if (!event) return;
    const result = await remove.mutateAsync(event.id);
    setConfirmDelete(false);
    if (result.ok) onClose();
  };

  const people = users.data ?? [];
  const calendarSearch = new URLSearchParams({
    view: 'week',
    ...(applicant ? { applicant: String(applicant.id) } : {}),
    ...(values.vacancyId ? { vacancy: String(values.vacancyId) } : {}),
  });
  const vacancyOptions = fixedVacancy ? [fixedVacancy] : (props.vacancies ?? []);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {props.calendarLink && !event && (
        <p className="text-sm text-zinc-600">
          Свободное время участников видно в календаре:{' '}
          <Link
            to={`/events?${calendarSearch.toString()}`}
            onClick={onClose}
            className="font-medium text-indigo-700 hover:underline"
          >
            Выбрать время в календаре
          </Link>
        </p>
      )}
      <Field label="Название" required error={errors.title}>
        {(control) => (
          <Input {...control} value={values.title} onChange={(e) => set('title', e.target.value)} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Дата" required error={errors.data_mitting}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={values.date}
              onChange={(e) => set('date', e.target.value)}
            />
          )}
        </Field>
        <Field label="Начало" required error={errors.time_begin}>
          {(control) => (
            <Input
              {...control}
              type="time"
              step={300}
              value={values.begin}
              onChange={(e) => set('begin', e.target.value)}
            />
          )}
        </Field>
        <Field label="Окончание" required error={errors.time_end}>
          {(control) => (
            <Input
              {...control}
              type="time"
              step={300}
              value={values.end}
              onChange={(e) => set('end', e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Сервис" error={errors.service}>
          {(control) => (
            <Select
              {...control}
              value={values.service}
              onChange={(e) => set('service', e.target.value)}
            >
              {SERVICES.map((service) => (
                <option key={service.value} value={service.value}>
                  {service.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {values.service === 'place' ? (
          <Field label="Место" error={errors.place}>
            {(control) => (
              <Input
                {...control}
                value={values.place}
                onChange={(e) => set('place', e.target.value)}
              />
            )}
          </Field>
        ) : (
          <Field label="Ссылка на встречу" error={errors.link}>
            {(control) => (
              <Input
                {...control}
                type="url"
                placeholder="https://"
                value={values.link}
                onChange={(e) => set('link', e.target.value)}
              />
            )}
          </Field>
        )}
      </div>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-zinc-800">Участники</legend>
        {users.isPending && <p className="text-sm text-zinc-500">Загружаем пользователей…</p>}
        <div className="flex flex-wrap gap-x-4 gap-y-1.5">
          {people.map((user) => (
            <label key={user.id} className="flex items-center gap-2 text-sm text-zinc-800">
              <input
                type="checkbox"
                className="size-4 rounded border-zinc-300"
                checked={values.participants.includes(user.id)}
                onChange={(e) =>
                  set(
                    'participants',
                    e.target.checked
                      ? [...values.participants, user.id]
                      : values.participants.filter((id) => id !== user.id),
                  )
                }
              />
              {userName(user)}
            </label>
          ))}
        </div>
        {errors.admin_user_ids && (
          <p role="alert" className="text-xs text-red-600">
            {errors.admin_user_ids}
          </p>
        )}
      </fieldset>
      <Field
        label="Внешние гости"
        hint="Адреса e-mail через запятую: им тоже придёт приглашение"
        error={errors.guests}
      >
        {(control) => (
          <Input
            {...control}
            value={values.guests}
            onChange={(e) => set('guests', e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5 text-sm">
          <span className="font-medium text-zinc-800">Кандидат</span>
          {values.applicantId && applicant ? (
            <span className="flex items-center gap-2 text-zinc-800">
              {applicant.name}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => set('applicantId', null)}
              >
                Убрать
              </Button>
            </span>
          ) : (
            <span className="text-zinc-500">Без кандидата</span>
          )}
          {errors.applicant_id && (
            <p role="alert" className="text-xs text-red-600">
              {errors.applicant_id}
            </p>
          )}
        </div>
        <Field label="Вакансия" error={errors.vacancy_id}>
          {(control) => (
            <Select
              {...control}
              value={values.vacancyId ?? ''}
              onChange={(e) => set('vacancyId', e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">Без вакансии</option>
              {vacancyOptions.map((vacancy) => (
                <option key={vacancy.id} value={vacancy.id}>
                  {vacancy.position}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field label="Описание" error={errors.description}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      <Field label="Напоминание" error={errors.reminders}>
        {(control) => (
          <Select
            {...control}
            value={values.reminder}
            onChange={(e) => set('reminder', e.target.value)}
          >
            {REMINDERS.map((reminder) => (
              <option key={reminder.value} value={reminder.value}>
                {reminder.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {problem && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <p>{problem.message}</p>
          {problem.clash && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="mt-2"
              loading={save.isPending}
              onClick={() => void submit(true)}
            >
              Назначить всё равно
            </Button>
          )}
        </div>
      )}
      {readOnly && (
        <p className="text-sm text-zinc-600">Изменить встречу могут её автор и участники.</p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {event && !readOnly && (
          <Button
            type="button"
            variant="danger"
            className="mr-auto"
            onClick={() => setConfirmDelete(true)}
          >
            Удалить встречу
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={onClose}>
          Отмена
        </Button>
        {!readOnly && (
          <Button type="submit" loading={save.isPending}>
            {event ? 'Сохранить' : 'Назначить'}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => void onDelete()}
        title="Удалить встречу?"
        description="Участники и кандидат получат отмену приглашения."
        confirmLabel="Удалить"
        destructive
        pending={remove.isPending}
      />
    </form>
  );
}

function splitGuests(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}
