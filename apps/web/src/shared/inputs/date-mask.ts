const MAX_DATE_DIGITS = 8;

/** Formats typed or pasted text as DD.MM.YYYY, keeping at most 8 digits. */
export function formatDateMask(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, MAX_DATE_DIGITS);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)];
  return parts.filter(Boolean).join('.');
}
