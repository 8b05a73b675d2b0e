import {
  ArrowDownIcon,
  ArrowUpIcon,
  PlusIcon,
  TrashIcon,
  XMarkIcon,
} from '@heroicons/react/24/outline';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { personDisplayName } from '@ats/contracts/person-name';
import type { TUser } from '@ats/contracts/users';
import {
  APPROVAL_MODE_LABELS,
  APPROVAL_MODES,
  REQUEST_FIELD_TYPE_LABELS,
  REQUEST_FIELD_TYPES,
  ZCreateRequestTemplate,
  type TApprovalMode,
  type TRequestFieldType,
  type TRequestTemplate,
} from '@ats/contracts/vacancy-applications';
import { Button, iconButton } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { Textarea } from '@ats/ui/textarea';
import { useRecruiters } from '../../shared/applicant/applicant-references.queries';
import { useSaveRequestTemplate } from '../../shared/requests/request-templates-queries';
import {
  draftOf,
  keysOf,
  move,
  newField,
  newStep,
  requestOf,
  type ApproverDraft,
  type FieldDraft,
  type StepDraft,
  type TemplateDraft,
} from './template-draft';

type Errors = Record<string, string>;
type Props = { template: TRequestTemplate | null; onDone: () => void };

/** Builds or edits a request template: its name, the company's own fields and the route. */
export function TemplateEditor({ template, onDone }: Props) {
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveRequestTemplate(template?.id ?? null);
  const users = useRecruiters();
  // After a step moves, the button pressed keeps the focus in its new place.
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfterMove.current) return;
    document.getElementById(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  }, [draft.steps]);

  const setFields = (fields: FieldDraft[]) => setDraft((d) => ({ ...d, fields }));
  const setSteps = (steps: StepDraft[]) => setDraft((d) => ({ ...d, steps }));
  const keys = keysOf(draft.fields);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const request = requestOf(draft);
    const parsed = ZCreateRequestTemplate.safeParse(request);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]).reverse()),
      );
      return;
    }
    setErrors({});
    const result = await save.mutateAsync(request);
    if (result.ok) {
      onDone();
      return;
    }
    setErrors(result.errors ?? {});
    if (!result.errors) setFormError(result.message);
  };

  return (
    <Card className="p-5">
      <form noValidate onSubmit={submit} aria-label="Шаблон заявки" className="flex flex-col gap-5">
        <Field label="Название шаблона" required error={errors.name}>
          {(c) => (
            <Input
              {...c}
              autoComplete="off"
              value={draft.name}
              placeholder="Например: Заявка на подбор в ИТ"
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          )}
        </Field>
        <Field
          label="Описание"
          hint="Его увидит тот, кто заполняет заявку"
          error={errors.description}
        >
          {(c) => (
            <Textarea
              {...c}
              rows={2}
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
          )}
        </Field>

        <section aria-labelledby="request-template-fields" className="flex flex-col gap-3">
          <div>
            <h3 id="request-template-fields" className="text-sm font-semibold text-zinc-900">
              Поля заявки
            </h3>
            <p className="text-xs text-zinc-500">
              Должность, зарплата, сроки, подразделение, описание и файлы есть в каждой заявке;
              здесь — поля вашей компании.
            </p>
          </div>
          {errors.fields && <ErrorText text={errors.fields} />}
          {draft.fields.length > 0 && (
            <ol aria-label="Поля шаблона" className="flex flex-col gap-3">
              {draft.fields.map((field, index) => (
                <FieldRow
                  key={field.uid}
                  field={field}
                  index={index}
                  autoKey={keys[index]!}
                  errorOf={(name) => errors[`fields.${index}.${name}`]}
                  onChange={(next) =>
                    setFields(draft.fields.map((f) => (f.uid === field.uid ? next : f)))
                  }
                  onRemove={() => setFields(draft.fields.filter((f) => f.uid !== field.uid))}
                />
              ))}
            </ol>
          )}
          <Button
            variant="secondary"
            className="w-fit"
            onClick={() => setFields([...draft.fields, newField()])}
          >
            <PlusIcon className="size-4" aria-hidden="true" />
            Добавить поле
          </Button>
        </section>

        <section aria-labelledby="request-template-route" className="flex flex-col gap-3">
          <div>
            <h3 id="request-template-route" className="text-sm font-semibold text-zinc-900">
              Маршрут согласования
            </h3>
            <p className="text-xs text-zinc-500">
              Шаги идут по очереди. Без шагов заявка считается согласованной сразу после отправки.
            </p>
          </div>
          {errors.steps && <ErrorText text={errors.steps} />}
          {draft.steps.length > 0 && (
            <ol aria-label="Шаги согласования" className="flex flex-col gap-3">
              {draft.steps.map((step, index) => (
                <StepRow
                  key={step.uid}
                  step={step}
                  index={index}
                  count={draft.steps.length}
                  users={users.data ?? []}
                  errorOf={(name) => errors[`steps.${index}${name ? `.${name}` : ''}`]}
                  onChange={(next) =>
                    setSteps(draft.steps.map((s) => (s.uid === step.uid ? next : s)))
                  }
                  onMove={(to, buttonId) => {
                    focusAfterMove.current = buttonId;
                    setSteps(move(draft.steps, index, to));
                  }}
                  onRemove={() => setSteps(draft.steps.filter((s) => s.uid !== step.uid))}
                />
              ))}
            </ol>
          )}
          <Button
            variant="secondary"
            className="w-fit"
            onClick={() => setSteps([...draft.steps, newStep(draft.steps.length)])}
          >
            <PlusIcon className="size-4" aria-hidden="true" />
            Добавить шаг
          </Button>
        </section>

        {formError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        )}
        <div className="flex gap-2 border-t border-zinc-100 pt-4">
          <Button type="submit" loading={save.isPending}>
            Сохранить шаблон
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Отмена
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ErrorText({ text }: { text: string }) {
  return (
    <p role="alert" className="text-sm text-red-600">
      {text}
    </p>
  );
}

function FieldRow({
  field,
  index,
  autoKey,
  errorOf,
  onChange,
  onRemove,
}: {
  field: FieldDraft;
  index: number;
  autoKey: string;
  errorOf: (name: string) => string | undefined;
  onChange: (next: FieldDraft) => void;
  onRemove: () => void;
}) {
  const label = `Поле ${index + 1}`;
  const set = (patch: Partial<FieldDraft>) => onChange({ ...field, ...patch });
  return (
    <li>
      <fieldset className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-3">
        <legend className="px-1 text-xs font-medium text-zinc-500">{label}</legend>
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start">
          <Field label="Название поля" required error={errorOf('name')}>
            {(c) => (
              <Input
                {...c}
                autoComplete="off"
                value={field.name}
                onChange={(e) => set({ name: e.target.value })}
              />
            )}
          </Field>
          <Field label="Тип" error={errorOf('type')}>
            {(c) => (
              <Select
                {...c}
                value={field.type}
                onChange={(e) => set({ type: e.target.value as TRequestFieldType })}
              >
                {REQUEST_FIELD_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {REQUEST_FIELD_TYPE_LABELS[type]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Ключ" hint="Латиницей; пусто — из названия" error={errorOf('key')}>
            {(c) => (
              <Input
                {...c}
                autoComplete="off"
                spellCheck={false}
                value={field.key}
                placeholder={autoKey}
                onChange={(e) => set({ key: e.target.value })}
              />
            )}
          </Field>
          <button
            type="button"
            className={`${iconButton} sm:mt-7`}
            aria-label={`Удалить поле «${field.name.trim() || label}»`}
            onClick={onRemove}
          >
            <TrashIcon className="size-4" aria-hidden="true" />
          </button>
        </div>
        {field.type === 'choice' && (
          <Field label="Варианты, по одному в строке" required error={errorOf('options')}>
            {(c) => (
              <Textarea
                {...c}
                rows={3}
                value={field.options}
                onChange={(e) => set({ options: e.target.value })}
              />
            )}
          </Field>
        )}
        <label className="flex items-center gap-2 text-sm text-zinc-800">
          <input
            type="checkbox"
            className="size-4 rounded"
            checked={field.required}
            onChange={(e) => set({ required: e.target.checked })}
          />
          Обязательное
        </label>
      </fieldset>
    </li>
  );
}

const approverName = (approver: ApproverDraft, users: TUser[]) => {
  if (approver.type === 'division_head') return 'Руководитель подразделения';
  if (approver.type === 'email') return approver.email || 'Внешний согласующий';
  const user = users.find((u) => u.id === approver.user_id);
  return user ? personDisplayName(user) : approver.name || `Пользователь №${approver.user_id}`;
};

function StepRow({
  step,
  index,
  count,
  users,
  errorOf,
  onChange,
  onMove,
  onRemove,
}: {
  step: StepDraft;
  index: number;
  count: number;
  users: TUser[];
  errorOf: (name: string) => string | undefined;
  onChange: (next: StepDraft) => void;
  onMove: (to: number, buttonId: string) => void;
  onRemove: () => void;
}) {
  const title = step.name.trim() || `Шаг ${index + 1}`;
  const set = (patch: Partial<StepDraft>) => onChange({ ...step, ...patch });
  const setApprovers = (approvers: ApproverDraft[]) => set({ approvers });
  const chosen = new Set(step.approvers.flatMap((a) => (a.type === 'user' ? [a.user_id] : [])));
  const hasHead = step.approvers.some((a) => a.type === 'division_head');
  const upId = `${step.uid}-up`;
  const downId = `${step.uid}-down`;
  return (
    <li>
      <fieldset className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-3">
        <legend className="px-1 text-xs font-medium text-zinc-500">{`Шаг ${index + 1}`}</legend>
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start">
          <Field label="Название шага" required error={errorOf('name')}>
            {(c) => (
              <Input
                {...c}
                autoComplete="off"
                value={step.name}
                onChange={(e) => set({ name: e.target.value })}
              />
            )}
          </Field>
          <Field label="Кто согласует" error={errorOf('mode')}>
            {(c) => (
              <Select
                {...c}
                value={step.mode}
                onChange={(e) => set({ mode: e.target.value as TApprovalMode })}
              >
                {APPROVAL_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {APPROVAL_MODE_LABELS[mode]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Срок, дней" error={errorOf('deadline_days')}>
            {(c) => (
              <Input
                {...c}
                inputMode="numeric"
                value={step.deadline_days}
                placeholder="Без срока"
                onChange={(e) => set({ deadline_days: e.target.value })}
              />
            )}
          </Field>
          <div className="flex gap-1 sm:mt-7">
            <button
              type="button"
              id={upId}
              className={iconButton}
              aria-label={`Поднять шаг «${title}»`}
              disabled={index === 0}
              onClick={() => onMove(index - 1, index - 1 === 0 ? downId : upId)}
            >
              <ArrowUpIcon className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              id={downId}
              className={iconButton}
              aria-label={`Опустить шаг «${title}»`}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1, index + 1 === count - 1 ? upId : downId)}
            >
              <ArrowDownIcon className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={`Удалить шаг «${title}»`}
              onClick={onRemove}
            >
              <TrashIcon className="size-4" aria-hidden="true" />
            </button>
          </div>
        </div>

        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-zinc-800">Согласующие</p>
          {errorOf('approvers') && <ErrorText text={errorOf('approvers')!} />}
          <ul
            aria-label={`Согласующие шага «${title}»`}
            className="flex flex-col gap-2 empty:hidden"
          >
            {step.approvers.map((approver, at) => {
              const name = approverName(approver, users);
              const remove = (
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Убрать согласующего: ${name}`}
                  onClick={() => setApprovers(step.approvers.filter((_, i) => i !== at))}
                >
                  <XMarkIcon className="size-4" aria-hidden="true" />
                </button>
              );
              if (approver.type !== 'email') {
                return (
                  <li
                    key={approver.type === 'user' ? `user-${approver.user_id}` : 'head'}
                    className="flex items-center gap-2 text-sm text-zinc-800"
                  >
                    <span className="rounded-full bg-zinc-100 px-2.5 py-0.5">{name}</span>
                    {remove}
                    {errorOf(`approvers.${at}.user_id`) && (
                      <ErrorText text={errorOf(`approvers.${at}.user_id`)!} />
                    )}
                  </li>
                );
              }
              const update = (patch: Partial<typeof approver>) =>
                setApprovers(
                  step.approvers.map((a, i) => (i === at ? { ...approver, ...patch } : a)),
                );
              return (
                <li
                  key={`email-${at}`}
                  className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
                >
                  <Field
                    label="E-mail согласующего"
                    required
                    error={errorOf(`approvers.${at}.email`)}
                  >
                    {(c) => (
                      <Input
                        {...c}
                        type="email"
                        autoComplete="off"
                        value={approver.email}
                        onChange={(e) => update({ email: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field label="Имя согласующего" error={errorOf(`approvers.${at}.name`)}>
                    {(c) => (
                      <Input
                        {...c}
                        autoComplete="off"
                        value={approver.name}
                        onChange={(e) => update({ name: e.target.value })}
                      />
                    )}
                  </Field>
                  <div className="sm:mt-7">{remove}</div>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap items-center gap-2">
            <div className="w-full sm:w-72">
              <Select
                aria-label={`Добавить пользователя в шаг «${title}»`}
                value=""
                onChange={(e) => {
                  const user = users.find((u) => u.id === Number(e.target.value));
                  if (user) {
                    setApprovers([
                      ...step.approvers,
                      { type: 'user', user_id: user.id, name: personDisplayName(user) },
                    ]);
                  }
                }}
              >
                <option value="">Пользователь…</option>
                {users
                  .filter((u) => u.is_active && !chosen.has(u.id))
                  .map((user) => (
                    <option key={user.id} value={user.id}>
                      {personDisplayName(user)}
                    </option>
                  ))}
              </Select>
            </div>
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                setApprovers([...step.approvers, { type: 'email', email: '', name: '' }])
              }
            >
              Внешний по e-mail
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={hasHead}
              onClick={() => setApprovers([...step.approvers, { type: 'division_head' }])}
            >
              Руководитель подразделения
            </Button>
          </div>
        </div>
      </fieldset>
    </li>
  );
}
