import { ZDate } from '@ats/contracts/applicants';
import { ZCheckDoublesRequest, type TCheckDoublesRequest } from '@ats/contracts/duplicates';

/** What the create form holds while the recruiter types (all text). */
export type CheckDraftInput = {
  last_name: string;
  first_name: string;
  middle_name: string;
  phone: string;
  email: string;
  tg: string;
  birthday: string;
  city?: string;
  company?: string;
};

const MIN_NAME_LETTERS = 2;
const MIN_PHONE_DIGITS = 7;

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/**
 * The body of `check_doubles` for what is typed so far, or null when nothing in it could find
 * a double yet: a name of two letters, an e-mail with '@', a phone of seven digits or a Telegram
 * handle. Half-typed values (a date without its year) are left out rather than sent.
 */
export function checkDraftOf(input: CheckDraftInput): TCheckDoublesRequest | null {
  const name = [input.last_name, input.first_name].map((part) => part.trim()).join('');
  const email = input.email.trim().includes('@') ? blankToNull(input.email) : null;
  const phone =
    input.phone.replace(/\D/g, '').length >= MIN_PHONE_DIGITS ? blankToNull(input.phone) : null;
  const tg = input.tg.trim().replace(/^@/, '').length >= 3 ? blankToNull(input.tg) : null;
  const birthday = ZDate.safeParse(input.birthday);
  if (name.length < MIN_NAME_LETTERS && !email && !phone && !tg) return null;

  const parsed = ZCheckDoublesRequest.safeParse({
    last_name: blankToNull(input.last_name),
    first_name: blankToNull(input.first_name),
    middle_name: blankToNull(input.middle_name),
    email,
    phone,
    tg,
    birthday: birthday.success ? birthday.data : null,
    city: blankToNull(input.city),
    company: blankToNull(input.company),
  });
  return parsed.success ? parsed.data : null;
}
