import { RemoteVacanciesHhScreen } from '../features/job-site-publications/remote-vacancies-hh-screen';

export default function RemoteVacanciesHhRoute() {
  return <RemoteVacanciesHhScreen />;
}
