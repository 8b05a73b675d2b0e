import { CONTACT_LABELS as CONTACT_TYPE_LABELS, type TApplicant } from '@ats/contracts/applicants';
import { formatPhone, PHONE_CONTACT_TYPES } from '@ats/contracts/phone';
import { isValidUrl } from '@ats/contracts/url-check';
import { toTelegramUrl } from '../../shared/validation/messenger-link';

// A long address breaks anywhere rather than widening the card past a phone's screen.
const linkClass =
  'wrap-anywhere text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';

/** The contracts' contact names, looked up by any type string the card holds. */
export const CONTACT_LABELS: Record<string, string> = CONTACT_TYPE_LABELS;

/**
 * Where a web address leads: as typed when it has http(s), with https:// when it is a bare domain
 * that passes the URL check (SPEC.md §5), null when it is no link at all.
 */
export function linkHref(text: string): string | null {
  const value = text.trim();
  if (!isValidUrl(value)) return null;
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

/** Where a contact leads: a call, a letter, a chat; null for plain text. */
export function contactHref(type: string, value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  switch (type) {
    case 'phone':
      return `tel:${text.replace(/[^\d+]/g, '')}`;
    case 'email':
      return `mailto:${text}`;
    case 'tg':
      return toTelegramUrl(text);
    case 'skype':
      return `skype:${text}?chat`;
    case 'whatsapp':
      return `https://wa.me/${text.replace(/\D/g, '')}`;
    default:
      return linkHref(text);
  }
}

export function ContactLink({ type, value: stored }: { type: string; value: string }) {
  const href = contactHref(type, stored);
  // Phones are stored in E.164 and shown in the one display form, +7 916 123-45-67.
  const value = PHONE_CONTACT_TYPES.includes(type) ? formatPhone(stored) : stored;
  if (!href) return <span className="wrap-anywhere">{value}</span>;
  const external = href.startsWith('http');
  return (
    <a
      href={href}
      className={linkClass}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {value}
    </a>
  );
}

/** Main contacts first, then the extra ones; the preferred one is marked. */
export function applicantContacts(a: TApplicant) {
  const main = (['phone', 'email', 'tg', 'skype'] as const)
    .filter((type) => a[type])
    .map((type) => ({ type: type as string, value: a[type]!, preferred: false }));
  const extra = a.contacts
    .filter((c) => !main.some((m) => m.type === c.contact_type && m.value === c.value))
    .map((c) => ({ type: c.contact_type as string, value: c.value, preferred: c.is_prefered }));
  return [...main, ...extra];
}
