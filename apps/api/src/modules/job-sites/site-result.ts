import { ZCreateApplicantRequest } from '@ats/contracts/applicants';
import type { SiteApplicant as CallApplicant, SiteResult } from './site-call.ts';
import { type SiteApplicant, SiteError } from './site-client.ts';

// Between the Avito and Habr clients (decision 0055: each answers a SiteResult and never throws)
// and the module's one SiteClient model (decision 0047: a failure is a SiteError the session and
// the sync act on). A 429 keeps its wait, a 5xx or no answer is `unavailable`, 401 is `expired`
// where the site has a refresh token (Habr) and `revoked` where it has none (Avito's client
// credentials, re-fetched inside the client already), 403 `revoked`, the rest `other`.

export function valueOf<T>(
  result: SiteResult<T>,
  options: { expiredOn401?: boolean; now?: () => number } = {},
): T {
  if (result.ok) return result.value;
  const now = options.now ?? Date.now;
  switch (result.kind) {
    case 'paused':
      throw new SiteError(
        429,
        'rate',
        Math.max(1, Math.ceil((result.until.getTime() - now()) / 1000)),
      );
    case 'retryable':
      throw new SiteError(result.status || 503, 'unavailable');
    case 'invalid':
      throw new SiteError(400, 'other');
    case 'refused':
      if (result.status === 401) {
        throw new SiteError(401, options.expiredOn401 ? 'expired' : 'revoked');
      }
      if (result.status === 403) throw new SiteError(403, 'revoked');
      throw new SiteError(result.status, 'other');
  }
}

/** A refusal that means "not there" (a résumé gone, contacts not paid for) reads as null. */
export function valueOrNull<T>(result: SiteResult<T>, options: { expiredOn401?: boolean } = {}) {
  if (!result.ok && result.kind === 'refused' && [402, 403, 404].includes(result.status)) {
    return null;
  }
  return valueOf(result, options);
}

/** The clients' applicant (our create-applicant fields) as the sync takes it. */
export function syncApplicantOf(applicant: CallApplicant): SiteApplicant {
  const { photo_url: photoUrl, external: _external, ...fields } = applicant;
  const draft = ZCreateApplicantRequest.parse({
    ...fields,
    first_name: fields.first_name || fields.last_name || 'Без имени',
  });
  return { draft, photoUrl, resumeLink: fields.resume_urls?.[0] ?? null };
}
