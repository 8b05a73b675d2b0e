import { useParams } from 'react-router';
import { AreaScreen } from '../features/areas/area-screen';

export default function VacancyPublicationCreateRoute() {
  const { id } = useParams();
  return (
    <AreaScreen
      title={`Новая публикация №${id ?? ''}`}
      description="Разместите вакансию на сайтах работы."
    />
  );
}
