import { JobSiteScreen } from '../features/job-sites/job-site-screen';

export default function HhRoute() {
  return <JobSiteScreen site="hh" />;
}
