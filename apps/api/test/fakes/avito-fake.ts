import { randomBytes, randomUUID } from 'node:crypto';

import { type FakeReply, type FakeRequest, postHook, serveFake } from './fake-http.ts';

// A local stand-in for Avito's API for business as /work/shared/specs/avito describes it
// (auth.json, user.json, job.json, messenger.json) and integrations.md §2.8 asks, for the
// job-sites clients' tests and `npm run fakes`:
// - `POST /token`: client_credentials, authorization_code and refresh_token grants (form or JSON);
//   tokens live `tokenTtlSeconds` (Avito: 24 h); `GET /oauth` is the consent page, answered at once
//   with a 302 to `redirect_uri?code=…&state=…` (`error=access_denied` when `denyConsent`);
// - every other call wants `Authorization: Bearer <token>`: none or unknown → 401
//   `{error:{code:401,message:'Unauthorized'}}`, expired → 403 `{error:{code:403,…}}` (the docs
//   say 403; the spec's schemas 401: `expiredStatus` picks);
// - `GET /core/v1/accounts/self`; vacancies `POST /job/v2/vacancies` (202 `{id: uuid}`, the same
//   id for the same `vacancy_code`; 400 `{errors: […]}` for invalid fields; 403 `unavailable_to_
//   create` without a tariff), `POST /job/v2/vacancies/statuses` (`created` until polled
//   `moderationPolls` times, then `activated`, or `rejected` with reasons by `moderate`),
//   `PUT /job/v1/vacancies/archived/{id}` (204), `POST /job/v1/vacancies/{id}/prolongate`,
//   `POST /job/v2/vacancies/update/{uuid}` (202, validated as publishing), the `profession`
//   dictionary (`GET /job/v2/vacancy/dict[/{id}]`; a deprecated or unknown profession refused);
// - applications: `get_ids` (updatedAtFrom|createdAtFrom, newest first, `cursor` = last id of
//   the previous page, `pageSize` per page), `get_by_ids`, `get_states`, `apply_actions`,
//   `set_is_viewed`, `PUT|GET|DELETE …/webhook` (the URL is checked with a POST of `{}` first);
//   every new or changed application is POSTed to the webhook as a small hint
//   `{application_id, vacancy_id, …}` (its shape is not in the spec), twice when `deliverTwice`;
// - résumés `GET /job/v2/resumes/{id}`, `GET /job/v1/resumes/{id}/contacts/`;
// - messenger: chats (v2), messages (v3 read, v1 send), `POST /messenger/v3/webhook`,
//   `POST /messenger/v1/subscriptions` (list), `POST /messenger/v1/webhook/unsubscribe`, and
//   every new message (the applicant's and ours) delivered to the subscribed URLs in the spec's
//   v1.1 envelope; `redeliverLast` POSTs the last delivery once more (Avito's re-delivery);
// - `X-RateLimit-Limit`/`X-RateLimit-Remaining` on every answer; faults by `failNext` (500, 503,
//   429 with `Retry-After`: Avito's spec names no wait header, the fake adds one), `expireTokens`.

export type AvitoVacancyBody = Record<string, unknown> & {
  billing_type?: string;
  title?: string | null;
  description?: string | null;
  vacancy_code?: string | null;
  salary?: { from?: number; to?: number } | null;
};

export type AvitoPublication = {
  uuid: string;
  vacancyId: number;
  body: AvitoVacancyBody;
  status: 'created' | 'activated' | 'archived' | 'blocked' | 'rejected' | 'expired';
  reasons: string[];
  polls: number;
  datetime: string;
  /** Avito is still creating the vacancy: its statuses name no vacancy id or address yet. */
  creating?: boolean;
};

export type AvitoResumeSeed = {
  id?: number;
  title?: string;
  description?: string;
  salary?: number;
  params?: Record<string, unknown>;
  address_details?: Record<string, unknown>;
  photos?: { url: string }[];
  contacts?: { type: 'phone' | 'e-mail' | 'chat_id'; value: string }[];
};

export type AvitoApplicationSeed = {
  vacancyId: number;
  name: { first_name: string; last_name?: string; patronymic?: string };
  birthday?: string;
  gender?: 'male' | 'female';
  citizenship?: string;
  phone?: string;
  resume?: AvitoResumeSeed;
  createdAt?: string;
  type?: 'by_chat' | 'by_phone';
};

export type AvitoApplication = {
  id: string;
  vacancy_id: number;
  created_at: string;
  updated_at: string;
  state: string;
  is_viewed: boolean;
  type: 'by_chat' | 'by_phone';
  applicant: {
    id: string;
    resume_id: number | null;
    data: {
      name: string;
      full_name: { first_name: string; last_name?: string; patronymic?: string };
      birthday?: string;
      gender?: string;
      citizenship?: string;
    };
  };
  contacts: { chat: { value: string }; phones: { value: number; status: string }[] };
  employee_id: number;
};

export type AvitoMessage = {
  id: string;
  author_id: number;
  created: number;
  direction: 'in' | 'out';
  type: 'text';
  content: { text: string };
  is_read: boolean;
};

export type AvitoChat = {
  id: string;
  applicantUserId: number;
  itemId: number;
  title: string;
  messages: AvitoMessage[];
  created: number;
};

export type AvitoDelivery = { url: string; body: unknown; status: number; at: number };
/** POSTs a webhook body to a URL and answers the receiver's status (0: no answer). */
export type AvitoWebhookTransport = (
  url: string,
  body: unknown,
  headers: Record<string, string>,
) => Promise<number>;

export type AvitoFakeOptions = {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Avito: 86400. Short in tests, so refresh is exercised. */
  tokenTtlSeconds?: number;
  /** Status polls a publication stays `created` before it is `activated`. */
  moderationPolls?: number;
  expiredStatus?: 401 | 403;
  /** False: publishing answers 403 unavailable_to_create (no tariff, no package). */
  canPublish?: boolean;
  /** Ids per get_ids page (Avito: 100). */
  pageSize?: number;
  deliverTwice?: boolean;
  denyConsent?: boolean;
  rateLimitPerMinute?: number;
  /** People who respond to every publication once it is activated (for the demo). */
  respondOnPublish?: Omit<AvitoApplicationSeed, 'vacancyId'>[];
};

const STATES = [
  { slug: 'new', description: 'Новый отклик' },
  { slug: 'invited', description: 'Приглашение' },
  { slug: 'rejected', description: 'Отказ' },
  { slug: 'hired', description: 'Принят на работу' },
];
const BILLING = ['package', 'packageOrSingle'];
const ALLOWED_TAGS = new Set(['p', 'ul', 'ol', 'li', 'br', 'strong', 'em']);
const SCHEDULES = ['flyInFlyOut', 'fixed', 'flexible', 'shift'];
const EXPERIENCE = ['noMatter', 'moreThan1', 'moreThan3', 'moreThan5', 'moreThan10'];
const EMPLOYMENT = ['temporary', 'full', 'internship', 'partial'];
/** The `profession` dictionary (job.json's getDictByID: `[{id, name, deprecated}]`). */
export const AVITO_PROFESSIONS = [
  { id: 10106, name: 'IT, интернет, телеком', deprecated: true },
  { id: 3278315, name: 'Архитектура и дизайн', deprecated: false },
  { id: 3278401, name: 'Программист', deprecated: false },
  { id: 3278402, name: 'Курьер', deprecated: false },
  { id: 3278403, name: 'Продавец-консультант', deprecated: false },
];
const DICTIONARIES = [{ id: 'profession', description: 'Профессия' }];

const err = (code: number, message: string): FakeReply => ({
  status: code,
  body: { error: { code, message } },
});
const iso = (ms: number) => new Date(ms).toISOString();
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** The vacancy's validation as Avito reports it: a list of texts naming the field. */
function vacancyErrors(body: AvitoVacancyBody): string[] {
  const errors: string[] = [];
  if (!BILLING.includes(String(body.billing_type))) {
    errors.push('billing_type: допустимые значения — package, packageOrSingle');
  }
  const title = body.title ?? '';
  if (typeof title !== 'string' || title.trim().length < 1 || title.length > 50) {
    errors.push('title: название вакансии должно быть длиной от 1 до 50 символов');
  }
  const description = body.description ?? '';
  const plain = typeof description === 'string' ? description.replace(/<[^>]*>/g, '') : '';
  if (plain.trim().length < 1 || plain.length > 5000) {
    errors.push('description: описание должно быть длиной от 1 до 5000 символов');
  } else {
    for (const [, tag] of (description as string).matchAll(/<\/?([a-zA-Z0-9]+)[^>]*>/g)) {
      if (!ALLOWED_TAGS.has(tag!.toLowerCase())) {
        errors.push(`description: тег <${tag}> не поддерживается`);
        break;
      }
    }
  }
  const salary = body.salary;
  if (salary && salary.from !== undefined && salary.to !== undefined && salary.from > salary.to) {
    errors.push('salary.from: нижняя граница зарплаты больше верхней');
  }
  if (body.schedule !== undefined && !SCHEDULES.includes(String(body.schedule))) {
    errors.push('schedule: неизвестный режим работы');
  }
  if (body.experience !== undefined && !EXPERIENCE.includes(String(body.experience))) {
    errors.push('experience: неизвестное значение опыта работы');
  }
  if (body.employment !== undefined && !EMPLOYMENT.includes(String(body.employment))) {
    errors.push('employment: неизвестное значение занятости');
  }
  if (body.profession !== undefined) {
    const profession = AVITO_PROFESSIONS.find((p) => p.id === body.profession);
    if (!profession) errors.push('profession: нет такой профессии в справочнике');
    else if (profession.deprecated) errors.push('profession: значение устарело, выберите другое');
  }
  const address = (body.location as { address?: unknown } | undefined)?.address;
  if (!address && !(body.location as { coordinates?: unknown } | undefined)?.coordinates) {
    errors.push('location.address: укажите адрес вакансии');
  }
  return errors;
}

export async function startAvitoFake(options: AvitoFakeOptions = {}) {
  const clientId = options.clientId ?? 'avito-client-id';
  const clientSecret = options.clientSecret ?? 'avito-client-secret';
  const ttl = options.tokenTtlSeconds ?? 86_400;
  const expiredStatus = options.expiredStatus ?? 403;
  const pageSize = options.pageSize ?? 100;
  const rateLimit = options.rateLimitPerMinute ?? 600;
  const self = {
    id: 94235311,
    name: 'ООО «Ромашка»',
    email: 'hr@romashka.example',
    phone: '+7 999 123-45-67',
    phones: ['+7 999 123-45-67'],
    profile_url: 'https://www.avito.ru/user/romashka/profile',
  };

  const tokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const codes = new Set<string>();
  const publications = new Map<string, AvitoPublication>();
  const applications = new Map<string, AvitoApplication>();
  const resumes = new Map<number, AvitoResumeSeed & { id: number; url: string }>();
  const chats = new Map<string, AvitoChat>();
  const deliveries: AvitoDelivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const state = {
    canPublish: options.canPublish ?? true,
    deliverTwice: options.deliverTwice ?? false,
    denyConsent: options.denyConsent ?? false,
    applicationsHook: null as { url: string; secret: string } | null,
    messengerHooks: [] as string[],
    /** New publications stay `creating` (no vacancy id) until a test sets it false on them. */
    creating: false,
    /** Our vacancy codes whose publications stay `creating` (the journeys share one fake). */
    creatingCodes: new Set<string>(),
    /** Status polls a publication stays `created`: a test may change it between reads. */
    moderationPolls: options.moderationPolls ?? 2,
    minute: 0,
    used: 0,
  };
  let nextVacancyId = 3_000_000_001;
  let nextResumeId = 2_143_000_001;
  let nextUserId = 700_000_001;
  let clock = Date.now();
  /** Timestamps move forward even within one millisecond, so updatedAtFrom sorts stably. */
  const tick = () => (clock = Math.max(clock + 1, Date.now()));

  function issueToken(withRefresh: boolean) {
    const access = hex(16);
    tokens.set(access, Date.now() + ttl * 1000);
    const reply: Record<string, unknown> = {
      access_token: access,
      expires_in: ttl,
      token_type: 'Bearer',
    };
    if (withRefresh) {
      const refresh = hex(24);
      refreshTokens.add(refresh);
      reply.refresh_token = refresh;
      reply.scope = 'job:applications,job:cv,job:vacancy,job:write,messenger:read,messenger:write';
    }
    return { status: 200, body: reply };
  }

  function token(request: FakeRequest): FakeReply {
    const form = (request.body ?? Object.fromEntries(request.query)) as Record<string, string>;
    if (form.client_id !== clientId || form.client_secret !== clientSecret) {
      return { status: 400, body: { error: 'invalid_client', error_description: 'bad client' } };
    }
    switch (form.grant_type) {
      case 'client_credentials':
        return issueToken(false);
      case 'authorization_code':
        if (!form.code || !codes.delete(form.code)) {
          return { status: 400, body: { error: 'invalid_grant', error_description: 'bad code' } };
        }
        return issueToken(true);
      case 'refresh_token':
        if (!form.refresh_token || !refreshTokens.delete(form.refresh_token)) {
          return { status: 400, body: { error: 'invalid_grant', error_description: 'bad token' } };
        }
        return issueToken(true);
      default:
        return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
  }

  let webhookTransport: AvitoWebhookTransport = postHook;

  function deliver(url: string, body: unknown, headers: Record<string, string> = {}) {
    const times = state.deliverTwice ? 2 : 1;
    const job = (async () => {
      for (let i = 0; i < times; i++) {
        const status = await webhookTransport(url, body, headers).catch(() => 0);
        deliveries.push({ url, body, status, at: Date.now() });
      }
    })();
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  }

  function touched(application: AvitoApplication, event: 'created' | 'updated') {
    const hook = state.applicationsHook;
    if (!hook) return;
    deliver(
      hook.url,
      {
        id: randomUUID(),
        event: `application.${event}`,
        application_id: application.id,
        vacancy_id: application.vacancy_id,
        timestamp: Math.floor(Date.now() / 1000),
      },
      { 'x-avito-secret': hook.secret },
    );
  }

  // ---- the other side: what a test seeds and drives ---------------------------------------

  function addResume(seed: AvitoResumeSeed = {}) {
    const id = seed.id ?? nextResumeId++;
    const resume = { ...seed, id, url: `/moskva/rezume/kandidat_${id}` };
    resumes.set(id, resume);
    return resume;
  }

  function addApplication(seed: AvitoApplicationSeed) {
    const at = tick();
    const resume = seed.resume ? addResume(seed.resume) : null;
    const userId = nextUserId++;
    const full = seed.name;
    const application: AvitoApplication = {
      id: hex(12),
      vacancy_id: seed.vacancyId,
      created_at: seed.createdAt ?? iso(at),
      updated_at: seed.createdAt ?? iso(at),
      state: 'new',
      is_viewed: false,
      type: seed.type ?? 'by_chat',
      applicant: {
        id: randomUUID(),
        resume_id: resume?.id ?? null,
        data: {
          name: [full.last_name, full.first_name, full.patronymic].filter(Boolean).join(' '),
          full_name: full,
          ...(seed.birthday ? { birthday: seed.birthday } : {}),
          ...(seed.gender ? { gender: seed.gender } : {}),
          ...(seed.citizenship ? { citizenship: seed.citizenship } : {}),
        },
      },
      contacts: {
        chat: { value: `u2i-${hex(5)}-${userId}` },
        phones: seed.phone
          ? [{ value: Number(seed.phone.replace(/\D/g, '')), status: 'received' }]
          : [],
      },
      employee_id: self.id,
    };
    applications.set(application.id, application);
    chats.set(application.contacts.chat.value, {
      id: application.contacts.chat.value,
      applicantUserId: userId,
      itemId: seed.vacancyId,
      title:
        [...publications.values()].find((p) => p.vacancyId === seed.vacancyId)?.body.title ?? '',
      messages: [],
      created: Math.floor(at / 1000),
    });
    touched(application, 'created');
    return application;
  }

  /** A message from the applicant into the chat, delivered to the messenger webhooks. */
  function applicantWrites(chatId: string, text: string) {
    const chat = chats.get(chatId);
    if (!chat) throw new Error(`avito fake: no chat ${chatId}`);
    const message: AvitoMessage = {
      id: hex(16),
      author_id: chat.applicantUserId,
      created: Math.floor(tick() / 1000),
      direction: 'in',
      type: 'text',
      content: { text },
      is_read: false,
    };
    chat.messages.push(message);
    messageDelivered(chat, message);
    return message;
  }

  /**
   * Every message of the account's chats, the applicant's and ours alike, to every messenger
   * subscription, in messenger.json's WebhookMessage envelope (v1.1).
   */
  function messageDelivered(chat: AvitoChat, message: AvitoMessage) {
    for (const url of state.messengerHooks) {
      deliver(url, {
        id: randomUUID(),
        version: 'v1.1',
        timestamp: message.created,
        payload: {
          type: 'message',
          value: {
            id: message.id,
            chat_id: chat.id,
            chat_type: 'u2i',
            user_id: self.id,
            author_id: message.author_id,
            item_id: chat.itemId,
            created: message.created,
            published_at: new Date(message.created * 1000).toISOString(),
            type: message.type,
            content: message.content,
            read: null,
          },
        },
      });
    }
  }

  /**
   * The last delivery made (to `url`, when given) POSTed once more, as Avito does when it saw no
   * 2xx in time; the deliveries under way are awaited first.
   */
  async function redeliverLast(url?: string) {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    const last = deliveries.findLast((d) => url === undefined || d.url === url);
    if (!last) throw new Error('avito fake: nothing was delivered there');
    const status = await webhookTransport(last.url, last.body, {}).catch(() => 0);
    deliveries.push({ url: last.url, body: last.body, status, at: Date.now() });
    return status;
  }

  function moderate(uuid: string, status: AvitoPublication['status'], reasons: string[] = []) {
    const publication = publications.get(uuid);
    if (!publication) throw new Error(`avito fake: no publication ${uuid}`);
    publication.status = status;
    publication.reasons = reasons;
    publication.datetime = iso(tick());
  }

  function setApplicationState(id: string, slug: string) {
    const application = applications.get(id);
    if (!application) throw new Error(`avito fake: no application ${id}`);
    application.state = slug;
    application.updated_at = iso(tick());
    touched(application, 'updated');
  }

  // ---- the API ------------------------------------------------------------------------------

  const statusOf = (p: AvitoPublication) => {
    if (p.creating) {
      return {
        id: p.uuid,
        vacancy: { status: 'created', moderation_status: 'allowed', reasons: [] },
        last_action: { status: 'success', datetime: p.datetime },
      };
    }
    if (p.status === 'created') {
      p.polls += 1;
      if (p.polls > state.moderationPolls) {
        p.status = 'activated';
        for (const seed of options.respondOnPublish ?? []) {
          addApplication({ ...seed, vacancyId: p.vacancyId });
        }
      }
    }
    return {
      id: p.uuid,
      vacancy: {
        id: p.vacancyId,
        status: p.status,
        moderation_status:
          p.status === 'rejected' || p.status === 'blocked' ? 'declined' : 'allowed',
        url: `https://www.avito.ru/moskva/vakansii/${p.vacancyId}`,
        reasons: p.reasons,
      },
      last_action: { status: p.status === 'rejected' ? 'error' : 'success', datetime: p.datetime },
    };
  };

  const appliesPage = (request: FakeRequest): FakeReply => {
    const updatedFrom = request.query.get('updatedAtFrom');
    const createdFrom = request.query.get('createdAtFrom');
    const from = updatedFrom ?? createdFrom;
    if (!from || !/^\d{4}-\d{2}-\d{2}$/.test(from)) {
      return err(400, 'updatedAtFrom or createdAtFrom is required (YYYY-MM-DD)');
    }
    const vacancyIds = request.query.get('vacancyIds')?.split(',').map(Number);
    const wantedState = request.query.get('state');
    const key = updatedFrom ? 'updated_at' : 'created_at';
    const sorted = [...applications.values()]
      .filter((a) => a[key].slice(0, 10) >= from)
      .filter((a) => !vacancyIds || vacancyIds.includes(a.vacancy_id))
      .filter((a) => !wantedState || a.state === wantedState)
      .sort((a, b) => (a[key] === b[key] ? (a.id < b.id ? 1 : -1) : a[key] < b[key] ? 1 : -1));
    const cursor = request.query.get('cursor');
    const start = cursor ? sorted.findIndex((a) => a.id === cursor) + 1 : 0;
    const page = sorted.slice(start, start + pageSize);
    return {
      status: 200,
      body: {
        applies: page.map((a) => ({
          id: a.id,
          created_at: a.created_at,
          updated_at: a.updated_at,
          state: a.state,
        })),
      },
    };
  };

  const idsOf = (body: unknown) => {
    const ids = (body as { ids?: unknown } | undefined)?.ids;
    return Array.isArray(ids) && ids.length <= 100 ? ids.map(String) : null;
  };

  async function api(request: FakeRequest): Promise<FakeReply> {
    const { method, path } = request;
    if (method === 'POST' && path === '/token') return token(request);
    if (method === 'GET' && path === '/oauth') {
      const redirect = request.query.get('redirect_uri');
      if (!redirect || request.query.get('client_id') !== clientId) return err(400, 'bad client');
      const target = new URL(redirect);
      if (state.denyConsent) {
        target.searchParams.set('error', 'access_denied');
      } else {
        const code = hex(10);
        codes.add(code);
        target.searchParams.set('code', code);
      }
      const stateParam = request.query.get('state');
      if (stateParam) target.searchParams.set('state', stateParam);
      return { status: 302, location: target.toString() };
    }

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiry = bearer ? tokens.get(bearer) : undefined;
    if (expiry === undefined) return err(401, 'Unauthorized');
    if (expiry <= Date.now()) {
      return err(expiredStatus, expiredStatus === 403 ? 'Forbidden' : 'Unauthorized');
    }

    if (method === 'GET' && path === '/core/v1/accounts/self') return { status: 200, body: self };

    // vacancies
    if (method === 'POST' && path === '/job/v2/vacancies') {
      const body = (request.body ?? {}) as AvitoVacancyBody;
      const errors = vacancyErrors(body);
      if (errors.length > 0) return { status: 400, body: { errors } };
      if (!state.canPublish) {
        return {
          status: 403,
          body: { error: { type: 'vacancies', value: 'unavailable_to_create' } },
        };
      }
      const code = body.vacancy_code ?? null;
      const duplicate = code
        ? [...publications.values()].find(
            (p) => p.body.vacancy_code === code && p.status !== 'archived',
          )
        : undefined;
      if (duplicate) return { status: 202, body: { id: duplicate.uuid } };
      const publication: AvitoPublication = {
        uuid: randomUUID(),
        vacancyId: nextVacancyId++,
        body,
        status: 'created',
        reasons: [],
        polls: 0,
        datetime: iso(tick()),
        creating: state.creating || (code !== null && state.creatingCodes.has(code)),
      };
      publications.set(publication.uuid, publication);
      return { status: 202, body: { id: publication.uuid } };
    }
    if (method === 'POST' && path === '/job/v2/vacancies/statuses') {
      const ids = idsOf(request.body);
      if (!ids) return err(400, 'ids: от 1 до 100 идентификаторов');
      const found = ids.flatMap((id) => {
        const p = publications.get(id);
        return p ? [statusOf(p)] : [];
      });
      return { status: 200, body: found };
    }
    let match = /^\/job\/v2\/vacancies\/update\/([0-9a-f-]+)$/.exec(path);
    if (method === 'POST' && match) {
      const p = publications.get(match[1]!);
      if (!p) return err(404, 'Not found');
      const body = (request.body ?? {}) as AvitoVacancyBody;
      const errors = vacancyErrors(body);
      if (errors.length > 0) return { status: 400, body: { errors } };
      p.body = { ...body, vacancy_code: p.body.vacancy_code ?? null };
      p.datetime = iso(tick());
      return { status: 202 };
    }
    if (method === 'GET' && path === '/job/v2/vacancy/dict') {
      return { status: 200, body: DICTIONARIES };
    }
    match = /^\/job\/v2\/vacancy\/dict\/([a-z_]+)$/.exec(path);
    if (method === 'GET' && match) {
      return match[1] === 'profession'
        ? { status: 200, body: AVITO_PROFESSIONS }
        : err(404, 'Not found');
    }
    match = /^\/job\/v1\/vacancies\/archived\/(\d+)$/.exec(path);
    if (method === 'PUT' && match) {
      const p = [...publications.values()].find((x) => x.vacancyId === Number(match![1]));
      if (!p) return err(404, 'Not found');
      p.status = 'archived';
      p.datetime = iso(tick());
      return { status: 204 };
    }
    match = /^\/job\/v1\/vacancies\/(\d+)\/prolongate$/.exec(path);
    if (method === 'POST' && match) {
      const p = [...publications.values()].find((x) => x.vacancyId === Number(match![1]));
      if (!p) return err(404, 'Not found');
      p.status = 'activated';
      p.datetime = iso(tick());
      return { status: 204 };
    }

    // applications
    if (method === 'GET' && path === '/job/v1/applications/get_ids') return appliesPage(request);
    if (method === 'POST' && path === '/job/v1/applications/get_by_ids') {
      const ids = idsOf(request.body);
      if (!ids) return err(400, 'ids: от 1 до 100 идентификаторов');
      return {
        status: 200,
        body: {
          applies: ids.flatMap((id) => (applications.has(id) ? [applications.get(id)] : [])),
        },
      };
    }
    if (method === 'GET' && path === '/job/v1/applications/get_states') {
      return { status: 200, body: { states: STATES } };
    }
    if (method === 'POST' && path === '/job/v1/applications/apply_actions') {
      const ids = idsOf(request.body);
      const action = (request.body as { action?: string } | undefined)?.action;
      if (!ids || !STATES.some((s) => s.slug === action)) return err(400, 'bad action or ids');
      const changed = ids.flatMap((id) => {
        const a = applications.get(id);
        if (!a) return [];
        if (a.state !== action) setApplicationState(id, action!);
        return [{ id, created_at: a.created_at, updated_at: a.updated_at, state: a.state }];
      });
      return { status: 200, body: { applies: changed } };
    }
    if (method === 'POST' && path === '/job/v1/applications/set_is_viewed') {
      const applies = (request.body as { applies?: { id: string; is_viewed: boolean }[] })?.applies;
      if (!Array.isArray(applies)) return err(400, 'applies is required');
      const out = applies.flatMap(({ id, is_viewed }) => {
        const a = applications.get(id);
        if (!a) return [];
        a.is_viewed = Boolean(is_viewed);
        return [{ id, is_viewed: a.is_viewed }];
      });
      return { status: 200, body: { applies: out } };
    }
    if (path === '/job/v1/applications/webhook') {
      if (method === 'PUT') {
        const { url, secret } = (request.body ?? {}) as { url?: string; secret?: string };
        if (!url || !secret) return err(400, 'url and secret are required');
        const reachable = await postHook(url, {});
        if (reachable < 200 || reachable > 299) return err(400, 'url is not reachable');
        state.applicationsHook = { url, secret };
        return { status: 200, body: { url, secret } };
      }
      if (method === 'GET') return { status: 200, body: state.applicationsHook ?? {} };
      if (method === 'DELETE') {
        if (state.applicationsHook?.url === request.query.get('url')) state.applicationsHook = null;
        return { status: 200, body: { ok: true } };
      }
    }
    if (method === 'GET' && path === '/job/v1/applications/webhooks') {
      return {
        status: 200,
        body: { webhooks: state.applicationsHook ? [state.applicationsHook] : [] },
      };
    }

    // résumés
    match = /^\/job\/v2\/resumes\/(\d+)$/.exec(path);
    if (method === 'GET' && match) {
      const resume = resumes.get(Number(match[1]));
      if (!resume) return err(404, 'Not found');
      const { contacts: _contacts, ...visible } = resume;
      return {
        status: 200,
        body: {
          is_active: true,
          is_purchased: true,
          start_time: '2026-01-10T08:00:00Z',
          update_time: '2026-01-10T08:00:00Z',
          params: {},
          ...visible,
          photos: request.query.get('photos') === 'true' ? (resume.photos ?? []) : undefined,
        },
      };
    }
    match = /^\/job\/v1\/resumes\/(\d+)\/contacts\/?$/.exec(path);
    if (method === 'GET' && match) {
      const resume = resumes.get(Number(match[1]));
      if (!resume) return err(404, 'Not found');
      const owner = [...applications.values()].find((a) => a.applicant.resume_id === resume.id);
      return {
        status: 200,
        body: {
          name: owner?.applicant.data.name ?? '',
          full_name: owner?.applicant.data.full_name ?? {},
          contacts: resume.contacts ?? [],
          already_bought: true,
        },
      };
    }

    // messenger
    match = /^\/messenger\/v2\/accounts\/(\d+)\/chats$/.exec(path);
    if (method === 'GET' && match) {
      if (Number(match[1]) !== self.id) return err(403, 'Forbidden');
      const limit = Number(request.query.get('limit') ?? 100);
      const offset = Number(request.query.get('offset') ?? 0);
      const list = [...chats.values()].sort((a, b) => b.created - a.created);
      return {
        status: 200,
        body: {
          chats: list.slice(offset, offset + limit).map((c) => ({
            id: c.id,
            context: { type: 'item', value: { id: c.itemId, title: c.title } },
            users: [
              { id: self.id, name: self.name },
              { id: c.applicantUserId, name: 'Соискатель' },
            ],
            last_message: c.messages.at(-1) ?? null,
            created: c.created,
            updated: c.messages.at(-1)?.created ?? c.created,
          })),
        },
      };
    }
    match = /^\/messenger\/v3\/accounts\/(\d+)\/chats\/([^/]+)\/messages\/?$/.exec(path);
    if (method === 'GET' && match) {
      const chat = chats.get(match[2]!);
      if (Number(match[1]) !== self.id || !chat) return err(404, 'Not found');
      const limit = Number(request.query.get('limit') ?? 100);
      const offset = Number(request.query.get('offset') ?? 0);
      const newest = [...chat.messages].reverse();
      return { status: 200, body: newest.slice(offset, offset + limit) };
    }
    match = /^\/messenger\/v1\/accounts\/(\d+)\/chats\/([^/]+)\/messages$/.exec(path);
    if (method === 'POST' && match) {
      const chat = chats.get(match[2]!);
      if (Number(match[1]) !== self.id || !chat) return err(404, 'Not found');
      const text = (request.body as { message?: { text?: string } } | undefined)?.message?.text;
      if (!text || text.length > 1000) return err(400, 'message.text: от 1 до 1000 символов');
      const message: AvitoMessage = {
        id: hex(16),
        author_id: self.id,
        created: Math.floor(tick() / 1000),
        direction: 'out',
        type: 'text',
        content: { text },
        is_read: false,
      };
      chat.messages.push(message);
      messageDelivered(chat, message);
      const { author_id: _a, is_read: _r, ...answer } = message;
      return { status: 200, body: answer };
    }
    if (method === 'POST' && path === '/messenger/v3/webhook') {
      const url = (request.body as { url?: string } | undefined)?.url;
      if (!url) return err(400, 'url is required');
      if (!state.messengerHooks.includes(url)) state.messengerHooks.push(url);
      return { status: 200, body: { ok: true } };
    }
    if (method === 'POST' && path === '/messenger/v1/subscriptions') {
      return {
        status: 200,
        body: { subscriptions: state.messengerHooks.map((url) => ({ url, version: '3' })) },
      };
    }
    if (method === 'POST' && path === '/messenger/v1/webhook/unsubscribe') {
      const url = (request.body as { url?: string } | undefined)?.url;
      state.messengerHooks = state.messengerHooks.filter((u) => u !== url);
      return { status: 200, body: { ok: true } };
    }
    return err(404, 'Not found');
  }

  /** Every answer carries Avito's rate-limit headers; past the limit, 429. */
  async function routed(request: FakeRequest): Promise<FakeReply> {
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== state.minute) {
      state.minute = minute;
      state.used = 0;
    }
    state.used += 1;
    const headers = {
      'x-ratelimit-limit': String(rateLimit),
      'x-ratelimit-remaining': String(Math.max(0, rateLimit - state.used)),
    };
    if (state.used > rateLimit) return { status: 429, body: { error: { code: 429 } }, headers };
    const reply = await api(request);
    return { ...reply, headers: { ...headers, ...reply.headers } };
  }

  const server = await serveFake(routed, {
    ...(options.port ? { port: options.port } : {}),
    failureDefault: (path) => path !== '/token',
  });

  return {
    url: server.url,
    clientId,
    clientSecret,
    self,
    publications,
    applications,
    resumes,
    chats,
    deliveries,
    requests: server.requests,
    state,
    addApplication,
    addResume,
    applicantWrites,
    redeliverLast,
    /** The messenger's subscribed URLs (`POST /messenger/v1/subscriptions`). */
    messengerSubscriptions: () => [...state.messengerHooks],
    /** How deliveries reach their URL (a test may hand them to the app without a socket). */
    setWebhookTransport(transport: AvitoWebhookTransport) {
      webhookTransport = transport;
    },
    moderate,
    setApplicationState,
    /** Holds (or lets go) the publications of our vacancy (its vacancy_code) in creation. */
    holdCreating: (vacancyCode: string, hold: boolean) => {
      if (hold) state.creatingCodes.add(vacancyCode);
      else state.creatingCodes.delete(vacancyCode);
      for (const p of publications.values()) {
        if (p.body.vacancy_code === vacancyCode) p.creating = hold;
      }
    },
    /** Publications by our vacancy id (the body's vacancy_code). */
    publicationOf: (vacancyCode: string) =>
      [...publications.values()].find((p) => p.body.vacancy_code === vacancyCode),
    /** The next request(s) fail: `{status: 500}`, `{status: 429, retryAfterSeconds: 2}`. */
    failNext(failure: {
      status: number;
      path?: string;
      times?: number;
      retryAfterSeconds?: number;
    }) {
      const body =
        failure.status === 429
          ? { error: { code: 429 } }
          : {
              error: {
                code: failure.status,
                message: 'Error while processing request. Please, contact support',
              },
            };
      server.failNext({
        status: failure.status,
        body,
        ...(failure.path ? { path: failure.path } : {}),
        ...(failure.times ? { times: failure.times } : {}),
        headers: {
          'x-ratelimit-limit': String(rateLimit),
          ...(failure.status === 429
            ? {
                'x-ratelimit-remaining': '0',
                'retry-after': String(failure.retryAfterSeconds ?? 60),
              }
            : {}),
        },
      });
    },
    /** Every token issued so far is expired from now on. */
    expireTokens() {
      for (const key of tokens.keys()) tokens.set(key, Date.now() - 1);
    },
    /** Waits for the webhook deliveries under way. */
    async settle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      await server.close();
    },
  };
}

export type AvitoFake = Awaited<ReturnType<typeof startAvitoFake>>;
