import { JOB_SITE_MESSAGES } from '@ats/contracts/job-sites';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

/** Connecting sites, linking vacancies and syncing: admins and recruiters, never a watcher. */
export function assertCanManageJobSites(session: Pick<Session, 'memberType'>) {
  if (session.memberType === 'watcher') throw forbidden(JOB_SITE_MESSAGES.forbidden);
}
