import { JobSiteScreen } from '../features/job-sites/job-site-screen';

export default function AvitoRoute() {
  return <JobSiteScreen site="avito" />;
}
