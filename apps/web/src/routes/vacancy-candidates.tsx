import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@ats/ui/spinner';
import { BoardScreen } from '../features/board/board-screen';

// What the board shows only on a click (an applicant's card, the create form, the dialogs) is
// loaded then: the board's first paint needs the columns alone.
const BoardCard = lazy(() => import('./vacancy-candidates-card'));
const CreateApplicantForm = lazy(async () => ({
  default: (await import('../features/applicants/create-applicant-dialog')).CreateApplicantForm,
}));
const DelayActionDialog = lazy(async () => ({
  default: (await import('../features/delayed-tasks/delay-action-dialog')).DelayActionDialog,
}));
const MeetingDialog = lazy(async () => ({
  default: (await import('../features/events/meeting-dialog')).MeetingDialog,
}));

export { primeBoard as primeScreen } from '../features/board/board.queries';

export default function VacancyCandidatesRoute() {
  const { id } = useParams();
  return (
    <BoardScreen
      key={id}
      vacancyId={Number(id)}
      renderCreateApplicant={(props) => (
        <Suspense fallback={<Spinner label="Загружаем форму" />}>
          <CreateApplicantForm {...props} />
        </Suspense>
      )}
      // The applicant's card in the board's side panel, the same card as /applicant/{id}.
      renderCard={(applicantId) => (
        <Suspense
          fallback={
            <div className="flex justify-center py-24 text-zinc-500">
              <Spinner label="Загружаем карточку кандидата" className="[&>svg]:size-6" />
            </div>
          }
        >
          <BoardCard key={applicantId} applicantId={applicantId} />
        </Suspense>
      )}
      // «Назначить встречу» in a card's menu: this vacancy, the calendar's dialog.
      renderDelayAction={(applicantIds, onClose) => (
        <Suspense fallback={null}>
          <DelayActionDialog applicantIds={applicantIds} onClose={onClose} />
        </Suspense>
      )}
      renderScheduleMeeting={(target, onClose) => (
        <Suspense fallback={null}>
          <MeetingDialog
            open
            calendarLink
            onClose={onClose}
            applicant={target.applicant}
            vacancy={target.vacancy}
          />
        </Suspense>
      )}
    />
  );
}
