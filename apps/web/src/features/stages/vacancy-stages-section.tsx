import { Link } from 'react-router';
import { Card } from '@ats/ui/card';
import { useCurrentUser } from '../../shared/session/session.queries';
import { LoadState } from '../../shared/settings/settings-page';
import { settingsRights } from '../../shared/settings/settings-rights';
import { StageListEditor } from './stage-list-editor';
import { StageSiteStatesSection } from './stage-site-states-section';
import { useVacancyStageCounts, useVacancyStages } from './stages.queries';

/**
 * The vacancy page's own stages (copies of its funnel's, decision 0010): a stage manager changes
 * them here; everyone else sees the list.
 */
export function VacancyStagesSection({ vacancyId }: { vacancyId: number }) {
  const me = useCurrentUser();
  const canEdit = settingsRights(me).stages;
  const stages = useVacancyStages(vacancyId);
  const counts = useVacancyStageCounts(vacancyId, canEdit);
  return (
    <Card className="flex flex-col gap-3 p-4" role="region" aria-labelledby="vacancy-stages-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="vacancy-stages-title" className="text-base font-semibold text-zinc-900">
          Этапы вакансии
        </h2>
        {canEdit && (
          <Link
            to="/settings/funnels"
            className="text-sm text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Воронки компании
          </Link>
        )}
      </div>
      {stages.data ? (
        <StageListEditor
          stages={stages.data}
          owner={{ vacancy_id: vacancyId }}
          label="Этапы вакансии"
          canEdit={canEdit}
          counts={counts.data}
        />
      ) : (
        <LoadState
          isError={stages.isError}
          loadingLabel="Загрузка этапов"
          errorText="Не удалось загрузить этапы"
          onRetry={() => void stages.refetch()}
        />
      )}
      <StageSiteStatesSection owner={{ vacancy_id: vacancyId }} canEdit={canEdit} />
    </Card>
  );
}
