import type { CONTACT_TYPES } from '@ats/contracts/applicants';

// Contacts found in a line of a résumé: e-mails, phones, Telegram, Skype and profile links.

export type FoundContact = { type: (typeof CONTACT_TYPES)[number]; value: string };

// Bounded, and started only where a run of such characters starts: unbounded, a line of 100,000
// letters without an «@» was tried from each of its letters to its end (10 s of a single line).
const EMAIL =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}(?![A-Za-z])/g;
// +7 (912) 345-67-89, 8 912 345 67 89, 8-912-345-67-89, +79123456789; other countries: +375 …
const PHONE =
  /(?:\+7|\b8)[\s-]*\(?\d{3}\)?[\s-]*\d{3}[\s-]*\d{2}[\s-]*\d{2}\b|\+\d{1,3}[\s(-]*\d[\d\s()-]{6,14}\d/g;
const TELEGRAM_LINK = /(?:https?:\/\/)?t(?:elegram)?\.me\/([A-Za-z][A-Za-z0-9_]{3,31})/gi;
const TELEGRAM_LABEL =
  /(?<![A-Za-z])(?:telegram|телеграм|tg)\s*[:—-]?\s*@?([A-Za-z][A-Za-z0-9_]{3,31})\b/gi;
const HANDLE = /(?<![\w.@])@([A-Za-z][A-Za-z0-9_]{3,31})\b/g;
const SKYPE = /skype\s*[:—-]?\s*([A-Za-z][A-Za-z0-9_.,:-]{4,31})/gi;
const LINK = /(?:https?:\/\/|www\.)[^\s,;]+|\b(?:linkedin\.com|vk\.com|github\.com)\/[^\s,;]+/gi;
/** Words around contacts that carry nothing once the contact is taken out. */
const CONTACT_NOISE =
  /(?:—|-)?\s*предпочитаемый способ связи|(?<![\p{L}])(?:моб(?:ильный)?|тел(?:ефон)?|phone|e-?mail|почта|эл\.?\s*почта|telegram|телеграм|skype|linkedin|github|сайт|site|контакты)(?![\p{L}])\.?:?|[|•·,;:()]/giu;

/** +7 (912) 345-67-89 for any Russian mobile or city number, as written otherwise. */
export function normalizePhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const national =
    digits.length === 11 && (digits[0] === '7' || digits[0] === '8')
      ? digits.slice(1)
      : digits.length === 10 && digits[0] === '9'
        ? digits
        : null;
  if (!national) return raw.replace(/\s+/g, ' ').trim();
  return `+7 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`;
}

const linkType = (url: string): FoundContact['type'] =>
  /linkedin\.com/i.test(url) ? 'linkedin' : /vk\.com/i.test(url) ? 'vk' : 'site';

/**
 * The contacts of one line, in the order of the kinds above, and what is left of the line once
 * they and their labels («Телефон:», «— предпочитаемый способ связи») are taken out.
 */
export function takeContacts(line: string): { contacts: FoundContact[]; rest: string } {
  const contacts: FoundContact[] = [];
  let rest = line;
  const take = (pattern: RegExp, toContact: (match: RegExpExecArray) => FoundContact | null) => {
    rest = rest.replace(pattern, (...args: unknown[]) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      const contact = toContact(match);
      if (!contact) return match[0];
      contacts.push(contact);
      return ' ';
    });
  };
  take(TELEGRAM_LINK, (m) => ({ type: 'tg', value: `@${m[1]}` }));
  take(EMAIL, (m) => ({ type: 'email', value: m[0].toLowerCase() }));
  take(LINK, (m) => ({ type: linkType(m[0]), value: m[0].replace(/[.)]+$/, '') }));
  take(TELEGRAM_LABEL, (m) => ({ type: 'tg', value: `@${m[1]}` }));
  take(SKYPE, (m) => ({ type: 'skype', value: m[1]!.replace(/[.,:]+$/, '') }));
  take(PHONE, (m) => {
    const digits = m[0].replace(/\D/g, '');
    return digits.length >= 10 ? { type: 'phone', value: normalizePhone(m[0]) } : null;
  });
  take(HANDLE, (m) => ({ type: 'tg', value: `@${m[1]}` }));
  if (contacts.length > 0) rest = rest.replace(CONTACT_NOISE, ' ');
  return { contacts, rest: rest.replace(/\s+/g, ' ').trim() };
}
