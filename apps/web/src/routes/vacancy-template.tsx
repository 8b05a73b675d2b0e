import { useParams } from 'react-router';
import { VacancyTemplateScreen } from '../features/vacancies/vacancy-template-screen';

export default function VacancyTemplateRoute() {
  const { id } = useParams();
  const templateId = Number(id);
  return <VacancyTemplateScreen key={templateId} id={templateId} />;
}
