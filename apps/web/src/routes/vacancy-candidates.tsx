import { useParams } from 'react-router';
import { CreateApplicantForm } from '../features/applicants/create-applicant-dialog';
import { BoardScreen } from '../features/board/board-screen';

export default function VacancyCandidatesRoute() {
  const { id } = useParams();
  return (
    <BoardScreen
      key={id}
      vacancyId={Number(id)}
      renderCreateApplicant={(props) => <CreateApplicantForm {...props} />}
    />
  );
}
