import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { REASON_TYPES, REASON_TYPE_LABELS, type TReasonType } from '@ats/contracts/pipeline';
import { Card } from '@ats/ui/card';
import { cx } from '@ats/ui/class-names';
import { useCurrentUser } from '../../shared/session/session.queries';
import { SettingsPage } from '../../shared/settings/settings-page';
import { settingsRights } from '../../shared/settings/settings-rights';
import { ReasonList } from './reason-list';

const READ_ONLY =
  'Изменять причины может администратор или рекрутер с правом «Управление причинами».';

export function SettingsReasonsScreen() {
  const me = useCurrentUser();
  const canEdit = settingsRights(me).reasons;
  const [active, setActive] = useState<TReasonType>('reject');
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  // WAI-ARIA tabs: arrows, Home and End move between the tabs and open them.
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = REASON_TYPES.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(REASON_TYPES[next]!);
    tabs.current[next]?.focus();
  };

  return (
    <SettingsPage
      title="Причины отказа"
      description="Почему кандидаты не проходят отбор или отказываются сами, почему вакансии закрываются и встают на паузу."
      readOnlyNote={canEdit ? null : READ_ONLY}
    >
      <Card className="p-4">
        <div role="tablist" aria-label="Типы причин" className="mb-4 flex flex-wrap gap-1">
          {REASON_TYPES.map((type, index) => {
            const selected = type === active;
            return (
              <button
                key={type}
                ref={(node) => {
                  tabs.current[index] = node;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${type}`}
                aria-controls={`${baseId}-panel-${type}`}
                aria-selected={selected}
                tabIndex={selected ? 0 : -1}
                onClick={() => setActive(type)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={cx(
                  'rounded-lg px-3 py-1.5 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-indigo-600',
                  selected ? 'bg-indigo-600 text-white' : 'text-zinc-600 hover:bg-zinc-100',
                )}
              >
                {REASON_TYPE_LABELS[type]}
              </button>
            );
          })}
        </div>
        <div
          role="tabpanel"
          id={`${baseId}-panel-${active}`}
          aria-labelledby={`${baseId}-tab-${active}`}
        >
          <ReasonList
            key={active}
            type={active}
            typeLabel={REASON_TYPE_LABELS[active]}
            canEdit={canEdit}
          />
        </div>
      </Card>
    </SettingsPage>
  );
}
