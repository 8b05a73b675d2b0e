import { useParams } from 'react-router';
import { AreaScreen } from '../features/areas/area-screen';

export default function ApplicantRoute() {
  const { id } = useParams();
  return (
    <AreaScreen
      title={`Кандидат №${id ?? ''}`}
      description="Карточка кандидата: контакты, опыт, вакансии и история."
    />
  );
}
