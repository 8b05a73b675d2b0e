import { AUTH_COOKIE, AUTH_HEADER } from '@ats/contracts/auth';
import { PAGE_SIZE } from '@ats/contracts/pagination';
import { VACANCY_PAGE_SIZE } from '@ats/contracts/vacancies';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What each screen's first paint asks the API for (decision 0052), as the web app asks it: the
 * same paths, the query sorted. The screen endpoints and the page's HTML answer these in one go,
 * each part through the app's own route (its checks, scoping, cache and shape, unchanged).
 */
export const SCREEN_PARTS = {
  applicant: (id: number) => [
    `/api/applicants/${id}`,
    `/api/applicants/${id}/get_double`,
    '/api/evaluations',
    `/api/applicant_evaluations?applicant_id=${id}`,
    '/api/references/get_languages',
    '/api/references/get_language_levels',
    '/api/references/get_driver_licenses',
    '/api/references/get_countries',
    '/api/account_sources',
    '/api/users',
  ],
  applicants: () => [`/api/applicants?page=1&per_page=${PAGE_SIZE}`, '/api/applicant_filters'],
  board: (id: number) => [
    `/api/vacancies/${id}`,
    `/api/vacancies/${id}/get_status_vacancy_columns`,
  ],
  home: () => [
    '/api/account_divisions',
    '/api/users',
    '/api/home',
    `/api/vacancies_with_filters?page=1&per_page=${VACANCY_PAGE_SIZE}&state=open`,
  ],
} as const;

/** What every signed-in page asks for besides its screen: the layout's config and unread count. */
const PAGE_PARTS = ['/api/client_config', '/api/msg_integrations/chats/unread'];

/** The session part of a request, to ask the app's own routes as the same caller. */
function callerHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = request.headers[AUTH_HEADER];
  if (typeof token === 'string') headers[AUTH_HEADER] = token;
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  if (request.headers.host) headers.host = request.headers.host;
  return headers;
}

/**
 * An answer of the app's own route: its status and its body as JSON text. A JSON answer is kept
 * as the text the route sent (from the remembered answers, often), not parsed and written again.
 */
type Asked = { status: number; json: string; setCookie?: string | string[] };

async function ask(app: FastifyInstance, headers: Record<string, string>, url: string) {
  const response = await app.inject({ method: 'GET', url, headers });
  const type = String(response.headers['content-type'] ?? '');
  // A text answer stays text (the envelope's clients read both).
  const json =
    type.includes('json') && response.body !== '' ? response.body : JSON.stringify(response.body);
  const asked: Asked = { status: response.statusCode, json };
  const setCookie = response.headers['set-cookie'];
  if (setCookie) asked.setCookie = setCookie;
  return asked;
}

/** `{ "<url>": { status, body }, … }` as JSON text, from answers already in JSON text. */
function answersJson(parts: readonly (readonly [string, { status: number; json: string }])[]) {
  return `{${parts
    .map(([url, part]) => `${JSON.stringify(url)}:{"status":${part.status},"body":${part.json}}`)
    .join(',')}}`;
}

/**
 * The answers of `urls` for the caller of `request`, asked at once, in process: the status of the
 * first (the screen's own thing) and all of them as the JSON text of a `TScreenAnswers`.
 */
export async function answersFor(
  app: FastifyInstance,
  request: FastifyRequest,
  urls: readonly string[],
): Promise<{ first: Asked; json: string }> {
  const headers = callerHeaders(request);
  const asked = await Promise.all(urls.map((url) => ask(app, headers, url)));
  return { first: asked[0]!, json: answersJson(urls.map((url, i) => [url, asked[i]!] as const)) };
}

/** The screen a page of the web app opens with, by its path; null for any other page. */
export function screenOfPage(pathname: string): string | null {
  if (pathname === '/') return '/api/screens/home';
  if (pathname === '/applicants') return '/api/screens/applicants';
  const card = /^\/applicant\/([1-9]\d{0,9})$/.exec(pathname);
  if (card) return `/api/screens/applicant/${card[1]}`;
  const board = /^\/vacancy\/([1-9]\d{0,9})\/candidates$/.exec(pathname);
  if (board) return `/api/screens/board/${board[1]}`;
  return null;
}

/**
 * What the HTML of a signed-in page carries (decision 0052): `/api/me` (without the session
 * token, which the page's scripts must never see: the cookie is HttpOnly), `/api/account` and, on
 * a screen's page, that screen's answer. Null for a signed-out visitor or an ended session: their
 * page carries nothing. `setCookie` is /api/me's renewed session cookie, for the page's reply.
 */
export async function pageAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ json: string; setCookie?: string | string[] } | null> {
  if (!request.cookies[AUTH_COOKIE]) return null;
  const headers = callerHeaders(request);
  const pathname = request.url.split('?')[0] ?? '/';
  // A list, board or home page opened with filters in its address asks for them itself.
  const filtered = request.url.includes('?') && !pathname.startsWith('/applicant/');
  const screen = filtered ? null : screenOfPage(pathname);
  const [me, account, screenAnswer, ...pageParts] = await Promise.all([
    ask(app, headers, '/api/me'),
    ask(app, headers, '/api/account'),
    screen ? ask(app, headers, screen) : null,
    ...PAGE_PARTS.map((url) => ask(app, headers, url)),
  ]);
  if (me.status !== 200) return null;
  const body = JSON.parse(me.json) as { message?: Record<string, unknown> };
  const meWithoutToken = { ...body, message: { ...body.message, token: '' } };
  const parts: [string, Asked][] = [
    ['/api/me', { status: 200, json: JSON.stringify(meWithoutToken) }],
    ['/api/account', account],
  ];
  PAGE_PARTS.forEach((url, i) => parts.push([url, pageParts[i]!]));
  if (screen && screenAnswer) parts.push([screen, screenAnswer]);
  return { json: answersJson(parts), ...(me.setCookie ? { setCookie: me.setCookie } : {}) };
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_SAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON text made safe inside a <script> element: no `</script>`, no comment opener, no line
 * separators. These characters occur in JSON text only inside strings, where their escapes
 * mean the same.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(SCRIPT_UNSAFE, (c) => SCRIPT_SAFE[c]!);
}
