import { Tabs } from '@ats/ui/tabs';
import { REQUEST_TAB_LABELS, REQUEST_TABS } from '@ats/contracts/vacancy-applications';
import type { RequestTab } from './request-list-params';

type Props = { value: RequestTab; onChange: (tab: RequestTab) => void; panelId: string };

/** «Мои», «На моём согласовании», «Все»; the list below is the tab panel. */
export function RequestTabs({ value, onChange, panelId }: Props) {
  return (
    <Tabs
      items={REQUEST_TABS}
      value={value}
      onChange={onChange}
      labels={REQUEST_TAB_LABELS}
      label="Какие заявки"
      idPrefix="request-tab"
      panelId={panelId}
    />
  );
}
