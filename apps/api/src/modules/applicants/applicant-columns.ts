import { MAX_ID } from '@ats/contracts/ids';
import type { TApplicant, TUpdateApplicantRequest } from '@ats/contracts/applicants';
import { normalizePhoneContacts, normalizePhoneField } from '@ats/contracts/phone';
import type { ApplicantColumns } from './applicants.repository.ts';

/** The salary as a number: the first group of digits in the free text ('от 100 000 ₽' → 100000). */
export function salaryAmountOf(money: string | null | undefined): number | null {
  const digits = /\d[\d\s\u00a0\u202f]*/.exec(money ?? '')?.[0].replace(/\D/g, '');
  if (!digits) return null;
  const amount = Number(digits);
  return amount <= MAX_ID ? amount : null;
}

type Fields = Omit<TUpdateApplicantRequest, 'photo'>;

/** Contract fields to columns; a field left out stays as it is, null clears it. */
export function columnsOf(input: Fields): ApplicantColumns {
  const has = <K extends keyof Fields>(key: K) => input[key] !== undefined;
  const columns: ApplicantColumns = {};
  if (has('first_name')) columns.firstName = input.first_name ?? null;
  if (has('last_name')) columns.lastName = input.last_name ?? null;
  if (has('middle_name')) columns.middleName = input.middle_name ?? null;
  if (has('lead_type')) columns.leadType = input.lead_type ?? null;
  if (has('birthday')) columns.birthday = input.birthday ?? null;
  if (has('gender')) columns.gender = input.gender ?? null;
  // One stored form for phones (E.164), whatever the client typed (create, update, import).
  if (has('phone')) columns.phone = normalizePhoneField(input.phone);
  if (has('email')) columns.email = input.email ?? null;
  if (has('tg')) columns.tg = input.tg ?? null;
  if (has('skype')) columns.skype = input.skype ?? null;
  if (has('contacts')) columns.contacts = normalizePhoneContacts(input.contacts ?? []);
  if (has('money')) {
    columns.money = input.money ?? null;
    columns.salaryAmount = salaryAmountOf(input.money);
  }
  if (has('currency')) columns.currency = input.currency ?? null;
  if (has('about_me')) columns.aboutMe = input.about_me ?? null;
  if (has('country')) columns.countryId = input.country ?? null;
  if (has('citizenship')) columns.citizenship = input.citizenship ?? [];
  if (has('total_experience')) columns.totalExperience = input.total_experience ?? null;
  if (has('experience')) columns.experience = input.experience ?? [];
  if (has('employments')) columns.employments = input.employments ?? [];
  if (has('education')) columns.education = input.education ?? [];
  if (has('skills')) columns.skills = input.skills ?? [];
  if (has('text_block')) columns.textBlock = input.text_block ?? null;
  if (has('position')) columns.position = input.position ?? null;
  if (has('company')) columns.company = input.company ?? null;
  if (has('city')) columns.city = input.city ?? null;
  if (has('admin_user_id')) columns.adminUserId = input.admin_user_id ?? null;
  if (has('account_source_id')) columns.accountSourceId = input.account_source_id ?? null;
  if (has('unidentified_info')) columns.unidentifiedInfo = input.unidentified_info ?? null;
  if (has('languages')) {
    columns.languages = (input.languages ?? []).map((l) => ({
      language_id: l.language_id,
      language_level_id: l.language_level_id ?? null,
    }));
  }
  if (has('has_vehicle')) columns.hasVehicle = input.has_vehicle ?? null;
  if (has('driver_licenses')) {
    columns.driverLicenses = (input.driver_licenses ?? []).map((d) => ({
      driver_license_id: d.driver_license_id,
      driver_experience: d.driver_experience ?? null,
    }));
  }
  if (has('resume_urls')) columns.resumeUrls = input.resume_urls ?? [];
  return columns;
}

/** {field: {from, to}} for each field the request named whose value actually changed. */
export function changedFields(
  before: TApplicant,
  after: TApplicant,
  fields: string[],
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of fields) {
    const from = before[field as keyof TApplicant];
    const to = after[field as keyof TApplicant];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}
