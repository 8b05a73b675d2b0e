import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Tabs } from '@ats/ui/tabs';
import type { TAnalyticsCall } from '@ats/contracts/analytics';
import { useCurrentUser } from '../../shared/session/session.queries';
import { useDocumentTitle } from '../../shared/use-document-title';
import {
  FunnelChart,
  PeriodChart,
  ReasonsChart,
  RecruitersChart,
  SourcesChart,
} from './analytics-charts';
import { PeriodFilter, TabFilters } from './analytics-filters';
import {
  ANALYTICS_TAB_LABELS,
  ANALYTICS_TABS,
  analyticsParamsOf,
  queryOfCall,
  searchOfAnalyticsParams,
  todayIn,
  type AnalyticsParams,
} from './analytics-params';
import { MetricCard } from './analytics-table';
import { ReportSection } from './report-section';

/** `/analytics`: the company, the recruiters, a vacancy and a funnel, over a period. */
export function AnalyticsScreen() {
  useDocumentTitle('Аналитика');
  const me = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const params = analyticsParamsOf(search);
  const today = todayIn(me.account_setting.time_zone || me.time_zone);
  const panelId = useId();

  const update = (changes: Partial<AnalyticsParams>) => {
    const next = { ...params, ...changes };
    // «Свой период» starts from the days the preset showed, so the two inputs are never empty.
    if (changes.preset === 'custom' && params.preset !== 'custom') {
      const shown = queryOfCall('company_base_indicators', params, today);
      next.date_from = params.date_from ?? String(shown.date_from);
      next.date_to = params.date_to ?? String(shown.date_to);
    }
    setSearch(searchOfAnalyticsParams(next), { replace: true });
  };
  const queryOf = (call: TAnalyticsCall) => queryOfCall(call, params, today);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Аналитика"
        description="Сколько кандидатов пришло и откуда, где они выходят из воронки, как быстро закрываются вакансии и кто сколько делает."
      />
      <Tabs
        items={ANALYTICS_TABS}
        value={params.tab}
        onChange={(tab) => update({ tab })}
        labels={ANALYTICS_TAB_LABELS}
        label="Разделы аналитики"
        idPrefix="analytics-tab"
        panelId={panelId}
      />
      <div className="flex flex-col gap-3">
        <PeriodFilter params={params} onChange={update} />
        <TabFilters tab={params.tab} params={params} onChange={update} />
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`analytics-tab-${params.tab}`}
        className="flex flex-col gap-4"
      >
        {params.tab === 'company' && <CompanyTab queryOf={queryOf} />}
        {params.tab === 'recruiters' && <RecruitersTab queryOf={queryOf} />}
        {params.tab === 'vacancies' &&
          (params.vacancy_id ? (
            <VacancyTab queryOf={queryOf} />
          ) : (
            <EmptyState
              title="Выберите вакансию"
              description="Воронка, кандидаты по периодам и причины отказов одной вакансии."
            />
          ))}
        {params.tab === 'funnels' &&
          (params.status_group_id ? (
            <ReportSection
              call="status_group_conversion"
              query={queryOf('status_group_conversion')}
              chart={(answer, title) => <FunnelChart stages={answer.stages} title={title} />}
            />
          ) : (
            <EmptyState
              title="Выберите воронку"
              description="Конверсия этапов воронки по всем её вакансиям."
            />
          ))}
      </div>
    </div>
  );
}

type TabProps = { queryOf: (call: TAnalyticsCall) => Record<string, string | number | undefined> };

function CompanyTab({ queryOf }: TabProps) {
  return (
    <>
      <ReportSection
        call="company_base_indicators"
        query={queryOf('company_base_indicators')}
        isEmpty={() => false}
        chart={(answer) => (
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
            {answer.indicators.map((indicator) => (
              <MetricCard
                key={indicator.key}
                label={indicator.label}
                metric={indicator}
                definition={
                  indicator.key.startsWith('time_to_hire')
                    ? 'time_to_hire'
                    : indicator.key.startsWith('time_to_close')
                      ? 'time_to_close'
                      : indicator.key
                }
              />
            ))}
          </div>
        )}
      />
      <ReportSection
        call="company_count_applicants_by_period"
        query={queryOf('company_count_applicants_by_period')}
        chart={(answer, title) => <PeriodChart answer={answer} title={title} />}
      />
      <ReportSection
        call="company_count_applicants"
        query={queryOf('company_count_applicants')}
        isEmpty={() => false}
      />
      <ReportSection
        call="company_analytics_by_sources"
        query={queryOf('company_analytics_by_sources')}
        chart={(answer, title) => <SourcesChart answer={answer} title={title} />}
      />
      <ReportSection
        call="company_reasons_rejection"
        query={queryOf('company_reasons_rejection')}
        chart={(answer, title) => <ReasonsChart answer={answer} title={title} />}
      />
      <ReportSection
        call="company_analytics_by_vacancies"
        query={queryOf('company_analytics_by_vacancies')}
      />
    </>
  );
}

function RecruitersTab({ queryOf }: TabProps) {
  return (
    <>
      <ReportSection
        call="recruiter_count_applicants"
        query={queryOf('recruiter_count_applicants')}
        chart={(answer, title) => <RecruitersChart answer={answer} title={title} />}
      />
      <ReportSection
        call="recruiter_count_applicants_by_period"
        query={queryOf('recruiter_count_applicants_by_period')}
        chart={(answer, title) => <PeriodChart answer={answer} title={title} />}
      />
      <ReportSection call="recruiter_vacancies" query={queryOf('recruiter_vacancies')} />
      <ReportSection
        call="recruiter_vacancies_details"
        query={queryOf('recruiter_vacancies_details')}
      />
    </>
  );
}

function VacancyTab({ queryOf }: TabProps) {
  return (
    <>
      <ReportSection
        call="vacancy"
        query={queryOf('vacancy')}
        isEmpty={() => false}
        chart={(answer, title) => <FunnelChart stages={answer.stages} title={title} />}
      />
      <ReportSection
        call="vacancy_count_applicants_by_period"
        query={queryOf('vacancy_count_applicants_by_period')}
        chart={(answer, title) => <PeriodChart answer={answer} title={title} />}
      />
      <ReportSection
        call="vacancy_count_applicants"
        query={queryOf('vacancy_count_applicants')}
        isEmpty={() => false}
      />
      <ReportSection
        call="vacancy_reasons_rejection"
        query={queryOf('vacancy_reasons_rejection')}
        chart={(answer, title) => <ReasonsChart answer={answer} title={title} />}
      />
    </>
  );
}
