import { useParams } from 'react-router';
import { PublicationEditScreen } from '../features/job-site-publications/publication-edit';

export default function VacancyPublicationEditRoute() {
  const { id, publicationId } = useParams();
  return (
    <PublicationEditScreen
      key={publicationId}
      vacancyId={Number(id)}
      publicationId={Number(publicationId)}
    />
  );
}
