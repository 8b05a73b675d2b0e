import { buffer } from 'node:stream/consumers';
import { APPLICANT_FIELDS } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { isPdfImage } from '../../platform/pdf.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { type FieldFlag, downloadFieldsOf } from './applicant-export.service.ts';
import { printedName } from './applicant-pdf.layout.ts';
import { renderApplicantCard } from './applicant-pdf.render.ts';
import { type ApplicantPdfRow, applicantPdfQuery } from './applicant-pdf.repository.ts';
import { toApplicantCard } from './applicant-view.ts';
import { assertCanReadApplicants } from './applicant-base.service.ts';
import { APPLICANT_NOT_FOUND } from './applicants.service.ts';

export type ApplicantPdf = { fileName: string; bytes: Buffer };

const EVERY_FIELD: ReadonlySet<FieldFlag> = new Set(
  APPLICANT_FIELDS.map((f) => `is_${f}` as const),
);

/** Characters a file name cannot hold on some system (control characters among them). */
// eslint-disable-next-line no-control-regex -- control characters are among those removed
const NOT_IN_FILE_NAMES = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;

const fileNameOf = (name: string) =>
  name.replace(NOT_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim().slice(0, 120);

/** The photo as a PDF holds it (JPEG or PNG); any other format, or missing bytes, prints none. */
async function photoBytes(storage: Storage, file: ApplicantPdfRow['photo_file']) {
  if (!file || !isPdfImage(file.mime_type)) return null;
  const content = await storage.get(file.storage_key);
  return content ? buffer(content.stream) : null;
}

/**
 * The card as a printable A4 PDF with the fields the user's download settings let through
 * (settings that hide everything print everything, as the Excel export does). The card is read
 * in one statement while the settings are read beside it.
 */
export async function renderApplicantPdf(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  id: number,
): Promise<ApplicantPdf> {
  assertCanReadApplicants(session);
  const [fields, rows] = await Promise.all([
    downloadFieldsOf(tenant),
    tenant.read<ApplicantPdfRow>(applicantPdfQuery(tenant.accountId, id), 'applicant_pdf'),
  ]);
  const row = rows[0];
  if (!row) throw notFound(APPLICANT_NOT_FOUND);
  const shown = fields.size ? fields : EVERY_FIELD;
  const card = toApplicantCard(row);
  const photo = shown.has('is_photo') ? await photoBytes(storage, row.photo_file) : null;

  const name = printedName(card, shown) || `Кандидат ${card.id}`;
  const names = {
    country_name: row.country_name,
    language_names: row.language_names,
    license_names: row.license_names,
  };
  return {
    fileName: `${fileNameOf(name) || `Кандидат ${card.id}`}.pdf`,
    bytes: await renderApplicantCard(name, { card, names, photo, shown }),
  };
}
