import { useParams } from 'react-router';
import { AreaScreen } from '../features/areas/area-screen';

export default function VacancyCandidatesRoute() {
  const { id } = useParams();
  return (
    <AreaScreen
      title={`Кандидаты вакансии №${id ?? ''}`}
      description="Кандидаты по этапам воронки."
    />
  );
}
