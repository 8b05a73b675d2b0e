/**
 * SPEC.md §3 "Person name": last_name, name, middle_name, first_name, email. Users carry `name`
 * (their answers repeat it as `first_name`); applicants carry `first_name` and no `name`.
 */
export type TPersonNameParts = {
  last_name?: string | null;
  name?: string | null;
  middle_name?: string | null;
  first_name?: string | null;
  email?: string | null;
};

/** A part as it is printed: inner runs of spaces made one; blank (or only spaces) is none. */
const clean = (part: string | null | undefined) => part?.replace(/\s+/g, ' ').trim() ?? '';

const sameWord = (a: string, b: string) => a.toLocaleLowerCase('ru') === b.toLocaleLowerCase('ru');

/**
 * The one display name of a person, used wherever the interface, the history, letters, exports
 * and PDFs name a user or an applicant: the name parts in the order of SPEC.md §3 — last name,
 * name, middle name, first name — joined by spaces; the e-mail when no part exists; '' when
 * there is neither (the caller adds its own placeholder, such as «Без имени» or «№12»).
 *
 * `first_name` and `name` are the same given name under two keys, so they combine like this:
 * - only one of them is present: it is the given name and stands second, after the last name
 *   («Петров Иван Сергеевич» for an applicant's last, first and middle name);
 * - both are present and equal (a user's answer repeats `name` as `first_name`): printed once;
 * - both are present and differ: both are printed, `first_name` last, as SPEC orders the parts.
 */
export function personDisplayName(person: TPersonNameParts): string {
  const lastName = clean(person.last_name);
  const middleName = clean(person.middle_name);
  const firstName = clean(person.first_name);
  const name = clean(person.name) || firstName;
  const extraFirstName = firstName && !sameWord(firstName, name) ? firstName : '';
  const full = [lastName, name, middleName, extraFirstName].filter(Boolean).join(' ');
  return full || clean(person.email);
}
