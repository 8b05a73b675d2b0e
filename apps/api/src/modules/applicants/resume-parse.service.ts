import type { TParseResumeResponse } from '@ats/contracts/resume-parse';
import { RESUME_MESSAGES } from '@ats/contracts/resume-parse';
import { normalizePhoneContacts, normalizePhoneField } from '@ats/contracts/phone';
import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { uploadEmpty } from '../../platform/uploads.ts';
import { listLanguageLevels, listLanguages } from '../references/references.service.ts';
import { getUser } from '../users/users.service.ts';
import { assertCanReadApplicants } from './applicant-base.service.ts';
import { assertApplicantAction } from './applicants.policy.ts';
import type { LanguageMention } from './resume-languages.ts';
import { readResume } from './resume-read.ts';
import { resumeFileType } from './resume-text.ts';

/** Parsing serves creating: whoever may not create applicants may not parse résumés either. */
async function assertMayCreateApplicants(tenant: Tenant, session: Session) {
  const base = { userId: session.userId, memberType: session.memberType, isAdmin: session.isAdmin };
  assertCanReadApplicants(session);
  const user = await getUser(tenant, session.userId);
  assertApplicantAction(
    { ...base, permissions: user.admin_user_setting.permissions_actions },
    'create',
  );
}

const folded = (text: string | null) => (text ?? '').toLowerCase().replace(/ё/g, 'е');

/** Languages by their Russian or English name in the dictionary; the rest stay as text. */
async function resolveLanguages(db: Db, mentions: LanguageMention[]) {
  if (mentions.length === 0) return { found: [], unknown: [] };
  // The dictionary is small (about 70 languages): read it once rather than once per mention.
  const [levels, languages] = await Promise.all([
    listLanguageLevels(db),
    listLanguages(db, { limit: 1000 }),
  ]);
  const found: TParseResumeResponse['draft']['languages'] = [];
  const unknown: string[] = [];
  for (const mention of mentions) {
    const language = languages.find(
      (row) =>
        folded(row.name) === folded(mention.name) || folded(row.name_en) === folded(mention.name),
    );
    const level = levels.find((row) => row.code === mention.level);
    if (language && !found.some((l) => l.language_id === language.id)) {
      found.push({ language_id: language.id, language_level_id: level?.id ?? null });
    } else if (!language) {
      unknown.push(
        `Язык: ${mention.name}${mention.level ? ` (${mention.level.toUpperCase()})` : ''}`,
      );
    }
  }
  return { found, unknown };
}

/**
 * A draft applicant from a PDF or DOCX résumé, for the recruiter to check in the create form.
 * Nothing is stored: the file itself goes to the card after the applicant is created.
 */
export async function parseResume(
  tenant: Tenant,
  session: Session,
  references: Db,
  receive: () => Promise<Buffer>,
): Promise<TParseResumeResponse> {
  // Asked before the upload is read, so a refused caller does not send 15 MB for nothing.
  await assertMayCreateApplicants(tenant, session);
  const bytes = await receive();
  if (bytes.length === 0) throw uploadEmpty();
  const type = resumeFileType(bytes);
  if (!type) throw badRequest(RESUME_MESSAGES.wrongType, { file: RESUME_MESSAGES.wrongType });
  const { parsed, textLength } = await readResume(bytes, type);
  const languages = await resolveLanguages(references, parsed.languages);
  const unidentified = [parsed.draft.unidentified_info, ...languages.unknown].filter(Boolean);
  return {
    draft: {
      ...parsed.draft,
      // The stored form of phones (E.164), as create would store them anyway.
      phone: normalizePhoneField(parsed.draft.phone),
      contacts: normalizePhoneContacts(parsed.draft.contacts),
      languages: languages.found,
      unidentified_info: unidentified.length > 0 ? unidentified.join('\n') : null,
    },
    text_length: textLength,
    file_type: type,
  };
}
