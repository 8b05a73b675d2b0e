import { useState, type FormEvent } from 'react';
import {
  ZCreateStageRequest,
  ZUpdateStageRequest,
  type TRejectKind,
  type TStage,
} from '@ats/contracts/pipeline';
import { personDisplayName } from '@ats/contracts/person-name';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { IconField } from '../../shared/icons/icon-field';
import { iconOrNull, type IconName } from '../../shared/icons/icon-list';
import { useTeam } from '../../shared/team-members.queries';
import { useEvaluationFormChoices, useSaveStage, type StageOwner } from './stages.queries';

type Right = 'default' | 'write' | 'read' | 'none';

const RIGHT_LABELS: Record<Right, string> = {
  default: 'По умолчанию',
  write: 'Видит и переводит',
  read: 'Только видит',
  none: 'Не видит',
};

const REJECT_LABELS: Record<'none' | TRejectKind, string> = {
  none: 'Нет, обычный этап',
  reject: 'Да, отказ компании',
  refuse: 'Да, отказ кандидата',
};

const DEFAULT_COLOR = '#6366F1';

type Draft = {
  name: string;
  color: string;
  icon: IconName | null;
  stayDuration: string;
  isOffer: boolean;
  reject: 'none' | TRejectKind;
  evaluationId: string;
  rights: Record<number, Right>;
};

function draftOf(stage: TStage | null): Draft {
  const rights: Record<number, Right> = {};
  for (const r of stage?.admin_user_statuses ?? []) {
    rights[r.admin_user_id] = !r.is_read ? 'none' : r.is_write ? 'write' : 'read';
  }
  return {
    name: stage?.name ?? '',
    color: stage ? `#${stage.color.replace(/^#/, '')}` : DEFAULT_COLOR,
    icon: iconOrNull(stage?.icon ?? null),
    stayDuration: stage?.stay_duration == null ? '' : String(stage.stay_duration),
    isOffer: stage?.is_offer ?? false,
    reject: stage?.is_reject ? (stage.reject_kind ?? 'reject') : 'none',
    evaluationId: stage?.evaluation_id == null ? '' : String(stage.evaluation_id),
    rights,
  };
}

function requestOf(draft: Draft, withRights: boolean) {
  const stay = draft.stayDuration.trim();
  return {
    name: draft.name,
    color: draft.color,
    icon: draft.icon,
    stay_duration: stay === '' ? null : Number(stay),
    is_offer: draft.isOffer,
    ...(draft.reject === 'none'
      ? { is_reject: false, reject_kind: null }
      : { is_reject: true, reject_kind: draft.reject }),
    evaluation_id: draft.evaluationId === '' ? null : Number(draft.evaluationId),
    ...(withRights && {
      admin_user_statuses: Object.entries(draft.rights)
        .filter(([, right]) => right !== 'default')
        .map(([id, right]) => ({
          admin_user_id: Number(id),
          is_read: right !== 'none',
          is_write: right === 'write',
        })),
    }),
  };
}

type Props = {
  /** The stage to change, or null to add one at the end of the owner's list. */
  stage: TStage | null;
  owner: StageOwner;
  onClose: () => void;
};

/** A stage's name, colour, icon, days, offer and rejection flags, scorecard and users' rights. */
export function StageDialog({ stage, owner, onClose }: Props) {
  const [draft, setDraft] = useState(() => draftOf(stage));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const team = useTeam();
  const forms = useEvaluationFormChoices(true);
  const save = useSaveStage();
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const members = (team.data ?? []).filter((u) => u.is_active);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = requestOf(draft, team.isSuccess);
    const parsed =
      stage === null
        ? ZCreateStageRequest.safeParse({ ...body, ...owner })
        : ZUpdateStageRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]).reverse()),
      );
      return;
    }
    const result =
      stage === null
        ? await save.mutateAsync({ id: null, changes: { ...body, ...owner } })
        : await save.mutateAsync({ id: stage.id, changes: body });
    if (result.ok) onClose();
    else setErrors(result.errors ?? {});
  };

  const title = stage ? `Этап «${stage.name}»` : 'Новый этап';
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      <form noValidate onSubmit={submit} aria-label={title} className="flex flex-col gap-4">
        <Field label="Название этапа" required error={errors.name}>
          {(c) => (
            <Input
              {...c}
              value={draft.name}
              maxLength={100}
              onChange={(e) => set({ name: e.target.value })}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Цвет" error={errors.color}>
            {(c) => (
              <Input
                {...c}
                type="color"
                className="h-10 p-1"
                value={draft.color}
                onChange={(e) => set({ color: e.target.value })}
              />
            )}
          </Field>
          <Field
            label="Максимум дней на этапе"
            hint="Пусто — без срока"
            error={errors.stay_duration}
          >
            {(c) => (
              <Input
                {...c}
                type="number"
                inputMode="numeric"
                min={0}
                max={3650}
                value={draft.stayDuration}
                onChange={(e) => set({ stayDuration: e.target.value })}
              />
            )}
          </Field>
        </div>
        <IconField label="Иконка этапа" value={draft.icon} onChange={(icon) => set({ icon })} />
        <label className="flex items-center gap-2 text-sm text-zinc-800">
          <input
            type="checkbox"
            className="size-4 rounded border-zinc-300"
            checked={draft.isOffer}
            onChange={(e) => set({ isOffer: e.target.checked })}
          />
          Этап оффера
        </label>
        <Field label="Этап отказа" error={errors.reject_kind ?? errors.is_reject}>
          {(c) => (
            <Select
              {...c}
              value={draft.reject}
              onChange={(e) => set({ reject: e.target.value as Draft['reject'] })}
            >
              {(Object.keys(REJECT_LABELS) as Draft['reject'][]).map((kind) => (
                <option key={kind} value={kind}>
                  {REJECT_LABELS[kind]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Форма оценки на этапе" error={errors.evaluation_id}>
          {(c) => (
            <Select
              {...c}
              value={draft.evaluationId}
              onChange={(e) => set({ evaluationId: e.target.value })}
            >
              <option value="">Без формы оценки</option>
              {forms.data?.map((form) => (
                <option key={form.id} value={form.id}>
                  {form.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-zinc-800">Права пользователей</legend>
          <p className="text-xs text-zinc-500">
            По умолчанию рекрутеры видят этап и переводят кандидатов, заказчики только видят.
          </p>
          {team.isError && (
            <p role="alert" className="text-xs text-red-600">
              Не удалось загрузить пользователей: права этапа не изменятся.
            </p>
          )}
          {errors.admin_user_statuses && (
            <p role="alert" className="text-xs text-red-600">
              {errors.admin_user_statuses}
            </p>
          )}
          <ul className="flex flex-col gap-2">
            {members.map((user) => {
              const name = personDisplayName(user);
              return (
                <li key={user.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 flex-1 truncate text-sm text-zinc-800">{name}</span>
                  <Select
                    aria-label={`Права на этап: ${name}`}
                    className="w-auto"
                    value={draft.rights[user.id] ?? 'default'}
                    onChange={(e) =>
                      set({ rights: { ...draft.rights, [user.id]: e.target.value as Right } })
                    }
                  >
                    {(Object.keys(RIGHT_LABELS) as Right[]).map((right) => (
                      <option key={right} value={right}>
                        {RIGHT_LABELS[right]}
                      </option>
                    ))}
                  </Select>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" loading={save.isPending}>
            {stage ? 'Сохранить' : 'Добавить этап'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
