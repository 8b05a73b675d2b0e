import { useParams } from 'react-router';
import { AreaScreen } from '../features/areas/area-screen';

export default function VacancyRoute() {
  const { id } = useParams();
  return (
    <AreaScreen title={`Вакансия №${id ?? ''}`} description="Описание вакансии, этапы и команда." />
  );
}
