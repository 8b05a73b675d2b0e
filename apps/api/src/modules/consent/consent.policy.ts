import { CONSENT_MESSAGES } from '@ats/contracts/consent';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

/**
 * Everyone signed in reads the consent settings (the card says whether a request can be sent);
 * only an admin recruiter changes them, as the company's other settings (SPEC.md §6 keeps
 * watchers out of the settings area). Asking an applicant is allowed as editing the applicant is.
 */
export function consentSettingsRefusal(actor: Pick<Session, 'memberType' | 'isAdmin'>) {
  return actor.memberType === 'owner' && actor.isAdmin ? null : CONSENT_MESSAGES.onlyAdmins;
}

export function assertCanChangeConsentSettings(actor: Pick<Session, 'memberType' | 'isAdmin'>) {
  const refusal = consentSettingsRefusal(actor);
  if (refusal) throw forbidden(refusal);
}
