import { useState, type FormEvent } from 'react';
import { personDisplayName } from '@ats/contracts/person-name';
import type { TStage } from '@ats/contracts/pipeline';
import {
  AUTOMATION_ACTIONS,
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_TRIGGERS,
  AUTOMATION_TRIGGER_LABELS,
  MAX_STAY_DAYS,
  SCHEDULED_KINDS,
  SCHEDULED_KIND_LABELS,
  ZCreateAutomationRuleRequest,
  type TScheduledKind,
  type TAutomationAction,
  type TAutomationRule,
  type TAutomationTrigger,
} from '@ats/contracts/stage-automation';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { Textarea } from '@ats/ui/textarea';
import { ChannelPicker, type TLetterChannel } from '../../shared/messaging/channel-picker';
import { useTeam } from '../../shared/team-members.queries';
import {
  useEvaluationForms,
  useMailTemplateChoices,
  useSaveRule,
} from './settings-automation.queries';

type Draft = {
  trigger: TAutomationTrigger;
  stayDays: string;
  action: TAutomationAction;
  templateId: string;
  subject: string;
  body: string;
  userId: string;
  evaluationId: string;
  targetId: string;
  laterKind: TScheduledKind;
  workdays: string;
  time: string;
  channel: TLetterChannel;
};

const text = (value: unknown) => (value == null ? '' : String(value));

function draftOf(rule: TAutomationRule | null): Draft {
  const p = rule?.params ?? {};
  return {
    trigger: rule?.trigger ?? 'enter',
    stayDays: text(rule?.stay_days),
    action: rule?.action ?? 'send_template',
    evaluationId: text(p.evaluation_id),
    targetId: text(p.status_id),
    templateId: text(p.mail_template_id ?? p.template_id),
    laterKind: (p.kind as TScheduledKind | undefined) ?? 'send_letter',
    workdays: text(p.workdays ?? 1),
    time: text(p.time ?? '10:00'),
    subject: text(p.subject),
    body: text(p.body ?? p.text),
    userId: text(p.user_id),
    channel: p.channel === 'telegram' ? 'telegram' : 'email',
  };
}

const numberOrEmpty = (value: string) => (value === '' ? undefined : Number(value));

function paramsOf(draft: Draft): Record<string, unknown> {
  switch (draft.action) {
    case 'send_template':
      return {
        mail_template_id: numberOrEmpty(draft.templateId),
        ...(draft.channel === 'telegram' && { channel: draft.channel }),
      };
    case 'send_message':
      return {
        subject: draft.subject,
        body: draft.body,
        ...(draft.channel === 'telegram' && { channel: draft.channel }),
      };
    case 'request_evaluation':
      return {
        user_id: numberOrEmpty(draft.userId),
        evaluation_id: draft.evaluationId === '' ? null : Number(draft.evaluationId),
      };
    case 'move_to_stage':
      return { status_id: numberOrEmpty(draft.targetId) };
    case 'schedule_task': {
      const kind = draft.laterKind;
      return {
        kind,
        workdays: draft.workdays === '' ? undefined : Number(draft.workdays),
        time: draft.time,
        ...(kind === 'send_letter' && { template_id: numberOrEmpty(draft.templateId) }),
        ...(kind === 'move_stage' && { status_id: numberOrEmpty(draft.targetId) }),
        ...(kind === 'remind_user' && { user_id: numberOrEmpty(draft.userId) }),
        ...(kind === 'send_message' && { subject: draft.subject }),
        ...((kind === 'send_message' || kind === 'remind_user') && { text: draft.body }),
      };
    }
  }
}

type Props = {
  stage: TStage;
  /** The other stages of the same funnel or vacancy: where a rule may move the applicant. */
  stages: TStage[];
  rule: TAutomationRule | null;
  onClose: () => void;
};

/** A rule of one stage: when (enters / stays longer than N days) and what to do. */
export function RuleDialog({ stage, stages, rule, onClose }: Props) {
  const [draft, setDraft] = useState(() => draftOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveRule();
  const templates = useMailTemplateChoices();
  const team = useTeam();
  const forms = useEvaluationForms();
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const targets = stages.filter((s) => s.id !== stage.id && !s.is_reject);
  // What a «schedule a delayed task» rule puts off; null for the other actions.
  const later = draft.action === 'schedule_task' ? draft.laterKind : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      status_id: stage.id,
      trigger: draft.trigger,
      stay_days: draft.trigger === 'stay' ? (numberOrEmpty(draft.stayDays) ?? null) : null,
      action: draft.action,
      params: paramsOf(draft),
    };
    const parsed = ZCreateAutomationRuleRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]).reverse()),
      );
      return;
    }
    const { status_id: _stage, ...changes } = parsed.data;
    const result =
      rule === null
        ? await save.mutateAsync({ id: null, body: parsed.data })
        : await save.mutateAsync({ id: rule.id, body: changes });
    if (result.ok) onClose();
    else setErrors(result.errors ?? {});
  };

  const title = rule ? `Правило этапа «${stage.name}»` : `Новое правило этапа «${stage.name}»`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      <form noValidate onSubmit={submit} aria-label={title} className="flex flex-col gap-4">
        <Field label="Когда" error={errors.trigger}>
          {(c) => (
            <Select
              {...c}
              value={draft.trigger}
              onChange={(e) => set({ trigger: e.target.value as TAutomationTrigger })}
            >
              {AUTOMATION_TRIGGERS.map((t) => (
                <option key={t} value={t}>
                  {AUTOMATION_TRIGGER_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {draft.trigger === 'stay' && (
          <Field label="Сколько дней на этапе" required error={errors.stay_days}>
            {(c) => (
              <Input
                {...c}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_STAY_DAYS}
                value={draft.stayDays}
                onChange={(e) => set({ stayDays: e.target.value })}
              />
            )}
          </Field>
        )}
        <Field label="Что сделать" error={errors.action}>
          {(c) => (
            <Select
              {...c}
              value={draft.action}
              onChange={(e) => set({ action: e.target.value as TAutomationAction })}
            >
              {AUTOMATION_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {AUTOMATION_ACTION_LABELS[a]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {draft.action === 'schedule_task' && (
          <>
            <Field label="Что отложить" error={errors['params.kind']}>
              {(c) => (
                <Select
                  {...c}
                  value={draft.laterKind}
                  onChange={(e) => set({ laterKind: e.target.value as TScheduledKind })}
                >
                  {SCHEDULED_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {SCHEDULED_KIND_LABELS[k]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Через рабочих дней" required error={errors['params.workdays']}>
                {(c) => (
                  <Input
                    {...c}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={250}
                    value={draft.workdays}
                    onChange={(e) => set({ workdays: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Во сколько" required error={errors['params.time']}>
                {(c) => (
                  <Input
                    {...c}
                    type="time"
                    value={draft.time}
                    onChange={(e) => set({ time: e.target.value })}
                  />
                )}
              </Field>
            </div>
          </>
        )}
        {(draft.action === 'send_template' || later === 'send_letter') && (
          <Field
            label="Шаблон письма"
            required
            error={errors['params.mail_template_id'] ?? errors['params.template_id']}
            hint={templates.isError ? 'Не удалось загрузить шаблоны' : undefined}
          >
            {(c) => (
              <Select
                {...c}
                value={draft.templateId}
                onChange={(e) => set({ templateId: e.target.value })}
              >
                <option value="">Выберите шаблон</option>
                {templates.data?.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        {(draft.action === 'send_message' || later === 'send_message') && (
          <Field label="Тема сообщения" required error={errors['params.subject']}>
            {(c) => (
              <Input
                {...c}
                value={draft.subject}
                maxLength={200}
                onChange={(e) => set({ subject: e.target.value })}
              />
            )}
          </Field>
        )}
        {(draft.action === 'send_message' ||
          later === 'send_message' ||
          later === 'remind_user') && (
          <Field
            label={later === 'remind_user' ? 'Текст напоминания' : 'Текст сообщения'}
            required
            hint="Можно вставлять переменные шаблонов: %applicant.first_name%, %vacancy.name%"
            error={errors['params.body'] ?? errors['params.text']}
          >
            {(c) => (
              <Textarea
                {...c}
                value={draft.body}
                maxLength={5000}
                onChange={(e) => set({ body: e.target.value })}
              />
            )}
          </Field>
        )}
        {(draft.action === 'send_template' || draft.action === 'send_message') && (
          <ChannelPicker
            name="rule-channel"
            value={draft.channel}
            onChange={(channel) => set({ channel })}
          />
        )}
        {(draft.action === 'request_evaluation' || later === 'remind_user') && (
          <Field
            label={later === 'remind_user' ? 'Кому напомнить' : 'Кого попросить'}
            required
            error={errors['params.user_id']}
          >
            {(c) => (
              <Select {...c} value={draft.userId} onChange={(e) => set({ userId: e.target.value })}>
                <option value="">Выберите сотрудника</option>
                {(team.data ?? [])
                  .filter((u) => u.is_active)
                  .map((u) => (
                    <option key={u.id} value={u.id}>
                      {personDisplayName(u)}
                    </option>
                  ))}
              </Select>
            )}
          </Field>
        )}
        {draft.action === 'request_evaluation' && (
          <Field label="Форма оценки" error={errors['params.evaluation_id']}>
            {(c) => (
              <Select
                {...c}
                value={draft.evaluationId}
                onChange={(e) => set({ evaluationId: e.target.value })}
              >
                <option value="">Без формы</option>
                {forms.data?.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        {(draft.action === 'move_to_stage' || later === 'move_stage') && (
          <Field label="На какой этап" required error={errors['params.status_id']}>
            {(c) => (
              <Select
                {...c}
                value={draft.targetId}
                onChange={(e) => set({ targetId: e.target.value })}
              >
                <option value="">Выберите этап</option>
                {targets.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        {errors.status_id && (
          <p role="alert" className="text-sm text-red-600">
            {errors.status_id}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" loading={save.isPending}>
            Сохранить правило
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
