import { PublicationsScreen } from '../features/job-site-publications/vacancy-publications-section';

export default function RemoteVacanciesRoute() {
  return <PublicationsScreen />;
}
