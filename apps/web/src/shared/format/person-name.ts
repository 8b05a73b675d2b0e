export type PersonNameParts = {
  last_name?: string | null;
  name?: string | null;
  middle_name?: string | null;
  email?: string | null;
};

/** "Фамилия Имя Отчество" from the parts that exist; the email when there are none. */
export function personDisplayName(person: PersonNameParts): string {
  const full = [person.last_name, person.name, person.middle_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || person.email || '';
}
