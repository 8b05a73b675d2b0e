// One stored form of a phone number (E.164, '+79161234567') and one display form
// ('+7 916 123-45-67'), for every writer and every screen, export and letter.

/** Digits, spaces, brackets, dashes, dots and a leading + (or «tel:»): nothing else is a phone. */
const PHONE_TEXT = /^(?:tel:)?\s*\+?[\d\s().-]+$/i;

const sameDigit = (digits: string) => /^(\d)\1+$/.test(digits);

/**
 * The number in E.164, or null when the text is not surely one phone number. Russian rules: 8 and
 * +7 prefixes, 7XXXXXXXXXX, ten-digit national numbers (9161234567); another country's number
 * only when written with + or 00. Letters, extensions and more than one number are not guessed.
 */
export function phoneToE164(raw: string): string | null {
  const text = raw.trim();
  if (!PHONE_TEXT.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  let international = text.replace(/^tel:\s*/i, '').startsWith('+');
  if (!international && digits.startsWith('00')) {
    international = true;
    digits = digits.slice(2);
  }
  if (digits.length < 10 || digits.length > 15) return null;
  let e164: string;
  if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8')) {
    // +8 9… is a common slip for +7 9…; 8 9… is the domestic prefix.
    if (international && digits[0] === '8' && digits[1] !== '9') return null;
    e164 = `7${digits.slice(1)}`;
  } else if (digits.length === 10 && !international) {
    e164 = `7${digits}`;
  } else if (international && digits.length >= 11) {
    e164 = digits;
  } else {
    return null;
  }
  if (e164.startsWith('7')) {
    // Russian and Kazakh numbers start with 3, 4, 7, 8 or 9; anything else is a typing error.
    if (e164.length !== 11 || !/^[34789]/.test(e164.slice(1))) return null;
  }
  if (sameDigit(e164.slice(1))) return null;
  return `+${e164}`;
}

/**
 * The form a phone is stored in: E.164 when the text is a phone number, otherwise the text as
 * typed (trimmed), so nothing a client sent is lost.
 */
export function normalizePhone(raw: string): string {
  return phoneToE164(raw) ?? raw.trim();
}

/** A nullable phone field normalized, blank as null. */
export function normalizePhoneField(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const value = normalizePhone(raw);
  return value === '' ? null : value;
}

/** Contact kinds whose value is a phone number. */
export const PHONE_CONTACT_TYPES: readonly string[] = ['phone', 'whatsapp', 'viber'];

/** Extra contacts with their phone numbers normalized, the rest untouched. */
export function normalizePhoneContacts<T extends { contact_type: string; value: string }>(
  contacts: T[],
): T[] {
  return contacts.map((contact) =>
    PHONE_CONTACT_TYPES.includes(contact.contact_type)
      ? { ...contact, value: normalizePhone(contact.value) }
      : contact,
  );
}

/**
 * The display form: '+7 916 123-45-67' for a Russian or Kazakh number, E.164 for another
 * country's. A value stored before normalization shows in the display form when it is a phone
 * number, as typed otherwise.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const e164 = phoneToE164(value);
  if (!e164) return value.trim();
  if (e164.startsWith('+7')) {
    const n = e164.slice(2);
    return `+7 ${n.slice(0, 3)} ${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}`;
  }
  return e164;
}
