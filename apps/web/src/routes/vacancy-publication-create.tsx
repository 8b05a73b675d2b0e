import { useParams, useSearchParams } from 'react-router';
import {
  AvitoPublicationScreen,
  HabrPublicationScreen,
} from '../features/job-site-publications/avito-publication-form';
import { PublicationCreateScreen } from '../features/job-site-publications/publication-form';

/** The publication form of the site in `?site=` (hh.ru without it). */
export default function VacancyPublicationCreateRoute() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const site = search.get('site');
  if (site === 'avito') return <AvitoPublicationScreen key={id} vacancyId={Number(id)} />;
  if (site === 'habr') return <HabrPublicationScreen />;
  return <PublicationCreateScreen key={id} vacancyId={Number(id)} />;
}
