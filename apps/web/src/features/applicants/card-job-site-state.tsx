import type { TJobSite } from '@ats/contracts/job-sites';
import { JOB_SITE_NAMES } from '@ats/contracts/job-sites';
import {
  JOB_SITE_STAGE_STATE_NAMES,
  type TJobSiteStateChange,
} from '@ats/contracts/job-site-states';
import { cx } from '@ats/ui/class-names';

const siteName = (site: string) => JOB_SITE_NAMES[site as TJobSite] ?? site;

/** The last change of the state, on the site, of the response this application came from. */
export function lastChangeOf(changes: readonly TJobSiteStateChange[], applicationId: number) {
  // Newest first from the API.
  return changes.find((change) => change.application_id === applicationId) ?? null;
}

/**
 * One application's state on the job site and what became of the last change sent: sent, being
 * sent (or waiting to retry), or refused with the site's reason in Russian.
 */
export function JobSiteStateLine({ change }: { change: TJobSiteStateChange | null }) {
  if (!change) return null;
  const waiting = change.status === 'queued';
  return (
    <p
      data-testid="job-site-state"
      className={cx(
        'w-full text-xs',
        change.status === 'failed' ? 'text-red-700' : waiting ? 'text-amber-700' : 'text-zinc-600',
      )}
      {...(waiting ? { role: 'status' } : {})}
    >
      <span className="font-medium">
        Статус на {siteName(change.site)}: {JOB_SITE_STAGE_STATE_NAMES[change.state]}
      </span>
      {' — '}
      {change.text}
    </p>
  );
}
