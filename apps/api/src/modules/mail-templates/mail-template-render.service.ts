import type {
  TRenderedLetter,
  ZPreviewTemplateRequest,
  ZRenderTemplateQuery,
} from '@ats/contracts/mail-templates';
import { personDisplayName } from '@ats/contracts/person-name';
import { formatPhone } from '@ats/contracts/phone';
import type { z } from 'zod';
import type { Session } from '../../platform/auth.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { getAccount } from '../account/account.service.ts';
import { getApplicantCard } from '../applicants/applicants.service.ts';
import { getUser } from '../users/users.service.ts';
import { getVacancy } from '../vacancies/vacancies.service.ts';
import {
  type Block,
  blocksToText,
  htmlToBlocks,
  sanitizeTemplateHtml,
} from './mail-template-html.ts';
import { writeLetterDocx } from './mail-template-docx.ts';
import { writeLetterPdf } from './mail-template-pdf.ts';
import {
  type VariableValues,
  fillHtmlVariables,
  fillVariables,
  russianDate,
  unknownVariables,
} from './mail-template-variables.ts';
import { assertCanReadMailTemplates } from './mail-templates.policy.ts';
import { telegramLinksFor } from './mail-template-links.service.ts';
import { findVisibleMailTemplate } from './mail-templates.service.ts';

type RenderQuery = z.output<typeof ZRenderTemplateQuery>;
type PreviewRequest = z.output<typeof ZPreviewTemplateRequest>;

/**
 * The values of every variable for this applicant (and vacancy), read as the caller: an applicant
 * or vacancy the caller cannot see answers 404, another account's too.
 */
async function valuesFor(
  tenant: Tenant,
  session: Session,
  applicantId: number,
  vacancyId: number | null | undefined,
): Promise<VariableValues> {
  const [applicant, vacancy, account, user, telegramLink] = await Promise.all([
    getApplicantCard(tenant, session, applicantId),
    vacancyId ? getVacancy(tenant, session, vacancyId) : null,
    getAccount(tenant),
    getUser(tenant, session.userId),
    telegramLinksFor(tenant),
  ]);
  return valuesOf(applicant, vacancy, account, user, telegramLink);
}

/** What a letter reads of an applicant. */
export type LetterApplicant = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  position: string | null;
  email: string | null;
  phone: string | null;
};

function valuesOf(
  applicant: LetterApplicant,
  vacancy: { position: string } | null,
  account: { name: string; time_zone: string },
  user: Parameters<typeof personDisplayName>[0],
  telegramLink: ((applicantId: number) => string) | null,
): VariableValues {
  return {
    'applicant.name': personDisplayName(applicant),
    'applicant.first_name': applicant.first_name ?? '',
    'applicant.last_name': applicant.last_name ?? '',
    'applicant.middle_name': applicant.middle_name ?? '',
    'applicant.position': applicant.position ?? '',
    'applicant.email': applicant.email ?? '',
    'applicant.phone': formatPhone(applicant.phone),
    'vacancy.name': vacancy?.position ?? '',
    'company.name': account.name,
    'user.name': personDisplayName(user),
    date: russianDate(new Date(), account.time_zone),
    telegram_link: telegramLink ? telegramLink(Number(applicant.id)) : '',
  };
}

type Letter = TRenderedLetter & { blocks: Block[] };

function letterOf(title: string, description: string, values: VariableValues): Letter {
  const body = sanitizeTemplateHtml(description);
  const bodyHtml = sanitizeTemplateHtml(fillHtmlVariables(body, values));
  const blocks = htmlToBlocks(bodyHtml);
  return {
    subject: fillVariables(title, values).replace(/\s+/g, ' ').trim(),
    body_html: bodyHtml,
    body_text: blocksToText(blocks),
    unknown_variables: unknownVariables(title, body),
    blocks,
  };
}

async function renderSaved(tenant: Tenant, session: Session, query: RenderQuery) {
  assertCanReadMailTemplates(session);
  const template = await findVisibleMailTemplate(tenant, session, query.template_id);
  const values = await valuesFor(tenant, session, query.applicant_id, query.vacancy_id);
  const letter = letterOf(template.title, template.description ?? '', values);
  return { template, values, letter };
}

const withoutBlocks = ({ blocks: _blocks, ...letter }: Letter): TRenderedLetter => letter;

/**
 * One template rendered for many applicants (a delayed letter to thousands): the template, the
 * vacancy, the account and the sender read once, as the caller; each applicant's letter is then
 * made in memory from the applicant's own fields, which the caller has read for them.
 */
export async function prepareLetters(
  tenant: Tenant,
  session: Session,
  templateId: number,
  vacancyId: number | null | undefined,
) {
  assertCanReadMailTemplates(session);
  const template = await findVisibleMailTemplate(tenant, session, templateId);
  const [vacancy, account, user, telegramLink] = await Promise.all([
    vacancyId ? getVacancy(tenant, session, vacancyId) : null,
    getAccount(tenant),
    getUser(tenant, session.userId),
    telegramLinksFor(tenant),
  ]);
  return (applicant: LetterApplicant): TRenderedLetter =>
    withoutBlocks(
      letterOf(
        template.title,
        template.description ?? '',
        valuesOf(applicant, vacancy, account, user, telegramLink),
      ),
    );
}

/** `/api/get_letter_by_template`: the subject and body for this applicant. */
export async function renderLetter(tenant: Tenant, session: Session, query: RenderQuery) {
  return withoutBlocks((await renderSaved(tenant, session, query)).letter);
}

/** The editor's live preview: the unsaved subject and body, rendered for a chosen applicant. */
export async function previewLetter(tenant: Tenant, session: Session, input: PreviewRequest) {
  assertCanReadMailTemplates(session);
  const values = await valuesFor(tenant, session, input.applicant_id, input.vacancy_id);
  return withoutBlocks(letterOf(input.title, input.description, values));
}

/** Characters a file name cannot hold on some system (control characters among them). */
// eslint-disable-next-line no-control-regex -- control characters are among those removed
const NOT_IN_FILE_NAMES = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;

const fileNameOf = (templateName: string, applicantName: string, extension: string) => {
  const base = [templateName, applicantName && `— ${applicantName}`]
    .join(' ')
    .replace(NOT_IN_FILE_NAMES, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base || 'Письмо'}.${extension}`;
};

export type RenderedFile = { fileName: string; bytes: Buffer };

/** `/api/get_pdf_by_template`: the letter as an A4 PDF named after the template and applicant. */
export async function renderTemplatePdf(
  tenant: Tenant,
  session: Session,
  query: RenderQuery,
): Promise<RenderedFile> {
  const { template, values, letter } = await renderSaved(tenant, session, query);
  const bytes = await writeLetterPdf({
    title: letter.subject || template.name,
    subtitle: values['applicant.name'] || null,
    blocks: letter.blocks,
  });
  return { fileName: fileNameOf(template.name, values['applicant.name'], 'pdf'), bytes };
}

/** `/api/get_docx_by_template`: the letter as a Word document. */
export async function renderTemplateDocx(
  tenant: Tenant,
  session: Session,
  query: RenderQuery,
): Promise<RenderedFile> {
  const { template, values, letter } = await renderSaved(tenant, session, query);
  const bytes = await writeLetterDocx({
    title: letter.subject || template.name,
    blocks: letter.blocks,
  });
  return { fileName: fileNameOf(template.name, values['applicant.name'], 'docx'), bytes };
}
