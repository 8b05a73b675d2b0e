import { selectRows } from '@ats/db/connection';
import { files } from '@ats/db/schema/applicants';
import { applicantImports } from '@ats/db/schema/applicant-imports';
import { payments } from '@ats/db/schema/billing';
import {
  jobSitePublicationSamples,
  jobSitePublications,
} from '@ats/db/schema/job-site-publications';
import { jobSiteConnections } from '@ats/db/schema/job-sites';
import { msgChannels, msgMessages } from '@ats/db/schema/messaging';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants, insertTag } from '../../test/applicant-factory.ts';
import { type SignedUp, signUpCompany } from '../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../test/test-app.ts';
import { openVacancy, placeThroughStages } from '../../test/vacancy-fixtures.ts';

/**
 * Every API route, collected by Fastify's onRoute while the server is built (app.apiRoutes), is
 * called by one account with the ids of another. A route added later is walked too: its path
 * parameters must be named below (which table their ids come from) or the first test fails.
 */

/** The table a path parameter's id is taken from, by the route's first segment and its name. */
const PARAM_TABLES: Record<string, string> = {
  'users:id': 'users',
  'safety:id': 'sessions',
  'tags:id': 'tags',
  'account_mail_temps:id': 'mail_templates',
  'account_sources:id': 'account_sources',
  'applicants:id': 'applicants',
  'applicants:commentId': 'applicant_comments',
  'applicants:fileId': 'files',
  'applicants:mergeId': 'applicant_merges',
  'files:id': 'files',
  'applicant_filters:id': 'applicant_filters',
  'statuses:id': 'statuses',
  'status_groups:id': 'status_groups',
  'reasons:id': 'reasons',
  'account_divisions:id': 'account_divisions',
  'vacancies:id': 'vacancies',
  'vacancy_templates:id': 'vacancy_templates',
  'applications:id': 'applications',
  'columns:id': 'columns',
  'evaluations:id': 'evaluations',
  'applicant_evaluations:id': 'applicant_evaluations',
  'applicant_evaluations:criterionId': 'evaluation_criteria',
  'vacancy_application_templates:id': 'vacancy_application_templates',
  'vacancy_applications:id': 'vacancy_applications',
  'vacancy_applications:fileId': 'vacancy_application_files',
  'payments:id': 'payments',
  'events:id': 'events',
  'delayed_tasks:id': 'delayed_tasks',
  'stage_automation_rules:id': 'stage_automation_rules',
  'event_bookings:id': 'event_bookings',
  'job_sites:id': 'job_site_connections',
  'job_site_publications:id': 'job_site_publications',
  'job_site_publication_samples:id': 'job_site_publication_samples',
};
/** `/api/applicants/imports/:id` names an import, not an applicant. */
const PREFIX_TABLES: Record<string, string> = {
  '/api/applicants/imports/:id': 'applicant_imports',
  '/api/job_sites/stage_states/:id': 'statuses',
  '/api/msg_integrations/msg_channels/:id': 'msg_channels',
  '/api/msg_integrations/chats/applicant_chats_history/:id': 'applicants',
  '/api/msg_integrations/chats/applicant_chats/:id': 'applicants',
  '/api/msg_integrations/chats/messages/:id': 'msg_messages',
  '/api/screens/applicant/:id': 'applicants',
  '/api/screens/board/:id': 'vacancies',
};

/** Routes not walked, each with the reason; a stale entry (no such route) fails the test too. */
const EXEMPT: Record<string, string> = {
  'GET /api/invitations/:token': 'a one-time token, not an id; public, answered by the token alone',
  'GET /api/public/request_approvals/:token':
    'an outside approver’s one-time token, not an id; public (request-links.test.ts)',
  'POST /api/public/request_approvals/:token':
    'an outside approver’s one-time token, not an id; public (request-links.test.ts)',
  'GET /api/public/bookings/:token':
    'an applicant’s one-time booking token, not an id; public (event-booking.test.ts)',
  'POST /api/public/bookings/:token/book':
    'an applicant’s one-time booking token, not an id; public (event-booking.test.ts)',
  'GET /api/public/consents/:token':
    'an applicant’s consent link token, not an id; public (consent.test.ts)',
  'POST /api/public/consents/:token':
    'an applicant’s consent link token, not an id; public (consent.test.ts)',
  'POST /api/job_sites/webhooks/avito/:token':
    "a signature over the account and the connection (decision 0055), not an id; Avito's webhook",
  'POST /api/job_sites/webhooks/avito/messenger/:token':
    'a connection’s unguessable webhook token, not an id; Avito’s messenger, 404 when unknown (avito-messenger-hook.test.ts)',
  'POST /api/job_sites/webhooks/hh/:token':
    'a connection’s unguessable webhook token, not an id; hh.ru’s, 404 when unknown (hh-webhook.test.ts)',
  'POST /api/msg_integrations/webhooks/telegram/:key':
    'a bot’s webhook key with its secret_token header, not an id; Telegram’s, 403 without the secret (telegram.test.ts)',
  'GET /api/changelogs/:id': 'the product’s release notes: shared by every account',
  'GET /api/instructions/:id': 'the knowledge base: shared by every account, public',
  'GET /api/instructions/editor/:id':
    'the knowledge base: shared; only the FAQ editor account (instructions.test.ts)',
  'PUT /api/instructions/:id':
    'the knowledge base: shared; only the FAQ editor account (instructions.test.ts)',
  'DELETE /api/instructions/:id':
    'the knowledge base: shared; only the FAQ editor account (instructions.test.ts)',
  'PUT /api/instructions/sections/:id':
    'the knowledge base: shared; only the FAQ editor account (instructions.test.ts)',
  'DELETE /api/instructions/sections/:id':
    'the knowledge base: shared; only the FAQ editor account (instructions.test.ts)',
  'DELETE /api/log_out': 'ends the caller’s own session (the walk goes on with it); carries no id',
  'GET /api/vacancies/:id/events':
    'an event stream: its 404 for another account’s vacancy is asserted in board-events.test.ts',
  'GET /api/msg_integrations/chats/applicant_chats/:id/events':
    'an event stream: its 404 for another account’s applicant is asserted in messaging.test.ts',
  'GET /api/msg_integrations/chats/events':
    'an event stream of the caller’s own account; carries no id (messaging.test.ts)',
};

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const tableOf = (url: string, param: string) => {
  for (const [prefix, table] of Object.entries(PREFIX_TABLES)) {
    if (url.startsWith(prefix) && param === 'id') return table;
  }
  const segment = url.split('/')[2]!;
  return PARAM_TABLES[`${segment}:${param}`];
};

/** Ids of another account, put wherever a request may carry one (body and query). */
const idFields = (ids: Record<string, number>) => ({
  id: ids.applicants,
  ids: [ids.applicants],
  applicant_id: ids.applicants,
  applicant_ids: [ids.applicants],
  primary_id: ids.applicants,
  secondary_id: ids.applicants2,
  double_id: ids.applicants2,
  vacancy_id: ids.vacancies,
  vacancy_ids: [ids.vacancies],
  status_id: ids.statuses,
  status_ids: [ids.statuses],
  status_group_id: ids.status_groups,
  tag_ids: [ids.tags],
  evaluation_id: ids.evaluations,
  column_id: ids.columns,
  template_id: ids.mail_templates,
  account_source_id: ids.account_sources,
  division_id: ids.account_divisions,
  reason_id: ids.reasons,
  user_id: ids.users,
  admin_user_id: ids.users,
});

describe('every route keeps to the caller’s account', () => {
  let t: TestApp;
  let attacker: SignedUp;
  let victim: SignedUp;
  const MARKER = 'Чужаков';
  const ids: Record<string, number> = {};

  /** Everything the victim's account holds, to see that no call changed it. */
  async function fingerprint() {
    const tables = await selectRows<{ table_name: string }>(
      t.database.system,
      sql`select table_name::text from information_schema.columns
          where table_schema = 'public' and column_name = 'account_id' and is_nullable = 'NO'
            and table_name not in ('sessions', 'audit_events')
          order by table_name`,
    );
    const prints: Record<string, string> = {};
    for (const { table_name: table } of tables) {
      const [row] = await selectRows<{ print: string }>(
        t.database.system,
        sql`select count(*) || ':' || coalesce(md5(string_agg(r::text, ',' order by r::text)), '')
              as print
            from ${sql.identifier(table)} r where r.account_id = ${victim.accountId}`,
      );
      prints[table] = row!.print;
    }
    return prints;
  }

  beforeAll(async () => {
    t = await createTestApp();
    attacker = await signUpCompany(t.app, { company: 'Ромашка' });
    victim = await signUpCompany(t.app, { company: 'Василёк' });
    const v = victim.token;
    const ok = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
      const response = await call(t.app, method, url, body, { token: v });
      expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
      return response.body.message as { id: number; [key: string]: unknown };
    };
    const [a1, a2] = await insertApplicants(t.database, victim.accountId, [
      { firstName: 'Иван', lastName: MARKER, email: 'ivan@vasilek.example' },
      { firstName: 'Пётр', lastName: MARKER },
    ]);
    await insertTag(t.database, victim.accountId, `Тег ${MARKER}`);
    await ok('POST', `/api/applicants/${a1}/comments`, { description: `Комментарий ${MARKER}` });
    await ok('POST', '/api/event_bookings', {
      applicant_id: a1,
      admin_user_ids: [victim.userId],
      duration: 30,
      title: `Встреча ${MARKER}`,
    });
    const vacancy = await openVacancy(t.app, v, { position: `Вакансия ${MARKER}` });
    await placeThroughStages(t.database, victim.accountId, vacancy.id, [
      { applicantId: a1!, path: [vacancy.statuses[0]!.id] },
    ]);
    await ok('POST', `/api/vacancy_templates/from_vacancy/${vacancy.id}`, {});
    await ok('POST', '/api/account_divisions', { name: `Отдел ${MARKER}` });
    const requestTemplate = await ok('POST', '/api/vacancy_application_templates', {
      name: `Шаблон заявки ${MARKER}`,
      fields: [{ key: 'why', name: `Поле ${MARKER}`, type: 'text' }],
    });
    await ok('POST', '/api/vacancy_applications', {
      position: `Заявка ${MARKER}`,
      template_id: requestTemplate.id,
      template_values: { why: MARKER },
      files: [
        {
          file: `data:text/plain;base64,${Buffer.from(MARKER).toString('base64')}`,
          file_name: `${MARKER}.txt`,
        },
      ],
    });
    await ok('POST', '/api/events', {
      title: `Встреча ${MARKER}`,
      data_mitting: '12.03.2030',
      time_begin: '10:00',
      time_end: '11:00',
      applicant_id: a1,
      guests: ['guest@vasilek.example'],
      send_invitations: false,
    });
    await ok('POST', '/api/applicant_filters', { name: `Набор ${MARKER}`, filters: {} });
    await ok('POST', '/api/delayed_tasks', {
      kind: 'send_message',
      title: `Задача ${MARKER}`,
      applicant_ids: [a1],
      schedule: { at: new Date(Date.now() + 86_400_000).toISOString() },
      subject: `Тема ${MARKER}`,
      text: MARKER,
    });
    await ok('POST', '/api/stage_automation_rules', {
      status_id: vacancy.statuses[1]!.id,
      trigger: 'enter',
      action: 'send_message',
      params: { subject: `Тема ${MARKER}`, body: MARKER },
    });
    await ok('POST', '/api/columns', { name: `Колонка ${MARKER}` });
    await ok('POST', '/api/account_mail_temps', {
      name: `Шаблон ${MARKER}`,
      subject: 'Тема',
      body: 'Текст',
    });
    const form = await ok('POST', '/api/evaluations', {
      name: `Форма ${MARKER}`,
      criterions: [{ name: 'Впечатление', criterion_type: 'text' }],
    });
    const criteria = form.criterions as { id: number }[];
    await ok('POST', '/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: a1,
      criterions: [
        { criterion_id: criteria[0]!.id, result: { criterion_type: 'text', result: 'Хорошо' } },
      ],
    });
    await t.database.withTenant(victim.accountId, async (tx) => {
      await tx.insert(files).values({
        accountId: victim.accountId,
        applicantId: a1!,
        kind: 'resume',
        storageKey: 'tenancy-walk/resume.pdf',
        fileName: `Резюме ${MARKER}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: 10,
        sha256: '0'.repeat(64),
      });
      await tx.insert(applicantImports).values({
        accountId: victim.accountId,
        createdBy: victim.userId,
        fileName: `Импорт ${MARKER}.csv`,
        format: 'csv',
        storageKey: 'tenancy-walk/import.csv',
        columns: ['Фамилия'],
        sampleRows: [[MARKER]],
        total: 1,
      });
      // A channel and a message of the conversation (issue 14), written as its transport would.
      const [channel] = await tx
        .insert(msgChannels)
        .values({
          accountId: victim.accountId,
          kind: 'telegram',
          name: `Бот ${MARKER}`,
          webhookKey: `tenancy-walk-${MARKER}`,
        })
        .returning();
      await tx.insert(msgMessages).values({
        accountId: victim.accountId,
        applicantId: a1!,
        channelId: channel!.id,
        channelKind: 'telegram',
        direction: 'out',
        authorType: 'user',
        authorUserId: victim.userId,
        text: MARKER,
        state: 'failed',
        reason: MARKER,
      });
      // A job-site connection (issue 16), as the OAuth callback stores it.
      const [connection] = await tx
        .insert(jobSiteConnections)
        .values({
          accountId: victim.accountId,
          site: 'hh',
          externalAccountId: '9999',
          externalAccountName: `Работодатель ${MARKER}`,
          accessToken: 'v1.sealed',
        })
        .returning();
      // A publication of a vacancy on the site and a publication sample (decision 0053).
      await tx.insert(jobSitePublications).values({
        accountId: victim.accountId,
        site: 'hh',
        connectionId: connection!.id,
        vacancyId: 0,
        externalId: `tenancy-${MARKER}`,
        state: 'published',
        fields: { name: MARKER },
      });
      await tx.insert(jobSitePublicationSamples).values({
        accountId: victim.accountId,
        site: 'hh',
        name: MARKER,
        fields: { name: MARKER },
      });
      // A settled payment: its page answers from the row, without asking the provider.
      await tx.insert(payments).values({
        accountId: victim.accountId,
        userId: victim.userId,
        tariffName: 'subscriber',
        period: 'month',
        amount: '2990.00',
        status: 'canceled',
        idempotenceKey: `tenancy-walk-${MARKER}`,
        payerEmail: 'ivan@vasilek.example',
      });
    });
    const [m1, m2] = await insertApplicants(t.database, victim.accountId, [
      { firstName: 'Олег', lastName: MARKER, email: 'oleg@vasilek.example' },
      { firstName: 'Олег', lastName: MARKER, email: 'oleg@vasilek.example' },
    ]);
    await ok('POST', '/api/applicants/merge', { primary_id: m1, secondary_id: m2 });
    for (const table of new Set([
      ...Object.values(PARAM_TABLES),
      ...Object.values(PREFIX_TABLES),
    ])) {
      const [row] = await selectRows<{ id: number }>(
        t.database.system,
        sql`select min(id)::int as id from ${sql.identifier(table)} where account_id = ${victim.accountId}`,
      );
      ids[table] = row!.id;
    }
    ids.applicants = a1!;
    ids.applicants2 = a2!;
  }, 180_000);
  afterAll(() => t.close());

  it('names the table of every path parameter, and exempts only routes that exist', () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(150);
    const keys = new Set(routes.map(routeKey));
    expect(Object.keys(EXEMPT).filter((key) => !keys.has(key))).toEqual([]);
    const unnamed = routes
      .filter((route) => !EXEMPT[routeKey(route)] && !route.url.startsWith('/api/docs'))
      .flatMap((route) =>
        paramsOf(route.url)
          .filter((param) => !tableOf(route.url, param))
          .map((param) => `${routeKey(route)} :${param}`),
      );
    expect(unnamed).toEqual([]);
  });

  it('has a row of the other account behind every id it uses', () => {
    const missing = Object.entries(ids).filter(([, id]) => !Number.isInteger(id));
    expect(missing).toEqual([]);
  });

  it('answers another account’s ids as missing ones, leaks none of its data and changes none', async () => {
    const before = await fingerprint();
    const failures: string[] = [];
    const walked = t.app.apiRoutes.filter(
      (route) => !EXEMPT[routeKey(route)] && !route.url.startsWith('/api/docs'),
    );
    for (const route of walked) {
      const params = paramsOf(route.url);
      const url = params.reduce(
        (path, param) => path.replace(`:${param}`, String(ids[tableOf(route.url, param)!])),
        route.url,
      );
      const fields = idFields(ids);
      const query = new URLSearchParams(
        Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)]),
      );
      const isQuery = route.method === 'GET' || route.method === 'DELETE';
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: isQuery ? `${url}?${query}` : url,
        headers: { 'x-dcrt-hrm-auth': attacker.token },
        ...(!isQuery && { payload: fields }),
      });
      // Files (xlsx, PDF) are read as text too: a name of the other account in them shows.
      const text = response.body;
      const status = response.statusCode;
      const where = `${routeKey(route)} → ${status}`;
      if (status >= 500) failures.push(`${where}: a server error`);
      if (text.includes(MARKER)) failures.push(`${where}: shows the other account’s data`);
      if (params.length > 0 && status >= 200 && status < 300) {
        failures.push(`${where}: accepted another account’s id`);
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  }, 120_000);
});
