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
 * A screen's answer for a caller: its parts asked at once, in process, put together as the
 * screen's envelope in JSON text (as `success` would be serialised: code, status, message). A
 * screen of one thing (an applicant, a vacancy) is that thing's: when its first part is not there
 * for the caller (another account's id, a deleted one), the screen answers that part's own error,
 * never 200 with the others.
 */
async function screenAnswer(
  app: FastifyInstance,
  headers: Record<string, string>,
  urls: readonly string[],
  ofOne: boolean,
): Promise<Asked> {
  const asked = await Promise.all(urls.map((url) => ask(app, headers, url)));
  const first = asked[0]!;
  if (ofOne && first.status !== 200) return { status: first.status, json: first.json };
  const parts = answersJson(urls.map((url, i) => [url, asked[i]!] as const));
  return { status: 200, json: `{"code":200,"status":"success","message":${parts}}` };
}

/** The screen's answer (`GET /api/screens/…`) for the caller of `request`. */
export const screenAnswerFor = (
  app: FastifyInstance,
  request: FastifyRequest,
  urls: readonly string[],
  ofOne: boolean,
) => screenAnswer(app, callerHeaders(request), urls, ofOne);

type PageScreen = { path: string; parts: readonly string[]; ofOne: boolean };

/** The screen a page of the web app opens with, by its path; null for any other page. */
export function screenOfPage(pathname: string): PageScreen | null {
  if (pathname === '/') {
    return { path: '/api/screens/home', parts: SCREEN_PARTS.home(), ofOne: false };
  }
  if (pathname === '/applicants') {
    return { path: '/api/screens/applicants', parts: SCREEN_PARTS.applicants(), ofOne: false };
  }
  const card = /^\/applicant\/([1-9]\d{0,9})$/.exec(pathname);
  if (card) {
    const id = Number(card[1]);
    return { path: `/api/screens/applicant/${id}`, parts: SCREEN_PARTS.applicant(id), ofOne: true };
  }
  const board = /^\/vacancy\/([1-9]\d{0,9})\/candidates$/.exec(pathname);
  if (board) {
    const id = Number(board[1]);
    return { path: `/api/screens/board/${id}`, parts: SCREEN_PARTS.board(id), ofOne: true };
  }
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
  const [me, account, screenParts, ...pageParts] = await Promise.all([
    ask(app, headers, '/api/me'),
    ask(app, headers, '/api/account'),
    // The screen's parts asked directly, as its endpoint asks them.
    screen ? screenAnswer(app, headers, screen.parts, screen.ofOne) : null,
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
  if (screen && screenParts) parts.push([screen.path, screenParts]);
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
