// Exact keys from contacts: a phone in E.164, an e-mail, a Telegram handle, a job-site résumé.
// Each function answers null for junk, so junk never links two applicants.

const EXTENSION =
  /\s*(?:доб(?:авочный)?|ext(?:ension)?|вн(?:утр(?:енний)?)?|x|#)\.?\s*:?\s*\d{1,6}\s*$/i;

const junkDigits = (digits: string) => /^(\d)\1+$/.test(digits) || digits.endsWith('1234567890');

/**
 * A phone in E.164. Russian rules: 8 and +7 prefixes, 7XXXXXXXXXX, 10-digit local numbers
 * (9123456789); spaces, brackets, dashes and extensions («доб. 123», «ext 12», «#12») dropped.
 * Other countries' numbers written with + (or 00) are kept as they are.
 */
export function phoneKey(raw: string): string | null {
  const text = raw.trim().replace(EXTENSION, '');
  if (/[a-zа-яё]/i.test(text.replace(/^tel:/i, ''))) return null;
  let digits = text.replace(/\D/g, '');
  let international = text.startsWith('+');
  if (!international && digits.startsWith('00')) {
    international = true;
    digits = digits.slice(2);
  }
  if (digits.length < 10 || digits.length > 15) return null;
  let e164: string;
  if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8')) {
    // +8 912… is a common slip for +7 912…; 8 912… is the domestic prefix.
    if (international && digits[0] === '8' && digits[1] !== '9') return null;
    e164 = `7${digits.slice(1)}`;
  } else if (digits.length === 10 && !international) {
    e164 = `7${digits}`;
  } else if (international || digits.length > 11) {
    e164 = digits;
  } else {
    return null;
  }
  if (e164.startsWith('7')) {
    const national = e164.slice(1);
    // Russian and Kazakh numbers start with 3, 4, 7, 8 or 9; anything else is a typing error.
    if (national.length !== 10 || !/^[34789]/.test(national) || junkDigits(national)) return null;
  } else if (junkDigits(e164)) {
    return null;
  }
  return `+${e164}`;
}

/** Mailboxes that ignore dots and «+tags» in the login (and Yandex's many domains). */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);
const YANDEX = new Set(['yandex.ru', 'ya.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua']);

export function emailKey(raw: string): string | null {
  const text = raw
    .trim()
    .replace(/^mailto:/i, '')
    .toLowerCase();
  const match = /^([^\s@]+)@([^\s@]+\.[a-zа-яё]{2,})$/.exec(text);
  if (!match) return null;
  let [, login, domain] = match as unknown as [string, string, string];
  if (GMAIL.has(domain)) {
    login = login.replace(/\+.*$/, '').replace(/\./g, '');
    domain = 'gmail.com';
  } else if (YANDEX.has(domain)) {
    login = login.replace(/\+.*$/, '').replace(/-/g, '.');
    domain = 'yandex.ru';
  }
  return login ? `${login}@${domain}` : null;
}

/** @name, name, t.me/name, https://telegram.me/name, tg://resolve?domain=name → name. */
export function telegramKey(raw: string): string | null {
  const text = raw.trim().toLowerCase();
  const match =
    /^(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\.(?:me|dog)\/(?:s\/)?@?([a-z0-9_]+)\/?(?:\?.*)?$/.exec(
      text,
    ) ??
    /^tg:\/\/resolve\?domain=([a-z0-9_]+)/.exec(text) ??
    /^@?([a-z0-9_]+)$/.exec(text);
  const handle = match?.[1];
  if (!handle || !/^[a-z][a-z0-9_]{3,31}$/.test(handle)) return null;
  return handle;
}

export type ResumeKey = { key: string; site: string };

const HH_HOST =
  /(^|\.)(hh\.(ru|kz|by|uz|ua)|headhunter\.(ru|kz|by|ge|uz|kg)|rabota\.by|hh1\.az|jobs\.tut\.by)$/;
const HABR_RESERVED = new Set(['vacancies', 'companies', 'resumes', 'courses', 'salaries', 'u']);

function parseUrl(raw: string): URL | null {
  const text = raw.trim();
  if (!text || /\s/.test(text)) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

/**
 * A job-site résumé or profile link: the résumé id on hh.ru (any of its hosts, with or without a
 * query), Avito, SuperJob, the user on Habr Career or LinkedIn; other links by host and path.
 */
export function resumeKey(raw: string): ResumeKey | null {
  const url = parseUrl(raw);
  if (!url || !url.hostname.includes('.')) return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const path = decodeURI(url.pathname).replace(/\/+$/, '');
  if (HH_HOST.test(host)) {
    const id = /\/resume\/([0-9a-z]{8,})/i.exec(path)?.[1];
    return id ? { key: `resume:hh:${id.toLowerCase()}`, site: 'hh.ru' } : null;
  }
  if (/(^|\.)avito\.ru$/.test(host)) {
    const id = /_(\d{6,})$/.exec(path)?.[1] ?? /^\/(\d{6,})$/.exec(path)?.[1];
    return id ? { key: `resume:avito:${id}`, site: 'Avito' } : null;
  }
  if (/(^|\.)superjob\.(ru|kz|ua|by)$/.test(host)) {
    const id = /\/resume\/(?:[^/]*?-)?(\d{4,})(?:\.html)?$/.exec(path)?.[1];
    return id ? { key: `resume:superjob:${id}`, site: 'SuperJob' } : null;
  }
  if (host === 'career.habr.com' || host === 'moikrug.ru') {
    const user = /^\/([a-z0-9_.-]+)$/i.exec(path)?.[1]?.toLowerCase();
    if (!user || HABR_RESERVED.has(user)) return null;
    return { key: `resume:habr:${user}`, site: 'Хабр Карьере' };
  }
  if (/(^|\.)linkedin\.com$/.test(host)) {
    const user = /^\/in\/([^/]+)/.exec(path)?.[1]?.toLowerCase();
    return user ? { key: `resume:linkedin:${user}`, site: 'LinkedIn' } : null;
  }
  if (path.length < 2) return null;
  return { key: `resume:url:${host}${path.toLowerCase()}`, site: host };
}
