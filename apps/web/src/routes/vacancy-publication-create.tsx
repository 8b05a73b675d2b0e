import { useParams } from 'react-router';
import { PublicationCreateScreen } from '../features/job-site-publications/publication-form';

export default function VacancyPublicationCreateRoute() {
  const { id } = useParams();
  return <PublicationCreateScreen key={id} vacancyId={Number(id)} />;
}
