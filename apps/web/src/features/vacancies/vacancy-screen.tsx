import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import type { TVacancy } from '@ats/contracts/vacancies';
import { ItemIcon } from '../../shared/icons/item-icon';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useCurrentUser } from '../../shared/session/session.queries';
import { SaveTemplateDialog } from './save-template-dialog';
import { useVacancy } from './vacancies.queries';
import { VacancyDescription, VacancyDetails, VacancyTeam } from './vacancy-details';
import { EditVacancyDialog } from './vacancy-form-dialog';
import { canManageVacancy, canManageTemplates } from './vacancy-permissions';
import { VacancyStateActions } from './vacancy-state-actions';
import { VacancyStateBadge } from './vacancy-state-badge';
import { VacancyStatisticsSection } from './vacancy-statistics';

type StagesSlot = (vacancy: TVacancy) => ReactNode;

/**
 * `/vacancy/{id}`: the description, the team, the state and the statistics of one vacancy; its
 * stages come from the route (`renderStages`, the stages feature).
 */
export function VacancyScreen({ id, renderStages }: { id: number; renderStages?: StagesSlot }) {
  const vacancy = useVacancy(id);
  useDocumentTitle(vacancy.data ? vacancy.data.position : 'Вакансия');

  if (vacancy.isPending && vacancy.fetchStatus !== 'idle') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Загрузка вакансии" />
      </div>
    );
  }
  if (vacancy.isError) {
    return <EmptyState title="Не удалось загрузить вакансию" description={vacancy.error.message} />;
  }
  if (!vacancy.data) {
    // Also an id that is not a number: the query never runs.
    return (
      <EmptyState
        title="Вакансия не найдена"
        description="Её удалили, или она вам недоступна."
        action={
          <Link to="/" className={buttonClassName('secondary')}>
            К списку вакансий
          </Link>
        }
      />
    );
  }
  return <VacancyPage vacancy={vacancy.data} renderStages={renderStages} />;
}

function VacancyPage({
  vacancy,
  renderStages,
}: {
  vacancy: TVacancy;
  renderStages: StagesSlot | undefined;
}) {
  const me = useCurrentUser();
  const manage = canManageVacancy(me, vacancy);
  const [editing, setEditing] = useState(false);
  const [savingTemplate, setSavingTemplate] = useState(false);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <PageHeader
        title={vacancy.position}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <VacancyStateBadge state={vacancy.state} />
            {vacancy.account_division && (
              <span className="inline-flex items-center gap-1">
                <ItemIcon name={vacancy.account_division.icon} />
                {vacancy.account_division.name}
              </span>
            )}
          </span>
        }
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Link to={`/vacancy/${vacancy.id}/candidates`} className={buttonClassName('primary')}>
              Кандидаты
            </Link>
            {manage && (
              <>
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  Редактировать
                </Button>
                <VacancyStateActions vacancy={vacancy} />
              </>
            )}
            {manage && canManageTemplates(me) && (
              <Button variant="ghost" onClick={() => setSavingTemplate(true)}>
                Сохранить как шаблон
              </Button>
            )}
          </div>
        }
      />
      <div className="grid gap-5 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <VacancyDescription vacancy={vacancy} />
          <VacancyStatisticsSection vacancyId={vacancy.id} />
          {renderStages?.(vacancy)}
        </div>
        <div className="flex flex-col gap-5">
          <VacancyDetails vacancy={vacancy} />
          <VacancyTeam vacancy={vacancy} />
        </div>
      </div>
      {manage && (
        <EditVacancyDialog vacancy={vacancy} open={editing} onClose={() => setEditing(false)} />
      )}
      {manage && (
        <SaveTemplateDialog
          vacancyId={vacancy.id}
          position={vacancy.position}
          open={savingTemplate}
          onClose={() => setSavingTemplate(false)}
        />
      )}
    </div>
  );
}
