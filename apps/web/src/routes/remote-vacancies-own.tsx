import { OwnVacanciesScreen } from '../features/job-site-publications/samples-screen';

export default function RemoteVacanciesOwnRoute() {
  return <OwnVacanciesScreen />;
}
