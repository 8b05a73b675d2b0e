import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for hh.ru as /work/shared/specs/hh-ru/openapi-spec.yaml and
// ../shared/research/integrations.md §1 describe it, for what the first slice of issue 16 uses:
// - OAuth: `GET /oauth/authorize` redirects at once to redirect_uri?code&state (or
//   ?error=access_denied when `deny` is set), `POST /token` (also the deprecated `/oauth/token`)
//   exchanges a code or a refresh token, form-encoded; a refresh token works once and only after
//   its access token expired (`invalid_grant`, RFC 6749 shape);
// - API: `/me`, `/dictionaries`, `/areas`, `/professional_roles`, `/manager_accounts/mine`,
//   `/employers/{eid}/managers`, `/addresses`, `/vacancies/active` and `/vacancies/archived`
//   (paged as the spec pages them; the employer's vacancies only),
//   `/managers/{mid}/vacancies/available_types`, `GET /negotiations?vacancy_id`,
//   `/negotiations/{collection}?vacancy_id&page&per_page` (`response`, then one collection per
//   employer state a negotiation was moved to), `/negotiations/{nid}`,
//   `PUT /negotiations/{action}/{nid}` (form `message`), `GET /resumes/{id}?topic_id`,
//   `GET/POST /negotiations/{nid}/messages` (items counted in each negotiation's `counters`);
//   résumé photos at `/photos/{name}` (one fine, one oversized, one not an image, one hanging);
// - rules: `HH-User-Agent` (or a User-Agent naming the app and a contact) on every call, else
//   400 bad_user_agent; an expired access token → 403 oauth/token_expired, an unknown one →
//   403 oauth/bad_authorization, in the spec's error shape;
// - faults: `failNext({ status: 500 | 429 | 503, times, path })`, `expireAccessTokens()`,
//   `holdNext(path, vacancyId)` (a call held until released).
// Every request is recorded (`requests`) so tests assert on what the ATS sent.

export type HhResume = {
  id: string;
  first_name: string;
  last_name: string;
  middle_name?: string | null;
  title?: string;
  phone?: string | null;
  email?: string | null;
  photo?: string | null;
  salary?: { amount: number; currency: string } | null;
  experience?: {
    company: string;
    position: string;
    start: string;
    end: string | null;
    description?: string;
  }[];
  education?: { name: string; organization?: string; result?: string; year: number }[];
  skills?: string[];
  languages?: { id: string; name: string; level: string }[];
  area?: string;
};

type Negotiation = {
  id: string;
  vacancyId: string;
  resumeId: string;
  createdAt: string;
  state: string;
  employerState: string;
  messages: string[];
};

export type HhWebhookDelivery = { id: string; url: string; actionType: string; status: number };
/** POSTs a webhook body to a URL and answers the receiver's status. */
export type HhWebhookTransport = (url: string, body: unknown) => Promise<number>;
export type HhChatMessage = {
  id: string;
  text: string;
  author: 'employer' | 'applicant';
  created_at: string;
};

type Token = { access: string; refresh: string; expiresAt: number; refreshed: boolean };

export type HhRecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: Record<string, string> | null;
  status: number;
};

export type HhFakeOptions = {
  clientId?: string;
  clientSecret?: string;
  /** Seconds an access token lives (1209600 at hh.ru; short here so refresh is exercised). */
  accessTokenSeconds?: number;
  employerId?: string;
  employerName?: string;
  /** Seconds a new vacancy stays on moderation before GET /vacancies/{id} shows it published;
   * null (the default): until `approveVacancy`/`refuseVacancy` (or the control call). */
  moderationSeconds?: number | null;
  /** Publications of each billing type the employer has paid for (default 5 each). */
  publications?: Record<string, number>;
  /** The port to listen on (`npm run fakes` gives a fixed one); default: any free port. */
  port?: number;
};

type Failure = {
  status: number;
  times: number;
  path?: string;
  retryAfter?: number;
  /** Matching calls that pass before the failure starts (a failure mid-page). */
  after?: number;
};

/** A vacancy body as POST/PUT /vacancies take it (the fields this fake checks). */
type VacancyBody = {
  name?: unknown;
  description?: unknown;
  area?: { id?: unknown } | null;
  billing_type?: { id?: unknown } | null;
  type?: { id?: unknown } | null;
  professional_roles?: { id?: unknown }[] | null;
  experience?: { id?: unknown } | null;
  employment?: { id?: unknown } | null;
  schedule?: { id?: unknown } | null;
  salary_range?: {
    from?: unknown;
    to?: unknown;
    currency?: unknown;
    gross?: unknown;
  } | null;
  address?: { id?: unknown } | null;
  manager?: { id?: unknown } | null;
  [key: string]: unknown;
};

type PublishedVacancy = {
  id: string;
  /** The employer the vacancy belongs to (another one's is public but not theirs to change). */
  employerId?: string;
  body: VacancyBody;
  createdAt: number;
  approved: boolean;
  refusal: string | null;
  archived: boolean;
  publishedAt: string | null;
  expiresAt: string | null;
};

/** What a vacancy made on hh.ru itself (not through the ATS) may start with. */
export type VacancySeed = {
  description?: string;
  salary_from?: number | null;
  salary_to?: number | null;
  salary_gross?: boolean;
  archived?: boolean;
  /** Another employer's vacancy: public on hh.ru, in no list of ours. */
  employer_id?: string;
};

/** Tags hh.ru keeps in a vacancy's description; anything else is refused. */
const ALLOWED_TAGS = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'u']);
const DESCRIPTION_MIN = 200;
const DESCRIPTION_MAX = 10_000;
const NAME_MAX = 100;
const DAY_MS = 86_400_000;

const HH_DATE = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+0000');

const DICTIONARIES = {
  currency: [
    { code: 'RUR', abbr: '₽', name: 'Рубли', default: true, rate: 1, in_use: true },
    { code: 'USD', abbr: '$', name: 'Доллары', default: false, rate: 0.011, in_use: true },
  ],
  experience: [
    { id: 'noExperience', name: 'Нет опыта' },
    { id: 'between1And3', name: 'От 1 года до 3 лет' },
    { id: 'between3And6', name: 'От 3 до 6 лет' },
    { id: 'moreThan6', name: 'Более 6 лет' },
  ],
  employment: [
    { id: 'full', name: 'Полная занятость' },
    { id: 'part', name: 'Частичная занятость' },
  ],
  schedule: [
    { id: 'fullDay', name: 'Полный день' },
    { id: 'remote', name: 'Удаленная работа' },
  ],
  vacancy_type: [
    { id: 'open', name: 'Открытая' },
    { id: 'closed', name: 'Анонимная' },
  ],
  vacancy_billing_type: [
    { id: 'standard', name: 'Стандарт' },
    { id: 'premium', name: 'Премиум' },
  ],
  negotiations_state: [
    { id: 'response', name: 'Отклик' },
    { id: 'invitation', name: 'Приглашение' },
    { id: 'discard', name: 'Отказ' },
  ],
};

const AREAS = [
  {
    id: '113',
    parent_id: null,
    name: 'Россия',
    areas: [
      { id: '1', parent_id: '113', name: 'Москва', areas: [] },
      { id: '2', parent_id: '113', name: 'Санкт-Петербург', areas: [] },
    ],
  },
];

const PROFESSIONAL_ROLES = {
  categories: [
    {
      id: '11',
      name: 'Информационные технологии',
      roles: [
        { id: '96', name: 'Программист, разработчик', accept_incomplete_resumes: false },
        { id: '104', name: 'Руководитель группы разработки', accept_incomplete_resumes: false },
      ],
    },
  ],
};

/** A 1×1 PNG: the fake's résumé photo. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const EMPLOYER_ACTIONS = [
  ['consider', 'Подумать', 'consider'],
  ['phone_interview', 'Телефонное интервью', 'phone_interview'],
  ['interview', 'Собеседование', 'interview'],
  ['discard_by_employer', 'Отказ', 'discard_by_employer'],
] as const;

export async function startHhFake(options: HhFakeOptions = {}) {
  const clientId = options.clientId ?? 'hh-test-client';
  const clientSecret = options.clientSecret ?? 'hh-test-secret';
  const accessTokenSeconds = options.accessTokenSeconds ?? 3600;
  const employer = {
    id: options.employerId ?? '1455',
    name: options.employerName ?? 'ООО «Ромашка»',
  };
  const manager = {
    id: '7001',
    first_name: 'Мария',
    last_name: 'Кадрова',
    email: 'hr@romashka.example',
  };
  const codes = new Map<string, { used: boolean; redirectUri: string }>();
  const tokens = new Map<string, Token>();
  const refreshIndex = new Map<string, Token>();
  const vacancies = new Map<
    string,
    { id: string; name: string; area: string; created_at: string }
  >();
  const resumes = new Map<string, HhResume>();
  const negotiations = new Map<string, Negotiation>();
  /** Each vacancy's negotiations by id ascending (ids only grow, so appending keeps the order). */
  const negotiationsOfVacancy = new Map<string, Negotiation[]>();
  const failures: Failure[] = [];
  const holds: {
    path: string;
    vacancyId?: string;
    reached: () => void;
    released: Promise<void>;
  }[] = [];
  // Webhooks (integrations.md §1.7) and negotiation messages (§1.4), decision 0054.
  const subscriptions = new Map<string, { id: string; url: string; actions: unknown[] }>();
  const deliveries: HhWebhookDelivery[] = [];
  let webhookTransport: HhWebhookTransport = async (url, body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(2_000),
    });
    return response.status;
  };
  let deliverTwice = false;
  const pendingDeliveries = new Set<Promise<void>>();
  const chats = new Map<string, HhChatMessage[]>();
  const chatOf = (nid: string) => {
    let list = chats.get(nid);
    if (!list) chats.set(nid, (list = []));
    return list;
  };
  const requests: HhRecordedRequest[] = [];
  let nextId = 1000;
  const published = new Map<string, PublishedVacancy>();
  const rights: Record<string, number> = {
    standard: 5,
    premium: 5,
    ...(options.publications ?? {}),
  };
  let moderationSeconds = options.moderationSeconds ?? null;
  let deny = false;
  let baseUrl = '';

  const issueTokens = () => {
    const token: Token = {
      access: `hh-at-${randomBytes(12).toString('hex')}`,
      refresh: `hh-rt-${randomBytes(12).toString('hex')}`,
      expiresAt: Date.now() + accessTokenSeconds * 1000,
      refreshed: false,
    };
    tokens.set(token.access, token);
    refreshIndex.set(token.refresh, token);
    return {
      access_token: token.access,
      token_type: 'bearer',
      expires_in: accessTokenSeconds,
      refresh_token: token.refresh,
    };
  };

  /** POSTs the event to every subscription that asked for it (twice when `deliverTwice`). */
  const notify = (actionType: string, payload: Record<string, unknown>) => {
    for (const sub of subscriptions.values()) {
      const wanted = sub.actions.some((a) => (a as { type?: string }).type === actionType);
      if (!wanted) continue;
      const body = {
        id: `wh-${randomBytes(6).toString('hex')}`,
        subscription_id: sub.id,
        action_type: actionType,
        user_id: manager.id,
        payload,
      };
      const times = deliverTwice ? 2 : 1;
      const run = (async () => {
        for (let i = 0; i < times; i += 1) {
          const status = await webhookTransport(sub.url, body).catch(() => 0);
          deliveries.push({ id: body.id, url: sub.url, actionType, status });
        }
      })();
      pendingDeliveries.add(run);
      void run.finally(() => pendingDeliveries.delete(run));
    }
  };

  const send = (res: ServerResponse, status: number, body?: unknown, headers = {}) => {
    res.writeHead(status, {
      ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      ...headers,
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const hhError = (res: ServerResponse, status: number, type: string, value?: string) =>
    send(res, status, {
      request_id: randomBytes(6).toString('hex'),
      description: status === 403 ? 'Forbidden' : status === 404 ? 'Not Found' : 'Bad Request',
      errors: [{ type, ...(value ? { value } : {}) }],
      ...(type === 'oauth' && value ? { oauth_error: value.replace(/_/g, '-') } : {}),
    });

  /** `response`: not yet moved; any other collection: moved to that employer state. */
  const inCollection = (n: Negotiation, id: string) =>
    id === 'response' ? n.state === 'response' : n.employerState === id;
  const page = <T>(items: T[], query: Record<string, string>, max = 50) => {
    const perPage = Math.min(Number(query.per_page ?? 20) || 20, max);
    const pageNo = Number(query.page ?? 0) || 0;
    return {
      found: items.length,
      pages: Math.max(1, Math.ceil(items.length / perPage)),
      page: pageNo,
      per_page: perPage,
      items: items.slice(pageNo * perPage, (pageNo + 1) * perPage),
    };
  };

  const shortResume = (resume: HhResume, nid: string) => ({
    id: resume.id,
    title: resume.title ?? null,
    first_name: resume.first_name,
    last_name: resume.last_name,
    middle_name: resume.middle_name ?? null,
    area: { id: '1', name: resume.area ?? 'Москва' },
    url: `${baseUrl}/resumes/${resume.id}?topic_id=${nid}`,
    alternate_url: `https://hh.ru/resume/${resume.id}`,
  });

  const negotiationItem = (n: Negotiation) => {
    const resume = resumes.get(n.resumeId)!;
    return {
      id: n.id,
      created_at: n.createdAt,
      updated_at: n.createdAt,
      state: { id: n.state, name: n.state },
      employer_state: { id: n.employerState, name: n.employerState },
      has_updates: false,
      source: 'NEGOTIATION',
      // The negotiation's messages, as the spec's collection items count them (decision 0062).
      counters: {
        messages: chatOf(n.id).length,
        unread_messages: chatOf(n.id).filter((m) => m.author === 'applicant').length,
      },
      url: `${baseUrl}/negotiations/${n.id}`,
      messages_url: `${baseUrl}/negotiations/${n.id}/messages`,
      vacancy: { id: n.vacancyId, name: vacancies.get(n.vacancyId)?.name ?? '' },
      // A discarded negotiation offers nothing more (decision 0054: actions per state).
      actions: (n.state === 'discard' ? [] : EMPLOYER_ACTIONS).map(([id, name, result]) => ({
        id,
        name,
        method: 'PUT',
        url: `${baseUrl}/negotiations/${id}/${n.id}`,
        enabled: true,
        hidden: false,
        resulting_employer_state: { id: result, name },
        arguments: [{ id: 'message', required: false }],
      })),
      resume: shortResume(resume, n.id),
    };
  };

  const fullResume = (resume: HhResume, contactsOpen: boolean) => ({
    id: resume.id,
    title: resume.title ?? null,
    first_name: resume.first_name,
    last_name: resume.last_name,
    middle_name: resume.middle_name ?? null,
    area: { id: '1', name: resume.area ?? 'Москва' },
    salary: resume.salary ?? null,
    photo: resume.photo ? { small: resume.photo, medium: resume.photo, id: '1' } : null,
    alternate_url: `https://hh.ru/resume/${resume.id}`,
    can_view_full_info: contactsOpen,
    contact: contactsOpen
      ? [
          ...(resume.phone
            ? [
                {
                  type: { id: 'cell', name: 'Мобильный телефон' },
                  value: { country: '7', city: '', number: '', formatted: resume.phone },
                  preferred: true,
                },
              ]
            : []),
          ...(resume.email
            ? [{ type: { id: 'email', name: 'Эл. почта' }, value: resume.email, preferred: false }]
            : []),
        ]
      : null,
    experience: (resume.experience ?? []).map((e) => ({
      company: e.company,
      position: e.position,
      start: e.start,
      end: e.end,
      description: e.description ?? null,
    })),
    education: {
      level: { id: 'higher', name: 'Высшее' },
      primary: (resume.education ?? []).map((e) => ({
        name: e.name,
        organization: e.organization ?? null,
        result: e.result ?? null,
        year: e.year,
      })),
      additional: [],
    },
    skill_set: resume.skills ?? [],
    language: (resume.languages ?? []).map((l) => ({
      id: l.id,
      name: l.name,
      level: { id: l.level, name: l.level },
    })),
  });

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return null;
    if ((req.headers['content-type'] ?? '').includes('json')) {
      try {
        return JSON.parse(text) as Record<string, string>;
      } catch {
        return null;
      }
    }
    return Object.fromEntries(new URLSearchParams(text));
  };

  const hasUserAgent = (req: IncomingMessage) => {
    const hh = req.headers['hh-user-agent'];
    if (typeof hh === 'string' && hh.trim()) return true;
    // A plain User-Agent counts when it names the app and a contact, as hh asks.
    return /\(.*@.*\)/.test(req.headers['user-agent'] ?? '');
  };

  // Vacancies (issue 16, third slice): POST /vacancies validated as the spec's
  // `bad_json_data` errors (`value` the field, `reason` why), publication rights per billing
  // type spent one a publication (`403 vacancies/not_enough_purchased_services` when none are
  // left), moderation (`approved` false until the delay passes or a control call), edit,
  // prolongation (published only) and archiving.
  const leafAreas = new Set(AREAS.flatMap((a) => a.areas.map((c) => c.id)));
  const roleIds = new Set(PROFESSIONAL_ROLES.categories.flatMap((c) => c.roles.map((r) => r.id)));
  const dictionaryHas = (name: keyof typeof DICTIONARIES, id: unknown) =>
    (DICTIONARIES[name] as { id?: string; code?: string }[]).some(
      (item) => (item.id ?? item.code) === id,
    );
  const idOf = (value: { id?: unknown } | null | undefined) =>
    value && typeof value === 'object' ? value.id : undefined;

  const vacancyErrors = (v: VacancyBody) => {
    const errors: { type: string; value: string; reason: string }[] = [];
    const bad = (value: string, reason: string) =>
      errors.push({ type: 'bad_json_data', value, reason });
    if (typeof v.name !== 'string' || !v.name.trim()) bad('name', 'is_empty');
    else if (v.name.length > NAME_MAX) bad('name', 'is_too_long');
    if (typeof v.description !== 'string' || !v.description.trim()) {
      bad('description', 'is_empty');
    } else {
      const text = v.description.replace(/<[^>]*>/g, '').trim();
      const tags = [...v.description.matchAll(/<\s*\/?\s*([a-zA-Z0-9]+)[^>]*>/g)].map((m) =>
        m[1]!.toLowerCase(),
      );
      if (tags.some((tag) => !ALLOWED_TAGS.has(tag))) bad('description', 'invalid');
      else if (text.length < DESCRIPTION_MIN) bad('description', 'is_too_short');
      else if (v.description.length > DESCRIPTION_MAX) bad('description', 'is_too_long');
    }
    const area = idOf(v.area);
    if (area === undefined) bad('area', 'is_empty');
    else if (!leafAreas.has(String(area))) bad('area', 'chosen_area_is_not_a_leaf_or_not_exist');
    const billing = idOf(v.billing_type);
    if (billing === undefined) bad('billing_type', 'is_empty');
    else if (!dictionaryHas('vacancy_billing_type', billing)) bad('billing_type', 'not_available');
    const type = idOf(v.type);
    if (type === undefined) bad('type', 'is_empty');
    else if (!dictionaryHas('vacancy_type', type)) bad('type', 'not_available');
    const roles = Array.isArray(v.professional_roles) ? v.professional_roles : [];
    if (roles.length === 0) {
      bad('professional_roles', 'is_empty');
    } else if (roles.some((r) => !roleIds.has(String(idOf(r))))) {
      bad('professional_roles', 'not_available');
    }
    for (const name of ['experience', 'employment', 'schedule'] as const) {
      const id = idOf(v[name]);
      if (id !== undefined && !dictionaryHas(name, id)) bad(name, 'not_available');
    }
    const salary = v.salary_range;
    if (salary) {
      const from = salary.from ?? null;
      const to = salary.to ?? null;
      if (from === null && to === null) {
        bad('salary_range', 'is_empty');
      } else if (
        (from !== null && (typeof from !== 'number' || from < 0)) ||
        (to !== null && (typeof to !== 'number' || to < 0))
      ) {
        bad('salary_range', 'invalid');
      } else if (typeof from === 'number' && typeof to === 'number' && from > to) {
        bad('salary_range', 'salary_from_greater_than_salary_to');
      } else if (!dictionaryHas('currency', salary.currency)) {
        bad('salary_range', 'invalid');
      }
    }
    const address = idOf(v.address);
    if (address !== undefined && String(address) !== '501') bad('address', 'not_available');
    const managerId = idOf(v.manager);
    if (managerId !== undefined && String(managerId) !== manager.id) {
      bad('manager', 'not_available');
    }
    return errors;
  };

  /** The moderation delay passed: the vacancy is published for 30 days. */
  const moderate = (v: PublishedVacancy) => {
    if (
      !v.approved &&
      !v.refusal &&
      moderationSeconds !== null &&
      Date.now() - v.createdAt >= moderationSeconds * 1000
    ) {
      approve(v);
    }
  };
  const approve = (v: PublishedVacancy) => {
    v.approved = true;
    v.refusal = null;
    v.publishedAt = HH_DATE(new Date());
    v.expiresAt = HH_DATE(new Date(Date.now() + 30 * DAY_MS));
  };

  const areaOf = (body: VacancyBody) => {
    const id = String(idOf(body.area) ?? '');
    return { id, name: AREAS[0]!.areas.find((a) => a.id === id)?.name ?? 'Москва' };
  };
  const salaryOf = (body: VacancyBody) =>
    body.salary_range
      ? {
          from: body.salary_range.from ?? null,
          to: body.salary_range.to ?? null,
          currency: body.salary_range.currency ?? 'RUR',
          gross: body.salary_range.gross ?? true,
        }
      : null;

  const fullVacancy = (v: PublishedVacancy) => ({
    ...v.body,
    id: v.id,
    area: areaOf(v.body),
    salary: salaryOf(v.body),
    approved: v.approved,
    archived: v.archived,
    // The reason a moderator refused it (the fake's stand-in for hh.ru's moderation note).
    moderation_note: v.refusal,
    type: v.refusal ? { id: 'refused', name: 'Отклонена' } : (v.body.type ?? null),
    published_at: v.publishedAt,
    created_at: HH_DATE(new Date(v.createdAt)),
    expires_at: v.expiresAt,
    alternate_url: `https://hh.ru/vacancy/${v.id}`,
    employer:
      v.employerId && v.employerId !== employer.id
        ? { id: v.employerId, name: 'Другая компания' }
        : { id: employer.id, name: employer.name },
  });

  /** A vacancy as the employer's active and archived lists show it. */
  const listedVacancy = (v: { id: string; name: string; area: string; created_at: string }) => {
    const full = published.get(v.id);
    const all = [...negotiations.values()].filter((n) => n.vacancyId === v.id);
    const salary = full ? salaryOf(full.body) : null;
    return {
      id: v.id,
      name: v.name,
      area: { id: full ? areaOf(full.body).id : '1', name: v.area },
      created_at: v.created_at,
      published_at: full?.publishedAt ?? v.created_at,
      ...(full?.archived ? { archived: true, archived_at: v.created_at } : { archived: false }),
      alternate_url: `https://hh.ru/vacancy/${v.id}`,
      url: `${baseUrl}/vacancies/${v.id}`,
      salary,
      salary_range: salary ? { ...salary, mode: { id: 'MONTH', name: 'За месяц' } } : null,
      type: { id: 'open', name: 'Открытая' },
      employer: { id: employer.id, name: employer.name },
      counters: {
        responses: all.length,
        unread_responses: all.length,
        invitations: 0,
        invitations_and_responses: all.length,
        views: 0,
      },
    };
  };
  /** The employer's vacancies, archived or not, in the order they were made. */
  const employerVacancies = (archived: boolean) =>
    [...vacancies.values()]
      .filter((v) => {
        const full = published.get(v.id);
        const own = !full?.employerId || full.employerId === employer.id;
        return own && Boolean(full?.archived) === archived;
      })
      .map(listedVacancy);

  const publicationRoute = (
    res: ServerResponse,
    method: string,
    path: string,
    body: VacancyBody | null,
  ) => {
    if (method === 'POST' && path === '/vacancies') {
      const errors = vacancyErrors(body ?? {});
      if (errors.length) {
        return (send(res, 400, { request_id: 'v', description: 'Bad Request', errors }), true);
      }
      const billing = String(idOf(body!.billing_type));
      if ((rights[billing] ?? 0) <= 0) {
        hhError(res, 403, 'vacancies', 'not_enough_purchased_services');
        return true;
      }
      rights[billing] = (rights[billing] ?? 0) - 1;
      const id = String(++nextId);
      const areaId = String(idOf(body!.area));
      const areaName = AREAS[0]!.areas.find((a) => a.id === areaId)?.name ?? 'Москва';
      vacancies.set(id, {
        id,
        name: String(body!.name),
        area: areaName,
        created_at: HH_DATE(new Date()),
      });
      published.set(id, {
        id,
        body: body!,
        createdAt: Date.now(),
        approved: false,
        refusal: null,
        archived: false,
        publishedAt: null,
        expiresAt: null,
      });
      send(res, 201, { id }, { location: `/vacancies/${id}` });
      return true;
    }
    const one = /^\/vacancies\/([^/]+)(\/prolongate)?$/.exec(path);
    if (one) {
      const v = published.get(one[1]!);
      if (!v) return (hhError(res, 404, 'not_found'), true);
      moderate(v);
      if (one[2]) {
        if (method !== 'POST') return (hhError(res, 405, 'method_not_allowed'), true);
        if (v.archived) return (hhError(res, 403, 'vacancies', 'vacancy_archived'), true);
        if (!v.approved) return (hhError(res, 403, 'vacancies', 'vacancy_not_premoderated'), true);
        v.expiresAt = HH_DATE(new Date(Date.parse(v.expiresAt!) + 30 * DAY_MS));
        send(res, 204);
        return true;
      }
      if (method === 'GET') return (send(res, 200, fullVacancy(v)), true);
      if (method === 'PUT') {
        if (v.employerId && v.employerId !== employer.id) {
          return (hhError(res, 403, 'vacancies', 'not_owner'), true);
        }
        if (v.archived) return (hhError(res, 403, 'vacancies', 'unavailable_for_archived'), true);
        const merged = { ...v.body, ...(body ?? {}) };
        const errors = vacancyErrors(merged);
        if (errors.length) {
          return (send(res, 400, { request_id: 'v', description: 'Bad Request', errors }), true);
        }
        v.body = merged;
        vacancies.get(v.id)!.name = String(merged.name);
        send(res, 204);
        return true;
      }
    }
    const archive = /^\/employers\/([^/]+)\/vacancies\/archived\/([^/]+)$/.exec(path);
    if (archive && method === 'PUT') {
      const v = published.get(archive[2]!);
      if (archive[1] !== employer.id || !v) return (hhError(res, 404, 'not_found'), true);
      v.archived = true;
      send(res, 204);
      return true;
    }
    return false;
  };

  /**
   * `/photos/{name}`: `ok.png` (a real 1×1 PNG), `big.jpg` (JPEG's first bytes, then 6 MB sent
   * in chunks with no Content-Length), `not-image.jpg` (HTML under an image type) and
   * `slow.jpg` (the headers, then nothing: the body never ends).
   */
  const servePhoto = (res: ServerResponse, name: string) => {
    if (name === 'ok.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': TINY_PNG.length });
      return res.end(TINY_PNG);
    }
    if (name === 'not-image.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end('<html><body>Not an image</body></html>');
    }
    if (name === 'slow.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
      return;
    }
    if (name === 'big.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      let left = 24;
      const more = () => {
        while (left > 0 && !res.destroyed) {
          left -= 1;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        if (!res.destroyed) res.end();
      };
      return more();
    }
    return hhError(res, 404, 'not_found');
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, record: HhRecordedRequest) => {
    const url = new URL(req.url ?? '/', baseUrl);
    const path = url.pathname;
    const query = record.query;
    const method = req.method ?? 'GET';
    const body = record.body;

    if (method === 'GET' && path === '/oauth/authorize') {
      const redirect = new URL(query.redirect_uri ?? '');
      if (query.client_id !== clientId) return hhError(res, 400, 'bad_argument', 'client_id');
      if (deny) {
        redirect.searchParams.set('error', 'access_denied');
      } else {
        const code = `hh-code-${randomBytes(8).toString('hex')}`;
        codes.set(code, { used: false, redirectUri: query.redirect_uri ?? '' });
        redirect.searchParams.set('code', code);
      }
      if (query.state) redirect.searchParams.set('state', query.state);
      return send(res, 302, undefined, { location: redirect.toString() });
    }

    // The control API (journeys in another process seed the fake through it).
    if (method === 'POST' && path === '/__control/vacancies') {
      const seed = (body ?? {}) as unknown as VacancySeed & { name?: string; area?: string };
      return send(res, 200, {
        id: api.addVacancy(String(seed.name ?? 'Вакансия'), seed.area ?? 'Москва', seed),
      });
    }
    const controlVacancy = /^\/__control\/vacancies\/([^/]+)$/.exec(path);
    if (method === 'GET' && controlVacancy) {
      const found = published.get(controlVacancy[1]!);
      return found ? send(res, 200, fullVacancy(found)) : hhError(res, 404, 'not_found');
    }
    const controlNegotiation = /^\/__control\/negotiations\/([^/]+)$/.exec(path);
    if (method === 'GET' && controlNegotiation) {
      const found = negotiations.get(controlNegotiation[1]!);
      return found ? send(res, 200, found) : hhError(res, 404, 'not_found');
    }
    // The negotiation's messages: journeys read what the ATS sent and write as the applicant.
    const controlMessages = /^\/__control\/negotiations\/([^/]+)\/messages$/.exec(path);
    if (controlMessages) {
      const nid = controlMessages[1]!;
      if (!negotiations.has(nid)) return hhError(res, 404, 'not_found');
      if (method === 'GET') return send(res, 200, { items: chatOf(nid) });
      if (method === 'POST') {
        return send(res, 200, { id: api.addApplicantMessage(nid, String(body?.text ?? '')) });
      }
    }
    if (method === 'POST' && path === '/__control/responses') {
      const seed = body as unknown as { vacancy_id: string; resume: HhResume };
      return send(res, 200, { id: api.addResponse(seed.vacancy_id, seed.resume) });
    }

    const moderated = /^\/__control\/vacancies\/([^/]+)\/(approve|refuse)$/.exec(path);
    if (method === 'POST' && moderated) {
      const ok =
        moderated[2] === 'approve'
          ? api.approveVacancy(moderated[1]!)
          : api.refuseVacancy(moderated[1]!, String(body?.reason ?? 'Нарушены правила'));
      return ok ? send(res, 204) : hhError(res, 404, 'not_found');
    }
    if (method === 'POST' && path === '/__control/publications') {
      Object.assign(rights, body as unknown as Record<string, number>);
      return send(res, 204);
    }

    // Résumé photos (img.hhcdn.ru on the real site): public, no token, no HH-User-Agent.
    const photo = /^\/photos\/([^/]+)$/.exec(path);
    if (method === 'GET' && photo) return servePhoto(res, photo[1]!);

    if (!hasUserAgent(req)) return hhError(res, 400, 'bad_user_agent', 'unset');

    const hold = holds.find(
      (h) => path.startsWith(h.path) && (!h.vacancyId || query.vacancy_id === h.vacancyId),
    );
    if (hold) {
      holds.splice(holds.indexOf(hold), 1);
      hold.reached();
      await hold.released;
    }

    const failure = failures.find((f) => !f.path || path.startsWith(f.path));
    if (failure?.after) {
      failure.after -= 1;
    } else if (failure && path !== '/token' && path !== '/oauth/token') {
      failure.times -= 1;
      if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
      if (failure.status === 429) {
        return send(
          res,
          429,
          {
            request_id: 'x',
            description: 'Too Many Requests',
            errors: [{ type: 'too_many_requests' }],
          },
          failure.retryAfter ? { 'retry-after': String(failure.retryAfter) } : {},
        );
      }
      res.writeHead(failure.status, { 'content-type': 'text/html' });
      return res.end('<html><body>Internal error</body></html>');
    }

    if (method === 'POST' && (path === '/token' || path === '/oauth/token')) {
      const oauthError = (description: string, error = 'invalid_grant') =>
        send(res, 400, { error, error_description: description });
      if (body?.client_id !== clientId || body?.client_secret !== clientSecret) {
        return oauthError('client_id or client_secret are invalid', 'invalid_client');
      }
      if (body.grant_type === 'authorization_code') {
        const code = codes.get(body.code ?? '');
        if (!code) return oauthError('code not found', 'invalid_request');
        if (code.used) return oauthError('code has already been used');
        code.used = true;
        return send(res, 200, issueTokens());
      }
      if (body.grant_type === 'refresh_token') {
        const token = refreshIndex.get(body.refresh_token ?? '');
        if (!token) return oauthError('token not found', 'invalid_request');
        if (token.refreshed) return oauthError('token has already been refreshed');
        if (token.expiresAt > Date.now()) return oauthError('token not expired');
        token.refreshed = true;
        tokens.delete(token.access);
        return send(res, 200, issueTokens());
      }
      return oauthError('unsupported grant type', 'unsupported_grant_type');
    }

    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer ? tokens.get(bearer) : undefined;
    if (!token) return hhError(res, 403, 'oauth', 'bad_authorization');
    if (token.expiresAt <= Date.now()) return hhError(res, 403, 'oauth', 'token_expired');

    if (method === 'GET' && path === '/me') {
      return send(res, 200, {
        id: manager.id,
        first_name: manager.first_name,
        last_name: manager.last_name,
        email: manager.email,
        is_employer: true,
        is_applicant: false,
        employer: { id: employer.id, name: employer.name, manager_id: manager.id },
        manager: { id: manager.id },
      });
    }
    if (method === 'GET' && path === '/dictionaries') return send(res, 200, DICTIONARIES);
    if (method === 'GET' && path === '/areas') return send(res, 200, AREAS);
    if (method === 'GET' && path === '/professional_roles') {
      return send(res, 200, PROFESSIONAL_ROLES);
    }
    if (method === 'GET' && path === '/manager_accounts/mine') {
      return send(res, 200, {
        primary_account_id: manager.id,
        items: [{ id: manager.id, name: employer.name, is_main_contact_person: true }],
      });
    }
    const handled = publicationRoute(res, method, path, body as unknown as VacancyBody | null);
    if (handled) return handled;
    const employerPath = /^\/employers\/([^/]+)\/(.+)$/.exec(path);
    if (employerPath && method === 'GET') {
      const [, eid, rest] = employerPath;
      if (eid !== employer.id) return hhError(res, 404, 'not_found');
      if (rest === 'managers') return send(res, 200, page([manager], query));
      if (rest === 'addresses') {
        return send(
          res,
          200,
          page(
            [
              {
                id: '501',
                city: 'Москва',
                street: 'Тверская',
                building: '1',
                raw: 'Москва, Тверская, 1',
              },
            ],
            query,
          ),
        );
      }
      if (rest === 'vacancies/active') return send(res, 200, page(employerVacancies(false), query));
      // The spec: per_page up to 1000 on the archived list (50 on the active one).
      if (rest === 'vacancies/archived') {
        return send(res, 200, page(employerVacancies(true), query, 1000));
      }
      if (rest === `managers/${manager.id}/vacancies/available_types`) {
        return send(res, 200, [
          {
            id: 'standard',
            name: 'Стандарт',
            vacancy_types: [{ id: 'open', name: 'Открытая', count: rights.standard ?? 0 }],
          },
          {
            id: 'premium',
            name: 'Премиум',
            vacancy_types: [{ id: 'open', name: 'Открытая', count: rights.premium ?? 0 }],
          },
        ]);
      }
      return hhError(res, 404, 'not_found');
    }

    if (method === 'GET' && path === '/negotiations') {
      const vacancy = vacancies.get(query.vacancy_id ?? '');
      if (!vacancy) return hhError(res, 400, 'bad_argument', 'vacancy_id');
      const all = [...negotiations.values()].filter((n) => n.vacancyId === vacancy.id);
      // New responses, then one collection per employer state a negotiation was moved to.
      const collection = (id: string, name: string) => {
        const inIt = all.filter((n) => inCollection(n, id));
        return {
          id,
          name,
          url: `${baseUrl}/negotiations/${id}?vacancy_id=${vacancy.id}`,
          counters: { total: inIt.length, with_updates: inIt.length },
          order_types: [],
          sub_collections: [],
        };
      };
      return send(res, 200, {
        collections: [
          collection('response', 'Отклики'),
          ...EMPLOYER_ACTIONS.map(([id, name]) => collection(id, name)),
          // A state set on the site itself (`setNegotiationState`) has its collection too.
          ...[...new Set(all.map((n) => n.employerState))]
            .filter((id) => id !== 'response' && !EMPLOYER_ACTIONS.some(([a]) => a === id))
            .map((id) => collection(id, id)),
        ],
        employer_states: EMPLOYER_ACTIONS.map(([id, name]) => ({ id, name })),
        generated_collections: [],
      });
    }
    const single = /^\/negotiations\/([^/]+)$/.exec(path);
    if (method === 'GET' && single) {
      const id = single[1]!;
      if (query.vacancy_id !== undefined) {
        if (!vacancies.has(query.vacancy_id)) {
          return hhError(res, 400, 'bad_argument', 'vacancy_id');
        }
        // The vacancy's negotiations are kept in the spec's order as they arrive (sorted once,
        // not for every page); only the page's own items are built.
        const list = (negotiationsOfVacancy.get(query.vacancy_id) ?? []).filter((n) =>
          inCollection(n, id),
        );
        const answer = page(list, query, 50);
        return send(res, 200, { ...answer, items: answer.items.map(negotiationItem) });
      }
      const negotiation = negotiations.get(id);
      return negotiation
        ? send(res, 200, negotiationItem(negotiation))
        : hhError(res, 404, 'not_found');
    }
    const messages = /^\/negotiations\/([^/]+)\/messages$/.exec(path);
    if (messages) {
      const negotiation = negotiations.get(messages[1]!);
      if (!negotiation) return hhError(res, 404, 'not_found');
      if (method === 'GET') {
        return send(
          res,
          200,
          page(
            chatOf(negotiation.id).map((m) => ({
              id: m.id,
              text: m.text,
              created_at: m.created_at,
              author: { participant_type: m.author },
              state: { id: 'text', name: 'Текст' },
              viewed_by_me: true,
              viewed_by_opponent: false,
              editable: false,
            })),
            query,
            50,
          ),
        );
      }
      if (method === 'POST') {
        const text = typeof body?.message === 'string' ? body.message.trim() : '';
        if (!text) return hhError(res, 400, 'negotiations', 'empty_message');
        if (text.length > 2000) return hhError(res, 400, 'negotiations', 'too_long_message');
        chatOf(negotiation.id).push({
          id: String(++nextId),
          text,
          author: 'employer',
          created_at: HH_DATE(new Date()),
        });
        res.writeHead(201, { 'content-type': 'text/html' });
        return res.end('');
      }
    }
    if (path === '/webhook/subscriptions' && method === 'POST') {
      const url = (body as { url?: unknown } | null)?.url;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
        return hhError(res, 400, 'bad_argument', 'url');
      }
      const id = String(++nextId);
      const actions = (body as { actions?: unknown[] }).actions ?? [];
      subscriptions.set(id, { id, url, actions });
      return send(res, 201, { id });
    }
    if (path === '/webhook/subscriptions' && method === 'GET') {
      return send(res, 200, { items: [...subscriptions.values()] });
    }
    const subscription = /^\/webhook\/subscriptions\/([^/]+)$/.exec(path);
    if (subscription && method === 'DELETE') {
      return subscriptions.delete(subscription[1]!)
        ? send(res, 204)
        : hhError(res, 404, 'not_found');
    }
    const action = /^\/negotiations\/([^/]+)\/([^/]+)$/.exec(path);
    if (method === 'PUT' && action) {
      const [, actionId, nid] = action;
      const negotiation = negotiations.get(nid!);
      if (!negotiation) return hhError(res, 404, 'not_found');
      if (negotiation.state === 'discard') return hhError(res, 403, 'negotiations', 'wrong_state');
      if (!EMPLOYER_ACTIONS.some(([id]) => id === actionId) && actionId !== 'discard') {
        return hhError(res, 403, 'negotiations', 'wrong_state');
      }
      negotiation.employerState = actionId === 'discard' ? 'discard_by_employer' : actionId!;
      negotiation.state = actionId!.startsWith('discard') ? 'discard' : 'invitation';
      if (body?.message) {
        negotiation.messages.push(body.message);
        chatOf(negotiation.id).push({
          id: String(++nextId),
          text: body.message,
          author: 'employer',
          created_at: HH_DATE(new Date()),
        });
      }
      return send(res, 204);
    }
    const resume = /^\/resumes\/([^/]+)$/.exec(path);
    if (method === 'GET' && resume) {
      const found = resumes.get(resume[1]!);
      if (!found) return hhError(res, 404, 'not_found');
      const open = Boolean(
        query.topic_id && negotiations.get(query.topic_id)?.resumeId === found.id,
      );
      return send(res, 200, fullResume(found, open));
    }
    return hhError(res, 404, 'not_found');
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const record: HhRecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: req.headers.authorization,
        body: await readBody(req),
        status: 0,
      };
      requests.push(record);
      const writeHead = res.writeHead.bind(res);
      res.writeHead = ((status: number, ...rest: unknown[]) => {
        record.status = status;
        return (writeHead as (...args: unknown[]) => ServerResponse)(status, ...rest);
      }) as typeof res.writeHead;
      try {
        await handle(req, res, record);
      } catch {
        if (!res.headersSent) send(res, 500, { description: 'fake error' });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const api = {
    /** API base (HH_API_BASE) and the OAuth pages' base (HH_OAUTH_BASE): one server here. */
    url: baseUrl,
    clientId,
    clientSecret,
    employer,
    manager,
    requests,
    /**
     * An hh.ru vacancy of the employer, published (active) unless `archived`, with a description
     * and a salary when given: GET /vacancies/{id} shows it and PUT edits it as any other.
     */
    addVacancy(name: string, area = 'Москва', seed: VacancySeed = {}) {
      const id = String(++nextId);
      const areaId = AREAS[0]!.areas.find((a) => a.name === area)?.id ?? '1';
      const now = new Date();
      vacancies.set(id, { id, name, area, created_at: HH_DATE(now) });
      const salary =
        seed.salary_from != null || seed.salary_to != null
          ? {
              salary_range: {
                from: seed.salary_from ?? null,
                to: seed.salary_to ?? null,
                currency: 'RUR',
                gross: seed.salary_gross ?? true,
                mode: { id: 'MONTH' },
              },
            }
          : {};
      published.set(id, {
        id,
        ...(seed.employer_id ? { employerId: seed.employer_id } : {}),
        body: {
          name,
          description:
            seed.description ??
            `<p>${'Работа в команде работодателя, интересные задачи и дружный коллектив. '.repeat(4)}</p>`,
          area: { id: areaId },
          professional_roles: [{ id: '96' }],
          billing_type: { id: 'standard' },
          type: { id: 'open' },
          experience: { id: 'between1And3' },
          ...salary,
        },
        createdAt: now.getTime(),
        approved: true,
        refusal: null,
        archived: Boolean(seed.archived),
        publishedAt: HH_DATE(now),
        expiresAt: HH_DATE(new Date(now.getTime() + 30 * DAY_MS)),
      });
      return id;
    },
    /** The employer archives the vacancy on hh.ru. */
    archiveVacancy(id: string) {
      const v = published.get(id);
      if (v) v.archived = true;
      return Boolean(v);
    },
    /** A response (negotiation) of a résumé to a vacancy; the résumé is added if new. */
    addResponse(vacancyId: string, resume: Omit<HhResume, 'id'> & { id?: string }) {
      const resumeId = resume.id ?? `r${randomBytes(6).toString('hex')}`;
      resumes.set(resumeId, { ...resume, id: resumeId });
      const id = String(++nextId);
      const negotiation: Negotiation = {
        id,
        vacancyId,
        resumeId,
        createdAt: HH_DATE(new Date()),
        state: 'response',
        employerState: 'response',
        messages: [],
      };
      negotiations.set(id, negotiation);
      const ofVacancy = negotiationsOfVacancy.get(vacancyId);
      if (ofVacancy) ofVacancy.push(negotiation);
      else negotiationsOfVacancy.set(vacancyId, [negotiation]);
      notify('NEW_NEGOTIATION_VACANCY', {
        topic_id: id,
        resume_id: resumeId,
        vacancy_id: vacancyId,
        employer_id: employer.id,
        negotiation_date: HH_DATE(new Date()),
      });
      return id;
    },
    /** The applicant writes in the negotiation. */
    addApplicantMessage(nid: string, text: string) {
      const message: HhChatMessage = {
        id: String(++nextId),
        text,
        author: 'applicant',
        created_at: HH_DATE(new Date()),
      };
      chatOf(nid).push(message);
      return message.id;
    },
    chat: (nid: string) => chatOf(nid),
    subscriptions: () => [...subscriptions.values()],
    /** Every webhook POSTed, with the receiver's status. */
    deliveries,
    /** How deliveries are POSTed (tests hand them to the app without a socket). */
    setWebhookTransport(transport: HhWebhookTransport) {
      webhookTransport = transport;
    },
    /** Every delivery is POSTed twice with the same id (hh.ru re-delivers without a 2xx). */
    setDeliverTwice(value: boolean) {
      deliverTwice = value;
    },
    /** Waits for the deliveries in flight. */
    async flushWebhooks() {
      while (pendingDeliveries.size > 0) await Promise.all([...pendingDeliveries]);
    },
    negotiation: (id: string) => negotiations.get(id),
    /** A résumé photo's address: `ok.png`, `big.jpg`, `not-image.jpg` or `slow.jpg`. */
    photoUrl: (name: 'ok.png' | 'big.jpg' | 'not-image.jpg' | 'slow.jpg') =>
      `${baseUrl}/photos/${name}`,
    /** A vacancy published through POST /vacancies, as GET /vacancies/{id} shows it. */
    publishedVacancy: (id: string) => published.get(id),
    /** Moderation passes: the vacancy is published. */
    approveVacancy(id: string) {
      const v = published.get(id);
      if (!v) return false;
      approve(v);
      return true;
    },
    /** Moderation refuses the vacancy with a reason. */
    refuseVacancy(id: string, reason: string) {
      const v = published.get(id);
      if (!v) return false;
      v.approved = false;
      v.refusal = reason;
      return true;
    },
    setModerationSeconds(seconds: number | null) {
      moderationSeconds = seconds;
    },
    /** Publications left of a billing type. */
    publicationsLeft: (billingType: string) => rights[billingType] ?? 0,
    setPublications(billingType: string, count: number) {
      rights[billingType] = count;
    },
    /** The negotiation's state changed on the site (e.g. discarded there): actions follow it. */
    setNegotiationState(id: string, state: 'response' | 'invitation' | 'discard') {
      const negotiation = negotiations.get(id);
      if (!negotiation) throw new Error(`no negotiation ${id}`);
      negotiation.state = state;
      negotiation.employerState = state === 'discard' ? 'discard_by_employer' : state;
    },
    /** The next `times` API calls (on `path` when given) answer `status` (500: HTML body). */
    failNext(failure: {
      status: number;
      times?: number;
      path?: string;
      retryAfter?: number;
      after?: number;
    }) {
      failures.push({ ...failure, times: failure.times ?? 1 });
    },
    /**
     * The next call on `path` (of `vacancyId`, when given) is held before it is answered until
     * `release()`: a sync caught mid-way. `reached` resolves once the call has come.
     */
    holdNext(path: string, vacancyId?: string) {
      let reached!: () => void;
      let release!: () => void;
      const came = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ path, ...(vacancyId ? { vacancyId } : {}), reached, released });
      return { reached: came, release };
    },
    /** Every access token issued so far is past its end (their refresh tokens now work). */
    expireAccessTokens() {
      for (const token of tokens.values()) token.expiresAt = Date.now() - 1000;
    },
    /** The authorize page answers error=access_denied instead of a code. */
    setDeny(value: boolean) {
      deny = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}

export type HhFake = Awaited<ReturnType<typeof startHhFake>>;
