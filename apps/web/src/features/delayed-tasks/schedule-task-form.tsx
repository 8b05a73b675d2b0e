import { useState } from 'react';
import { z } from 'zod';
import {
  ZCreateDelayedTaskRequest,
  type TCreateDelayedTaskInput,
  type TDelayedTaskKind,
} from '@ats/contracts/delayed-tasks';
import { Button } from '@ats/ui/button';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { Textarea } from '@ats/ui/textarea';
import { ChannelPicker, type TLetterChannel } from '../../shared/messaging/channel-picker';
import {
  useCreateDelayedTask,
  useMenuItems,
  useStageChoices,
  useTemplateChoices,
  useUserChoices,
  useVacancyChoices,
} from './delayed-tasks.queries';

type Props = {
  applicantIds: number[];
  onDone: (taskId: number) => void;
  onCancel?: () => void;
};

type Mode = 'workdays' | 'at';

const numberOrUndefined = (value: string) => (value === '' ? undefined : Number(value));

/** Errors of the contract, by field: the same words the API would answer. */
function clientErrors(input: TCreateDelayedTaskInput): Record<string, string> {
  const parsed = ZCreateDelayedTaskRequest.safeParse(input);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** What to do, for whom and when: the create page and «Отложить действие» use it alike. */
export function ScheduleTaskForm({ applicantIds, onDone, onCancel }: Props) {
  const menu = useMenuItems();
  const [kind, setKind] = useState<TDelayedTaskKind | ''>('');
  const chosen = kind || menu.data?.[0]?.kind || '';
  const [templateId, setTemplateId] = useState('');
  const [vacancyId, setVacancyId] = useState('');
  const [statusId, setStatusId] = useState('');
  const [userId, setUserId] = useState('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [eventDate, setEventDate] = useState('');
  const [eventBegin, setEventBegin] = useState('10:00');
  const [eventEnd, setEventEnd] = useState('11:00');
  const [eventLink, setEventLink] = useState('');
  const [mode, setMode] = useState<Mode>('workdays');
  const [workdays, setWorkdays] = useState('1');
  const [time, setTime] = useState('10:00');
  const [at, setAt] = useState('');
  const [channel, setChannel] = useState<TLetterChannel>('email');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateDelayedTask();
  const sends = chosen === 'send_letter' || chosen === 'send_message';

  const templates = useTemplateChoices(chosen === 'send_letter');
  const vacancies = useVacancyChoices(chosen === 'move_stage');
  const stages = useStageChoices(chosen === 'move_stage' && vacancyId ? Number(vacancyId) : null);
  const users = useUserChoices(chosen === 'remind_user' || chosen === 'create_event');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const schedule =
      mode === 'workdays'
        ? { workdays: Number(workdays), time }
        : { at: at ? new Date(at).toISOString() : '' };
    const input: TCreateDelayedTaskInput = {
      kind: chosen,
      applicant_ids: applicantIds,
      schedule: schedule as TCreateDelayedTaskInput['schedule'],
      ...(chosen === 'send_letter' && { template_id: numberOrUndefined(templateId) }),
      ...(chosen === 'move_stage' && {
        vacancy_id: numberOrUndefined(vacancyId),
        status_id: numberOrUndefined(statusId),
      }),
      ...(chosen === 'remind_user' && { user_id: numberOrUndefined(userId), text }),
      ...(chosen === 'send_message' && { subject, text }),
      ...(sends && channel === 'telegram' && { channel }),
      ...(chosen === 'create_event' && {
        event: {
          date: eventDate,
          time_begin: eventBegin,
          time_end: eventEnd,
          ...(eventLink.trim() && { link: eventLink.trim() }),
          ...(userId && { admin_user_ids: [Number(userId)] }),
        },
      }),
    };
    const local = clientErrors(input);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const result = await create.mutateAsync(input);
    if (result.ok) onDone(result.data.id);
    else setErrors({ ...result.errors, form: result.message });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <Field label="Действие" required error={errors.kind}>
        {(c) => (
          <Select
            {...c}
            value={chosen}
            onChange={(event) => setKind(event.target.value as TDelayedTaskKind)}
          >
            {(menu.data ?? []).map((item) => (
              <option key={item.kind} value={item.kind}>
                {item.name}
              </option>
            ))}
          </Select>
        )}
      </Field>

      {chosen === 'send_letter' && (
        <Field label="Шаблон письма" required error={errors.template_id}>
          {(c) => (
            <Select {...c} value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
              <option value="">Выберите шаблон</option>
              {(templates.data ?? []).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {chosen === 'move_stage' && (
        <>
          <Field label="Вакансия" required error={errors.vacancy_id}>
            {(c) => (
              <Select
                {...c}
                value={vacancyId}
                onChange={(e) => {
                  setVacancyId(e.target.value);
                  setStatusId('');
                }}
              >
                <option value="">Выберите вакансию</option>
                {(vacancies.data?.vacancies ?? []).map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.position}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Этап" required error={errors.status_id}>
            {(c) => (
              <Select {...c} value={statusId} onChange={(e) => setStatusId(e.target.value)}>
                <option value="">Выберите этап</option>
                {(stages.data ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </>
      )}
      {chosen === 'remind_user' && (
        <Field label="Кому напомнить" required error={errors.user_id}>
          {(c) => (
            <Select {...c} value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">Выберите пользователя</option>
              {(users.data ?? []).map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name || u.email}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {chosen === 'create_event' && (
        <>
          <Field label="Дата встречи" required error={errors.event}>
            {(c) => (
              <Input
                {...c}
                type="date"
                value={eventDate}
                onChange={(e) => setEventDate(e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-4">
            <Field label="Начало" required>
              {(c) => (
                <Input
                  {...c}
                  type="time"
                  value={eventBegin}
                  onChange={(e) => setEventBegin(e.target.value)}
                />
              )}
            </Field>
            <Field label="Окончание" required>
              {(c) => (
                <Input
                  {...c}
                  type="time"
                  value={eventEnd}
                  onChange={(e) => setEventEnd(e.target.value)}
                />
              )}
            </Field>
          </div>
          <Field label="Участник от компании">
            {(c) => (
              <Select {...c} value={userId} onChange={(e) => setUserId(e.target.value)}>
                <option value="">Я</option>
                {(users.data ?? []).map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name || u.email}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Ссылка на встречу">
            {(c) => (
              <Input {...c} value={eventLink} onChange={(e) => setEventLink(e.target.value)} />
            )}
          </Field>
        </>
      )}
      {chosen === 'send_message' && (
        <Field label="Тема" required error={errors.subject}>
          {(c) => <Input {...c} value={subject} onChange={(e) => setSubject(e.target.value)} />}
        </Field>
      )}
      {(chosen === 'send_message' || chosen === 'remind_user') && (
        <Field label="Текст" required error={errors.text}>
          {(c) => (
            <Textarea {...c} rows={4} value={text} onChange={(e) => setText(e.target.value)} />
          )}
        </Field>
      )}

      {sends && <ChannelPicker name="delayed-task-channel" value={channel} onChange={setChannel} />}

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-zinc-900">Когда</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="schedule-mode"
              checked={mode === 'workdays'}
              onChange={() => setMode('workdays')}
            />
            Через рабочие дни
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="schedule-mode"
              checked={mode === 'at'}
              onChange={() => setMode('at')}
            />
            Дата и время
          </label>
        </div>
        {mode === 'workdays' ? (
          <div className="grid grid-cols-2 gap-3">
            <Field label="Рабочих дней" error={errors.schedule}>
              {(c) => (
                <Input
                  {...c}
                  type="number"
                  min={0}
                  value={workdays}
                  onChange={(e) => setWorkdays(e.target.value)}
                />
              )}
            </Field>
            <Field label="Время">
              {(c) => (
                <Input {...c} type="time" value={time} onChange={(e) => setTime(e.target.value)} />
              )}
            </Field>
          </div>
        ) : (
          <Field label="Дата и время" error={errors.schedule}>
            {(c) => (
              <Input
                {...c}
                type="datetime-local"
                value={at}
                onChange={(e) => setAt(e.target.value)}
              />
            )}
          </Field>
        )}
        <p className="text-xs text-zinc-500">
          Рабочие дни считаются по производственному календарю компании, время — в её часовом поясе.
        </p>
      </fieldset>

      {(errors.form || errors.applicant_ids) && (
        <p role="alert" className="text-sm text-red-600">
          {errors.applicant_ids ?? errors.form}
        </p>
      )}
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Отмена
          </Button>
        )}
        <Button type="submit" loading={create.isPending}>
          Запланировать
        </Button>
      </div>
    </form>
  );
}

export const ZApplicantIdsParam = z.string().transform((value) =>
  value
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0),
);
