import { PublicationSamplesScreen } from '../features/job-site-publications/samples-screen';

export default function RemoteVacanciesSamplesRoute() {
  return <PublicationSamplesScreen />;
}
