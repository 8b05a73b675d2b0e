import { useMemo } from 'react';
import type { TApplicant } from '@ats/contracts/applicants';
import type { TCheckDoublesRequest, TDoubleMatch } from '@ats/contracts/duplicates';
import { formatIsoDate } from '../format/applicant-format';
import { useDebouncedValue } from '../use-debounced-value';
import { checkDraftOf, type CheckDraftInput } from './check-draft';
import { useCheckDoubles } from './doubles.queries';

export const CHECK_DEBOUNCE_MS = 400;

/**
 * The doubles of what is typed so far, asked once the typing pauses. When an applicant is being
 * edited, `excludeId` keeps it from being its own double; `enabled: false` asks nothing.
 */
export function useSimilarApplicants(
  typed: CheckDraftInput,
  options: { excludeId?: number; enabled?: boolean } = {},
): TDoubleMatch[] {
  const { excludeId, enabled = true } = options;
  const body = enabled ? checkDraftOf(typed) : null;
  // Compared as text, so a re-render with the same values does not restart the pause.
  const settled = useDebouncedValue(
    JSON.stringify(body && excludeId !== undefined ? { ...body, exclude_id: excludeId } : body),
    CHECK_DEBOUNCE_MS,
  );
  const draft = useMemo(() => JSON.parse(settled) as TCheckDoublesRequest | null, [settled]);
  const check = useCheckDoubles(draft);
  return draft ? (check.data?.items ?? []) : [];
}

/** The saved applicant as the check's input: the base an edit form lays its fields over. */
export const checkDraftOfApplicant = (applicant: TApplicant): CheckDraftInput => ({
  last_name: applicant.last_name ?? '',
  first_name: applicant.first_name ?? '',
  middle_name: applicant.middle_name ?? '',
  phone: applicant.phone ?? '',
  email: applicant.email ?? '',
  tg: applicant.tg ?? '',
  birthday: formatIsoDate(applicant.birthday),
  city: applicant.city ?? '',
  company: applicant.company ?? '',
});

/** Whether an edit changed anything a double is found by (names, contacts, birthday). */
export const changesIdentity = (saved: CheckDraftInput, typed: CheckDraftInput) =>
  (['last_name', 'first_name', 'middle_name', 'phone', 'email', 'tg', 'birthday'] as const).some(
    (field) => saved[field].trim() !== typed[field].trim(),
  );
