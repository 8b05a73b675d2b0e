import { Tabs } from '@ats/ui/tabs';
import { VACANCY_STATES, type TVacancyState } from '@ats/contracts/vacancies';

export const STATE_TAB_LABELS: Record<TVacancyState, string> = {
  open: 'Открытые',
  hold: 'На паузе',
  closed: 'Закрытые',
};

type Props = {
  value: TVacancyState;
  counts: Record<TVacancyState, number> | undefined;
  onChange: (state: TVacancyState) => void;
  panelId: string;
};

/** Открытые / На паузе / Закрытые with their counters; the list below is the tab panel. */
export function VacancyStateTabs({ value, counts, onChange, panelId }: Props) {
  return (
    <Tabs
      items={VACANCY_STATES}
      value={value}
      onChange={onChange}
      labels={STATE_TAB_LABELS}
      counts={counts}
      label="Состояние вакансий"
      idPrefix="vacancy-tab"
      panelId={panelId}
    />
  );
}
