import { useParams } from 'react-router';
import { AreaScreen } from '../features/areas/area-screen';

export default function VacancyTemplateRoute() {
  const { id } = useParams();
  return (
    <AreaScreen
      title={`Шаблон вакансии №${id ?? ''}`}
      description="Шаблон, из которого создаются вакансии."
    />
  );
}
