import { useId, useState } from 'react';
import { REASON_TYPES, REASON_TYPE_LABELS, type TReasonType } from '@ats/contracts/pipeline';
import { Card } from '@ats/ui/card';
import { Tabs } from '@ats/ui/tabs';
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

  return (
    <SettingsPage
      title="Причины отказа"
      description="Почему кандидаты не проходят отбор или отказываются сами, почему вакансии закрываются и встают на паузу."
      readOnlyNote={canEdit ? null : READ_ONLY}
    >
      <Card className="p-4">
        <Tabs
          items={REASON_TYPES}
          value={active}
          onChange={setActive}
          labels={REASON_TYPE_LABELS}
          label="Типы причин"
          idPrefix={`${baseId}-tab`}
          panelId={`${baseId}-panel-${active}`}
          variant="pills"
          className="mb-4"
        />
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
