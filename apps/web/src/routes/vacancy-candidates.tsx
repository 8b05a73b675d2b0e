import { useParams } from 'react-router';
import { BoardScreen } from '../features/board/board-screen';

export default function VacancyCandidatesRoute() {
  const { id } = useParams();
  return <BoardScreen key={id} vacancyId={Number(id)} />;
}
