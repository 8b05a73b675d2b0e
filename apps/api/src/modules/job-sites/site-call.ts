import type { ZCreateApplicantRequest } from '@ats/contracts/applicants';
import type { TVacancy } from '@ats/contracts/vacancies';
import type { z } from 'zod';

// What every job-site client answers: a value, or a failure the caller can act on without
// catching anything. A rate limit is a pause with its end (the sync stops there and resumes, so
// no work is lost); a 5xx or no answer is retryable; the site's validation of a vacancy comes as
// errors on our field names; everything else is a refusal. Messages are Russian, for the screen.

export type SiteFieldError = {
  /** Our field (the vacancy's, or the publication form's); null when it names none of ours. */
  field: string | null;
  message: string;
  /** The site's own text, as it came. */
  siteMessage: string;
};

export type SiteFailure =
  | { ok: false; kind: 'paused'; until: Date; message: string }
  | { ok: false; kind: 'retryable'; status: number; message: string }
  | { ok: false; kind: 'invalid'; errors: SiteFieldError[]; message: string }
  | { ok: false; kind: 'refused'; status: number; message: string; siteMessage?: string };

export type SiteResult<T> = { ok: true; value: T } | SiteFailure;

export const succeeded = <T>(value: T): SiteResult<T> => ({ ok: true, value });

/** Our vacancy as the mappers read it. */
export type SiteVacancy = Pick<
  TVacancy,
  | 'id'
  | 'position'
  | 'salary_from'
  | 'salary_to'
  | 'currency'
  | 'body'
  | 'requirements'
  | 'conditions'
  | 'city'
>;

/**
 * An applicant as a site's response and résumé give it, in the fields of our create-applicant
 * contract (the caller runs it through the duplicates check), plus what only the sync needs.
 */
export type SiteApplicant = Pick<
  z.input<typeof ZCreateApplicantRequest>,
  | 'first_name'
  | 'last_name'
  | 'middle_name'
  | 'birthday'
  | 'gender'
  | 'phone'
  | 'email'
  | 'tg'
  | 'money'
  | 'currency'
  | 'city'
  | 'position'
  | 'about_me'
  | 'total_experience'
  | 'experience'
  | 'education'
  | 'skills'
  | 'citizenship'
  | 'resume_urls'
> & {
  /** The photo's address at the site; the sync downloads it into `photo` (a data URL). */
  photo_url: string | null;
  external: {
    site: 'avito' | 'habr';
    response_id: string;
    resume_id: string | null;
    vacancy_id: string;
    chat_id: string | null;
  };
};

export type SiteCallOptions = {
  site: string;
  timeoutMs: number;
  now: () => number;
  /** When a 429 names no wait, pause this long. */
  defaultPauseSeconds?: number;
};

export type SiteAnswer = { status: number; headers: Headers; body: unknown };

/** One HTTP call; `null` when the site could not be reached (a network error or a timeout). */
export async function siteFetch(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<SiteAnswer | null> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return null;
  }
  const text = await response.text().catch(() => '');
  let body: unknown = undefined;
  if (text !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  return { status: response.status, headers: response.headers, body };
}

/** When a 429 ends: `Retry-After` (seconds or a date), else the default pause. */
export function pauseEnd(headers: Headers, now: number, defaultSeconds = 60) {
  const header = headers.get('retry-after');
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return new Date(now + seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return new Date(Math.max(date, now));
  }
  return new Date(now + defaultSeconds * 1000);
}

/** The failures every site shares: none (the call reached nobody), 429 and 5xx. */
export function transientFailure(
  answer: SiteAnswer | null,
  options: SiteCallOptions,
): SiteFailure | null {
  if (answer === null) {
    return {
      ok: false,
      kind: 'retryable',
      status: 0,
      message: `${options.site} не ответил, повторим позже`,
    };
  }
  if (answer.status === 429) {
    const until = pauseEnd(answer.headers, options.now(), options.defaultPauseSeconds);
    return {
      ok: false,
      kind: 'paused',
      until,
      message: `${options.site} просит реже обращаться к нему: продолжим в ${until.toISOString().slice(11, 16)} UTC`,
    };
  }
  if (answer.status >= 500) {
    return {
      ok: false,
      kind: 'retryable',
      status: answer.status,
      message: `${options.site} сейчас недоступен (ошибка ${answer.status}), повторим позже`,
    };
  }
  return null;
}

/** A refusal the caller cannot fix by waiting (401, 402, 403, 404, other 4xx). */
export function refusal(site: string, status: number, siteMessage?: string): SiteFailure {
  const message =
    status === 401 || status === 403
      ? `${site} отказал в доступе: подключите аккаунт заново`
      : status === 402
        ? `На ${site} не хватает оплаченных размещений или просмотров`
        : status === 404
          ? `${site} не нашёл запрошенное: возможно, его удалили`
          : `${site} не принял запрос (ошибка ${status})`;
  return { ok: false, kind: 'refused', status, message, ...(siteMessage ? { siteMessage } : {}) };
}

/**
 * HTML a site accepts: only `allowed` tags, without attributes; b/i/div/h* become strong/em/p,
 * scripts and styles go with their content, other tags leave their text.
 */
export function siteHtml(html: string, allowed: ReadonlySet<string>) {
  return html
    .replace(/<\s*(script|style)\b[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi, '')
    .replace(/<\s*(\/?)\s*div(\s[^>]*)?>/gi, '<$1p>')
    .replace(/<\s*(\/?)\s*b(\s[^>]*)?>/gi, '<$1strong>')
    .replace(/<\s*(\/?)\s*i(\s[^>]*)?>/gi, '<$1em>')
    .replace(/<\s*h[1-6](\s[^>]*)?>/gi, '<p><strong>')
    .replace(/<\s*\/\s*h[1-6]\s*>/gi, '</strong></p>')
    .replace(/<\s*(\/?)\s*([a-zA-Z0-9]+)[^>]*?(\/?)\s*>/g, (_all, close: string, tag: string) => {
      const name = tag.toLowerCase();
      if (!allowed.has(name)) return '';
      return name === 'br' ? '<br>' : `<${close}${name}>`;
    })
    .trim();
}
