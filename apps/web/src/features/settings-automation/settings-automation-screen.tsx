import { PencilSquareIcon, PlusIcon, TrashIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { personDisplayName } from '@ats/contracts/person-name';
import type { TStage } from '@ats/contracts/pipeline';
import {
  SCHEDULED_KIND_LABELS,
  type TAutomationRule,
  type TScheduledKind,
} from '@ats/contracts/stage-automation';
import { Button, iconButton } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { pluralize } from '../../shared/format/plurals';
import { useCurrentUser } from '../../shared/session/session.queries';
import { LoadState, SettingsPage } from '../../shared/settings/settings-page';
import { settingsRights } from '../../shared/settings/settings-rights';
import { useTeam } from '../../shared/team-members.queries';
import { RuleDialog } from './rule-dialog';
import {
  type RuleOwner,
  useDeleteRule,
  useMailTemplateChoices,
  useRuleOwners,
  useRules,
  useVacancyStageList,
} from './settings-automation.queries';

const READ_ONLY =
  'Правила автоматизации настраивает администратор или рекрутер с правом «Управление этапами».';

const days = (n: number) => pluralize(n, { one: 'дня', few: 'дней', many: 'дней' });

const WORKDAY_FORMS = { one: 'рабочий день', few: 'рабочих дня', many: 'рабочих дней' };

const ownerValue = (owner: RuleOwner | null) => (owner ? `${owner.kind}:${owner.id}` : '');
const ownerOf = (value: string): RuleOwner | null => {
  const [kind, id] = value.split(':');
  if ((kind !== 'funnel' && kind !== 'vacancy') || !id) return null;
  return { kind, id: Number(id) };
};

export function SettingsAutomationScreen() {
  const me = useCurrentUser();
  const canEdit = settingsRights(me).stages;
  return (
    <SettingsPage
      title="Автоматизация"
      description="Правила этапов: когда кандидат попадает на этап или задерживается на нём, система сама отправит письмо, попросит оценку или переведёт дальше. Каждое срабатывание видно в истории кандидата."
      readOnlyNote={canEdit ? null : READ_ONLY}
    >
      {canEdit && <AutomationEditor />}
    </SettingsPage>
  );
}

function AutomationEditor() {
  const owners = useRuleOwners(true);
  const [chosen, setChosen] = useState<RuleOwner | null>(null);
  const firstFunnel = owners.data?.funnels[0];
  const owner = chosen ?? (firstFunnel ? { kind: 'funnel' as const, id: firstFunnel.id } : null);

  if (!owners.data) {
    return (
      <LoadState
        isError={owners.isError}
        loadingLabel="Загрузка воронок и вакансий"
        errorText="Не удалось загрузить воронки и вакансии"
        onRetry={() => void owners.refetch()}
      />
    );
  }
  const funnel =
    owner?.kind === 'funnel' ? owners.data.funnels.find((f) => f.id === owner.id) : undefined;
  return (
    <Card className="flex flex-col gap-4 p-4">
      <Field
        label="Воронка или вакансия"
        hint="Правило на этапе воронки действует на всех вакансиях с этой воронкой"
      >
        {(c) => (
          <Select
            {...c}
            value={ownerValue(owner)}
            onChange={(e) => setChosen(ownerOf(e.target.value))}
          >
            <optgroup label="Воронки">
              {owners.data.funnels.map((f) => (
                <option key={f.id} value={`funnel:${f.id}`}>
                  {f.name}
                </option>
              ))}
            </optgroup>
            {owners.data.vacancies.length > 0 && (
              <optgroup label="Открытые вакансии">
                {owners.data.vacancies.map((v) => (
                  <option key={v.id} value={`vacancy:${v.id}`}>
                    {v.position}
                  </option>
                ))}
              </optgroup>
            )}
          </Select>
        )}
      </Field>
      {owner === null ? (
        <p className="py-4 text-sm text-zinc-500">
          Воронок пока нет: создайте воронку в настройках.
        </p>
      ) : owner.kind === 'funnel' ? (
        <StagesWithRules key={ownerValue(owner)} owner={owner} stages={funnel?.statuses ?? []} />
      ) : (
        <VacancyStages key={ownerValue(owner)} owner={owner} />
      )}
    </Card>
  );
}

function VacancyStages({ owner }: { owner: RuleOwner }) {
  const stages = useVacancyStageList(owner.id);
  if (!stages.data) {
    return (
      <LoadState
        isError={stages.isError}
        loadingLabel="Загрузка этапов"
        errorText="Не удалось загрузить этапы вакансии"
        onRetry={() => void stages.refetch()}
      />
    );
  }
  return <StagesWithRules owner={owner} stages={stages.data} />;
}

type Editing = { stage: TStage; rule: TAutomationRule | null };

function StagesWithRules({ owner, stages }: { owner: RuleOwner; stages: TStage[] }) {
  const rules = useRules(owner);
  const templates = useMailTemplateChoices();
  const team = useTeam();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<TAutomationRule | null>(null);

  if (!rules.data) {
    return (
      <LoadState
        isError={rules.isError}
        loadingLabel="Загрузка правил"
        errorText="Не удалось загрузить правила"
        onRetry={() => void rules.refetch()}
      />
    );
  }
  if (stages.length === 0) {
    return <p className="py-4 text-sm text-zinc-500">Этапов пока нет.</p>;
  }

  const describe = (rule: TAutomationRule) => {
    const when =
      rule.trigger === 'stay'
        ? `Кандидат на этапе дольше ${days(rule.stay_days ?? 0)}`
        : 'Кандидат попал на этап';
    const p = rule.params;
    let what: string;
    switch (rule.action) {
      case 'send_template': {
        const t = templates.data?.find((x) => x.id === p.mail_template_id);
        what = `письмо по шаблону «${t?.name ?? `№${String(p.mail_template_id)}`}»`;
        break;
      }
      case 'send_message':
        what = `сообщение «${String(p.subject ?? '')}»`;
        break;
      case 'request_evaluation': {
        const u = team.data?.find((x) => x.id === p.user_id);
        what = `попросить оценку: ${u ? personDisplayName(u) : 'сотрудник'}`;
        break;
      }
      case 'move_to_stage': {
        const s = stages.find((x) => x.id === p.status_id);
        what = `перевести на этап «${s?.name ?? 'удалённый этап'}»`;
        break;
      }
      case 'schedule_task': {
        const kind = SCHEDULED_KIND_LABELS[p.kind as TScheduledKind] ?? 'отложенное действие';
        const n = Number(p.workdays ?? 0);
        const inDays = n === 0 ? 'сегодня' : `через ${pluralize(n, WORKDAY_FORMS)}`;
        what = `запланировать «${kind}» ${inDays} в ${String(p.time ?? '')}`;
        break;
      }
    }
    return `${when} → ${what}`;
  };

  return (
    <div className="flex flex-col gap-3">
      {rules.data.length === 0 && (
        <p className="text-sm text-zinc-500">
          На этапах пока нет правил. Нажмите «Добавить правило» у нужного этапа.
        </p>
      )}
      <ol aria-label="Этапы и их правила" className="flex flex-col gap-3">
        {stages.map((stage) => {
          const own = rules.data.filter((r) => r.status_id === stage.id);
          const headingId = `automation-stage-${stage.id}`;
          return (
            <li key={stage.id}>
              <section
                aria-labelledby={headingId}
                className="rounded-lg border border-zinc-200 p-3"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
                    <span
                      aria-hidden="true"
                      className="size-2.5 rounded-full"
                      style={{ backgroundColor: stage.color }}
                    />
                    {stage.name}
                  </h2>
                  <Button
                    variant="secondary"
                    aria-label={`Добавить правило на этап «${stage.name}»`}
                    onClick={() => setEditing({ stage, rule: null })}
                  >
                    <PlusIcon className="size-4" aria-hidden="true" />
                    Добавить правило
                  </Button>
                </div>
                {own.length > 0 && (
                  <ul
                    aria-label={`Правила этапа «${stage.name}»`}
                    className="mt-2 divide-y divide-zinc-100"
                  >
                    {own.map((rule) => {
                      const sentence = describe(rule);
                      return (
                        <li key={rule.id} className="flex items-center gap-2 py-2">
                          <span className="min-w-0 flex-1 text-sm text-zinc-800">{sentence}</span>
                          <button
                            type="button"
                            className={iconButton}
                            aria-label={`Изменить правило: ${sentence}`}
                            title="Изменить"
                            onClick={() => setEditing({ stage, rule })}
                          >
                            <PencilSquareIcon className="size-4" aria-hidden="true" />
                          </button>
                          <button
                            type="button"
                            className={`${iconButton} hover:text-red-600`}
                            aria-label={`Удалить правило: ${sentence}`}
                            title="Удалить"
                            onClick={() => setDeleting(rule)}
                          >
                            <TrashIcon className="size-4" aria-hidden="true" />
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>
            </li>
          );
        })}
      </ol>
      {editing && (
        <RuleDialog
          stage={editing.stage}
          stages={stages}
          rule={editing.rule}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          setDeleting(null);
        }}
        title="Удалить правило?"
        description={deleting ? describe(deleting) : ''}
        confirmLabel="Удалить"
        destructive
        pending={remove.isPending}
      />
    </div>
  );
}
