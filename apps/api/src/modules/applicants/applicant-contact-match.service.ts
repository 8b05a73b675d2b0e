import type { Db } from '@ats/db/connection';
import * as repo from './applicant-contact-match.repository.ts';

/**
 * The one applicant a messenger contact names, for work done without a caller (incoming messages
 * of issue 14) in that work's tenant transaction: by the Telegram handle first, then by the phone.
 * Null when none matches or when two applicants share it (nobody is guessed).
 */
export async function findApplicantByMessengerContact(
  tx: Db,
  accountId: number,
  contact: { telegramHandle?: string | null; phone?: string | null },
): Promise<{ applicantId: number; by: 'handle' | 'phone' } | null> {
  const handle = contact.telegramHandle?.trim().replace(/^@/, '');
  if (handle && /^[A-Za-z0-9_]{4,32}$/.test(handle)) {
    const found = await repo.findApplicantsByTelegramHandle(tx, accountId, handle);
    if (found.length === 1) return { applicantId: Number(found[0]!.id), by: 'handle' };
  }
  let digits = (contact.phone ?? '').replace(/[^0-9]/g, '');
  // The Russian trunk prefix as ats_phone_digits makes it: 8 916… and 916… are 7 916….
  if (/^8[0-9]{10}$/.test(digits)) digits = `7${digits.slice(1)}`;
  else if (/^9[0-9]{9}$/.test(digits)) digits = `7${digits}`;
  if (digits.length >= 10) {
    const found = await repo.findApplicantsByPhoneDigits(tx, accountId, digits);
    if (found.length === 1) return { applicantId: Number(found[0]!.id), by: 'phone' };
  }
  return null;
}
