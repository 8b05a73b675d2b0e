import { JobSiteScreen } from '../features/job-sites/job-site-screen';

export default function HabrRoute() {
  return <JobSiteScreen site="habr" />;
}
