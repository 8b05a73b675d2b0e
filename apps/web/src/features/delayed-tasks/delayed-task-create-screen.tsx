import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '@ats/ui/card';
import { PageHeader } from '@ats/ui/page-header';
import { useDocumentTitle } from '../../shared/use-document-title';
import { ScheduleTaskForm, ZApplicantIdsParam } from './schedule-task-form';

/** `/delayed-tasks/create[?applicant_ids=1,2]`: a task for the applicants named, or a reminder. */
export function DelayedTaskCreateScreen() {
  useDocumentTitle('Новая отложенная задача');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const applicantIds = ZApplicantIdsParam.parse(params.get('applicant_ids') ?? '');
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <PageHeader
        title="Новая отложенная задача"
        description={
          applicantIds.length > 0
            ? `Кандидатов: ${applicantIds.length}`
            : 'Без кандидатов можно запланировать напоминание.'
        }
      />
      <Card className="p-4">
        <ScheduleTaskForm
          applicantIds={applicantIds}
          onCancel={() => void navigate('/delayed-tasks')}
          onDone={(id) => void navigate(`/delayed-tasks/${id}`)}
        />
      </Card>
    </div>
  );
}
