import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMultipart } from '../../../test/documents.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { resumePdf } from '../../../test/resume-documents.ts';
import { fieldChecks, RESUME_SET, resumeFile } from '../../../test/resumes/set.ts';
import { type TestApp, createTestApp } from '../../../test/test-app.ts';

// The résumé set (apps/api/test/resumes): each layout a recruiter gets, parsed through
// POST /api/applicants/parse_resume, lands its key fields where the create form shows them.
// `npm run bench -- resumes` reports the share of all expected fields.

let t: TestApp;
let owner: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpCompany(t.app);
  // The reading worker loads the PDF and Word readers on its first file; on a busy machine that
  // alone can take the reading's 10 s (and the worker is replaced). A small file first, until one
  // is read, so the set measures the parser rather than the loading.
  const warmUp = await resumePdf(['Иванов Иван']);
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await postMultipart(
      t.app,
      '/api/applicants/parse_resume',
      [{ name: 'file', filename: 'разогрев.pdf', content: warmUp }],
      owner.token,
    );
    if (response.status === 200) break;
  }
}, 90_000);
afterAll(async () => {
  await t?.close();
});

/** The name, contacts, city, wanted job, company, each job's company, position and start, schools. */
const KEY_FIELD =
  /^(last_name|first_name|middle_name|birthday|phone|email|city|position|money|currency|company)$|^experience\[\d+\]\.(company|position|date_start)$|^education\[\d+\]\.name$/;

describe('the résumé set through POST /api/applicants/parse_resume', () => {
  it.each(RESUME_SET.map((sample) => [`${sample.layout}: ${sample.file}`, sample] as const))(
    '%s',
    async (_, sample) => {
      const response = await postMultipart(
        t.app,
        '/api/applicants/parse_resume',
        [{ name: 'file', filename: sample.file, content: await resumeFile(sample) }],
        owner.token,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.message.file_type).toBe(sample.format);
      const { draft } = response.body.message;
      const wrong = fieldChecks(sample, draft, null).filter(
        (check) => KEY_FIELD.test(check.field) && !check.right,
      );
      expect(wrong).toEqual([]);
      // Every job and school is found, and every language in the dictionary.
      expect(draft.experience).toHaveLength(sample.expected.experience?.length ?? 0);
      expect(draft.education).toHaveLength(sample.expected.education?.length ?? 0);
      expect(draft.languages).toHaveLength(sample.expected.languages?.length ?? 0);
      // What the form shows as fields is not repeated in «Нераспознанная информация».
      for (const placed of [sample.expected.city, sample.expected.company]) {
        if (placed) expect(draft.unidentified_info ?? '').not.toContain(placed);
      }
    },
  );
});
