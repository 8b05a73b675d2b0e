import { useMutation } from '@tanstack/react-query';
import { ZParseResumeResponse } from '@ats/contracts/resume-parse';
import { apiUpload } from '../../shared/api-client';

/** POST /api/applicants/parse_resume: the draft of an applicant; the server stores nothing. */
export function useParseResume() {
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload('/applicants/parse_resume', file, { schema: ZParseResumeResponse }),
  });
}

/** The résumé the applicant was made from goes to their card's files. */
export function attachResumeFile(applicantId: number, file: File) {
  return apiUpload(`/applicants/${applicantId}/files`, file, { fields: { kind: 'resume' } });
}
