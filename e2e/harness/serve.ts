// The end-to-end harness (test code, not product code), started by Playwright's `webServer`:
//   node --import tsx e2e/harness/serve.ts   (cwd: repository root; `npx tsx …` works by hand too)
// Playwright runs it with `node --import tsx` rather than `npx tsx`: the npm and tsx wrapper
// processes cut the shutdown short (SIGKILL mid-cleanup), leaving the temporary database behind.
// One Node process runs a loopback SMTP server, a fresh database, the real HTTP server serving the
// built SPA, and a loopback-only control server that tests use to read mails and age tariffs.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Db } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { startJobQueue } from '../../apps/api/src/background-jobs.ts';
import { buildHttpServer } from '../../apps/api/src/http-server.ts';
import { loadChangelogFile } from '../../apps/api/src/modules/changelogs/changelogs.service.ts';
import { loadInstructionFiles } from '../../apps/api/src/modules/instructions/instructions.service.ts';
import { runDueDelayedTasks } from '../../apps/api/src/modules/delayed-tasks/delayed-tasks.runner.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import { startSentryFake } from '../../apps/api/test/sentry-fake.ts';
import { startGoogleFake } from '../../apps/api/test/google-fake.ts';
import { startAvitoFake } from '../../apps/api/test/fakes/avito-fake.ts';
import { startHabrFake } from '../../apps/api/test/fakes/habr-fake.ts';
import { startHhFake } from '../../apps/api/test/fakes/hh-fake.ts';
import { startYooKassaFake } from '../../apps/api/test/yookassa-fake.ts';
import { startTelegramBotFake } from '../../apps/api/test/telegram-bot-fake.ts';
import { startDovecot } from '../../apps/api/test/dovecot.ts';
import { mailboxesPollJob } from '../../apps/api/src/modules/messaging/email/email.jobs.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { publishBuild } from '../../scripts/web-build.mjs';
import { APP_PORT, APP_URL, CONTROL_PORT } from './ports.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The server serves the build apps/web/dist names at start-up (through a link of its own), so the SPA is
 * built here, before the server starts: Playwright starts `webServer` before `globalSetup`.
 */
function ensureWebBuild() {
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'scripts/build-web-if-stale.mjs')],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (result.status !== 0) {
    // Playwright shows the harness's stderr: the build log is only worth reading when it failed.
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error('the web app (apps/web) did not build; see the output above');
  }
  console.log(result.stdout.split('\n')[0]);
}

/**
 * The served build: a link of the harness's own (so a journey can publish a build without touching
 * apps/web/dist) pointing at apps/web/dist.
 */
function serveOwnWebLink() {
  const webDir = mkdtempSync(path.join(tmpdir(), 'ats-e2e-web-'));
  const link = path.join(webDir, 'dist');
  // Through apps/web/dist itself: a build published there (npm run build) is served at once.
  symlinkSync(path.join(repoRoot, 'apps/web/dist'), link, 'dir');
  return { webDir, link };
}

/**
 * Publishes a new build under the running server as scripts/web-build.mjs does after a rebuild,
 * without the minutes of a real one: the served build's page, entry and styles under a new build
 * id, a chunk with a name the old build never had, and none of the chunks loaded later (a rebuild
 * renames them): publishBuild must keep those for the tabs still running the old build.
 */
function publishSimulatedBuild(webDir: string, link: string) {
  const current = realpathSync(link);
  const buildId = `e2e${Date.now().toString(36)}`;
  const next = path.join(webDir, 'builds', buildId);
  const html = readFileSync(path.join(current, 'index.html'), 'utf8');
  const pageAssets = new Set(
    [...html.matchAll(/"\/assets\/([^"]+)"/g)].map((match) => match[1]!.split('?')[0]!),
  );
  const leftOut = readdirSync(path.join(current, 'assets')).filter(
    (name) => /\.js$/.test(name) && !pageAssets.has(name),
  );
  cpSync(current, next, {
    recursive: true,
    filter: (source) => {
      const name = path.basename(source);
      return !leftOut.some((chunk) => name === chunk || name.startsWith(`${chunk}.`));
    },
  });
  rmSync(path.join(next, 'own-assets.json'), { force: true });
  writeFileSync(
    path.join(next, 'index.html'),
    html.replace(/(<meta name="ats-build" content=")[^"]*/, `$1${buildId}`),
  );
  writeFileSync(path.join(next, 'version.json'), JSON.stringify({ buildId }));
  // The service worker of the build's files names its build (its cache), as a rebuild's would.
  const oldBuildId = /<meta name="ats-build" content="([^"]*)"/.exec(html)?.[1];
  const worker = path.join(current, 'sw.js');
  if (oldBuildId && existsSync(worker)) {
    writeFileSync(
      path.join(next, 'sw.js'),
      readFileSync(worker, 'utf8').replaceAll(oldBuildId, buildId),
    );
  }
  const freshAsset = `fresh-${buildId}.js`;
  writeFileSync(path.join(next, 'assets', freshAsset), `export const build = '${buildId}';\n`);
  publishBuild(next, link);
  // The left-out chunks stand for the ones a rebuild renames: once published, they are the new
  // build's own, so a later publish keeps them for its tabs too.
  writeFileSync(
    path.join(next, 'own-assets.json'),
    JSON.stringify(readdirSync(path.join(next, 'assets'))),
  );
  return { buildId, freshAsset: `/assets/${freshAsset}`, leftOut };
}

/** A request body as JSON (the control server's only inputs are tests on this machine). */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/**
 * What a journey backdates: applicants' and vacancies' creation, and the transitions of an
 * application, oldest first (`at[i]` is the i-th transition in the order they were made).
 */
type Backdate = {
  applicants?: { id: number; at: string }[];
  vacancies?: { id: number; at: string }[];
  applications?: { id: number; at: string[] }[];
};

/**
 * Moves an account's history into the past, as if it had been made on those days: the product
 * writes `now()` into its append-only logs and nothing may edit them, so the analytics journeys
 * seed their dates here (test-only, like the tariff ageing). Everything in one transaction; an
 * application whose number of transitions differs from the dates given fails the whole request.
 */
async function backdate(db: Db, accountId: number, body: Backdate) {
  await db.transaction(async (tx) => {
    for (const applicant of body.applicants ?? []) {
      await tx.execute(
        sql`update applicants set created_at = ${applicant.at}::timestamptz, updated_at = ${applicant.at}::timestamptz
            where account_id = ${accountId} and id = ${applicant.id}`,
      );
    }
    for (const vacancy of body.vacancies ?? []) {
      await tx.execute(
        sql`update vacancies set created_at = ${vacancy.at}::timestamptz, state_changed_at = ${vacancy.at}::timestamptz
            where account_id = ${accountId} and id = ${vacancy.id}`,
      );
      // The vacancy's state log starts the day it was created (it was opened then).
      await tx.execute(
        sql`update vacancy_state_log set changed_at = ${vacancy.at}::timestamptz
            where account_id = ${accountId} and vacancy_id = ${vacancy.id}
              and id = (select min(id) from vacancy_state_log
                        where account_id = ${accountId} and vacancy_id = ${vacancy.id})`,
      );
    }
    for (const application of body.applications ?? []) {
      const dates = JSON.stringify(application.at);
      const counted = await tx.execute(
        sql`select count(*)::int as n from application_transitions
            where account_id = ${accountId} and application_id = ${application.id}`,
      );
      const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n);
      if (n !== application.at.length) {
        throw new Error(
          `application ${application.id} has ${n} transitions, ${application.at.length} dates given`,
        );
      }
      await tx.execute(
        sql`update application_transitions t set moved_at = d.at::timestamptz
            from (select id, row_number() over (order by id) as n from application_transitions
                  where account_id = ${accountId} and application_id = ${application.id}) o
            join jsonb_array_elements_text(${dates}::jsonb) with ordinality as d(at, n) on d.n = o.n
            where t.account_id = ${accountId} and t.id = o.id`,
      );
      // Time spent in the stage left: from the transition before.
      await tx.execute(
        sql`update application_transitions t
            set seconds_in_from = case when p.prev is null then null
                                       else extract(epoch from t.moved_at - p.prev)::int end
            from (select id, lag(moved_at) over (order by id) as prev from application_transitions
                  where account_id = ${accountId} and application_id = ${application.id}) p
            where t.account_id = ${accountId} and t.id = p.id`,
      );
      const first = application.at[0]!;
      const last = application.at[application.at.length - 1]!;
      await tx.execute(
        sql`update applications set created_at = ${first}::timestamptz,
                                    entered_status_at = ${last}::timestamptz,
                                    updated_at = ${last}::timestamptz
            where account_id = ${accountId} and id = ${application.id}`,
      );
    }
    // The analytics rollups (migrations 0049, 0057, 0066, 0067; decision 0042: the activity and
    // reason days, the applicants' days, the per-application summaries) of the account from its
    // log as it now is. The log's triggers already followed each update; the rebuild makes the
    // backdated past exactly what a fresh account with that history would hold.
    await tx.execute(sql`select analytics_rebuild_rollups(${accountId}::int)`);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  // Each control call on a connection of its own: a kept-alive one the server closes when idle
  // (Node's 5 s) while the test's client reuses it is reset (ECONNRESET), likelier under load.
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    connection: 'close',
  });
  res.end(JSON.stringify(body));
}

async function main() {
  ensureWebBuild();
  const web = serveOwnWebLink();

  const smtp = await startMailCatcher();
  // The browser reports its errors here, as it would to the install's Sentry (GlitchTip…).
  const errorTracker = await startSentryFake();
  // Tariffs are paid through the fake YooKassa: its page settles the payment, posts the
  // notification to the app from 127.0.0.1 (an allowed source here) and returns the browser.
  const yookassa = await startYooKassaFake({
    shopId: 'e2e-shop',
    secretKey: 'e2e-secret',
    notificationUrl: `${APP_URL}/api/payments/yookassa/notification`,
  });
  // Google Calendar through the fake Google: its consent page has «Разрешить», its push channels
  // post to the app (PUBLIC_URL), and journeys reach its control API at `GET /google`'s address.
  const google = await startGoogleFake({
    clientId: 'e2e-google-client',
    clientSecret: 'e2e-google-secret',
    email: 'recruiter@gmail.test',
  });
  // hh.ru through its fake (apps/api/test/fakes/hh-fake.ts): consent redirects at once; journeys
  // add vacancies and responses through its control API at `GET /hh`'s address.
  const hh = await startHhFake({
    clientId: 'e2e-hh-client',
    clientSecret: 'e2e-hh-secret',
    publications: { standard: 1000, premium: 1000 },
  });
  // Avito and Habr Career through their fakes (decision 0055): journeys seed applications and
  // responses through `POST /avito/applications` (answering the application's chat id), the
  // applicant's chat through `POST|GET /avito/chats/{chat id}/messages`, `POST /habr/vacancies`, `POST /habr/responses`,
  // and read what our vacancy became on Avito through `GET /avito/publications/{our id}`.
  const avito = await startAvitoFake({
    clientId: 'e2e-avito-id',
    clientSecret: 'e2e-avito-secret',
  });
  const habr = await startHabrFake({
    clientId: 'e2e-habr-client',
    clientSecret: 'e2e-habr-secret',
  });
  // Telegram through the fake Bot API (apps/api/test/telegram-bot-fake.ts): journeys make bots and
  // "the applicant" writing to them through its control API at `GET /telegram`'s address.
  const telegram = await startTelegramBotFake();
  // The support chat's bot and the support agent's chat with it (decision 0046): the agent pressed
  // Start, so the bot may post users' messages there; journeys answer as the agent.
  const supportBot = telegram.addBot({ username: 'ats_support_bot' });
  const supportAgent = telegram.addUser({ first_name: 'Поддержка' });
  telegram.start(supportBot.token, supportAgent.id);
  // A real IMAP server (Dovecot, scripts/start-dovecot.sh) for the e-mail channel's replies; the
  // journeys that need it read `GET /imap` (404 where Dovecot cannot run here).
  const imap = await startDovecot().catch((error: unknown) => {
    console.warn(`e2e harness: no IMAP server (${String(error)})`);
    return null;
  });
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), 'ats-e2e-'));
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: dataDir ?? 'memory://',
  });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    SMTP_URL: smtp.url,
    SENTRY_BROWSER_DSN: errorTracker.dsn(7),
    PUBLIC_URL: APP_URL,
    WEB_DIST_DIR: web.link,
    CHANGELOG_PATH: path.join(repoRoot, 'docs/CHANGELOG.md'),
    LOG_LEVEL: 'warn',
    DEMO: '0',
    // Every browser of the run signs up and reports from 127.0.0.1: one address stands for all the
    // visitors of a day, so its throttles are those of a hundred.
    THROTTLE_SCALE: '100',
    YOOKASSA_SHOP_ID: 'e2e-shop',
    YOOKASSA_SECRET_KEY: 'e2e-secret',
    YOOKASSA_API_BASE: yookassa.apiBase,
    YOOKASSA_NOTIFICATION_SOURCES: '127.0.0.1,::1',
    GOOGLE_CLIENT_ID: 'e2e-google-client',
    GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
    GOOGLE_OAUTH_URL: google.oauthUrl,
    GOOGLE_API_URL: google.apiUrl,
    HH_CLIENT_ID: 'e2e-hh-client',
    HH_CLIENT_SECRET: 'e2e-hh-secret',
    HH_API_BASE: hh.url,
    HH_OAUTH_BASE: hh.url,
    AVITO_API_BASE: avito.url,
    HABR_BASE: habr.url,
    HABR_CLIENT_ID: 'e2e-habr-client',
    HABR_CLIENT_SECRET: 'e2e-habr-secret',
    TELEGRAM_API_BASE_URL: telegram.baseUrl,
    SUPPORT_TELEGRAM_BOT_TOKEN: supportBot.token,
    SUPPORT_TELEGRAM_CHAT_ID: String(supportAgent.id),
    SUPPORT_TELEGRAM_POLL_SECONDS: '1',
  });
  // Background jobs (imports) run in this process, as with `npm start`.
  const queue = await startJobQueue(config, database, { work: true });
  const app = await buildHttpServer({ config, database, queue });
  // The mailboxes are read every second (main.ts does it every MAIL_POLL_SECONDS).
  const mailboxesPoll = setInterval(
    () =>
      void queue
        .enqueue(mailboxesPollJob, {}, { singletonKey: 'mailboxes_poll' })
        .catch(() => undefined),
    1000,
  );
  mailboxesPoll.unref();
  await loadChangelogFile(database.system, config.CHANGELOG_PATH);
  await loadInstructionFiles(database.system, config.FAQ_CONTENT_DIR);
  await app.listen({ port: APP_PORT, host: '127.0.0.1' });

  const control = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const expire = /^\/accounts\/(\d+)\/expire-tariff$/.exec(url.pathname);
    const backdating = /^\/accounts\/(\d+)\/backdate$/.exec(url.pathname);
    const faqEditor = /^\/accounts\/(\d+)\/faq-editor$/.exec(url.pathname);
    const delayedNow = /^\/accounts\/(\d+)\/delayed-tasks\/run-now$/.exec(url.pathname);
    if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
    if (req.method === 'GET' && url.pathname === '/mails') return send(res, 200, smtp.mails);
    if (req.method === 'GET' && url.pathname === '/google') {
      return send(res, 200, { baseUrl: google.baseUrl });
    }
    if (req.method === 'GET' && url.pathname === '/hh') return send(res, 200, { baseUrl: hh.url });
    const seeded = <T>(work: (body: T) => unknown) => {
      readJson(req)
        .then((body) => send(res, 200, work(body as T) ?? {}))
        .catch((error: unknown) => send(res, 500, { error: String(error) }));
    };
    if (req.method === 'POST' && url.pathname === '/avito/applications') {
      return seeded((body: Parameters<typeof avito.addApplication>[0]) => {
        const application = avito.addApplication(body);
        return { id: application.id, chat_id: application.contacts.chat.value };
      });
    }
    // The applicant writes in the application's chat; the chat's messages as Avito keeps them.
    const avitoChat = /^\/avito\/chats\/([^/]+)\/messages$/.exec(url.pathname);
    if (req.method === 'POST' && avitoChat) {
      return seeded((body: { text: string }) => {
        avito.applicantWrites(avitoChat[1]!, body.text);
      });
    }
    if (req.method === 'GET' && avitoChat) {
      const chat = avito.chats.get(avitoChat[1]!);
      if (!chat) return send(res, 404, { error: 'no chat' });
      return send(
        res,
        200,
        chat.messages.map((m) => ({ direction: m.direction, text: m.content?.text ?? null })),
      );
    }
    const avitoCreating = /^\/avito\/creating\/(\d+)$/.exec(url.pathname);
    if (req.method === 'POST' && avitoCreating) {
      // Avito still creating our vacancy's publication (no site vacancy id), or done creating.
      return seeded((body: { hold: boolean }) => {
        avito.holdCreating(avitoCreating[1]!, body.hold);
      });
    }
    const avitoPublication = /^\/avito\/publications\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && avitoPublication) {
      // Our vacancy published on Avito (its vacancy_code): the site's vacancy id and state.
      const found = avito.publicationOf(avitoPublication[1]!);
      if (!found) return send(res, 404, { error: 'not published' });
      return send(res, 200, {
        vacancyId: found.vacancyId,
        status: found.status,
        title: found.body.title ?? null,
        description: found.body.description ?? null,
      });
    }
    if (req.method === 'POST' && url.pathname === '/habr/vacancies') {
      return seeded((body: { title: string }) => habr.addVacancy(body.title));
    }
    if (req.method === 'POST' && url.pathname === '/habr/responses') {
      return seeded(
        (body: { vacancy_id: number; user: Parameters<typeof habr.addResponse>[1] }) => ({
          id: habr.addResponse(body.vacancy_id, body.user).id,
        }),
      );
    }
    if (req.method === 'GET' && url.pathname === '/imap') {
      if (!imap) return send(res, 404, { error: 'no IMAP server' });
      const { host, port, user, password } = imap;
      return send(res, 200, { host, port, user, password });
    }
    if (req.method === 'POST' && url.pathname === '/imap/deliver') {
      if (!imap) return send(res, 404, { error: 'no IMAP server' });
      readJson(req)
        .then((body) => imap.deliver((body as { raw: string }).raw))
        .then((uid) => send(res, 200, { uid }))
        .catch((error: unknown) => send(res, 500, { error: String(error) }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/telegram') {
      return send(res, 200, { baseUrl: telegram.baseUrl });
    }
    if (req.method === 'GET' && url.pathname === '/support-chat') {
      // What the bot posted to the support agent, newest last.
      const posted = telegram.sent.filter(
        (s) => s.token === supportBot.token && s.chat_id === supportAgent.id,
      );
      return send(
        res,
        200,
        posted.map((s) => s.message),
      );
    }
    if (req.method === 'POST' && url.pathname === '/support-chat/reply') {
      // The support agent replies in Telegram to a post of the bot.
      readJson(req)
        .then((body) => {
          const reply = body as { text: string; reply_to_message_id: number };
          send(res, 200, telegram.send(supportBot.token, supportAgent.id, reply));
        })
        .catch((error: unknown) => send(res, 400, { error: String(error) }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/error-reports') {
      return send(res, 200, errorTracker.received);
    }
    if (req.method === 'POST' && url.pathname === '/web-build') {
      return send(res, 200, publishSimulatedBuild(web.webDir, web.link));
    }
    if (req.method === 'POST' && faqEditor) {
      // The configured FAQ editor account (FAQ_EDITOR_ACCOUNT_ID) becomes this test's account.
      config.FAQ_EDITOR_ACCOUNT_ID = Number(faqEditor[1]);
      return send(res, 200, { ok: true });
    }
    if (req.method === 'POST' && expire) {
      const accountId = Number(expire[1]);
      database.system
        .execute(
          sql`update account_tariffs set end_at = now() - interval '1 day' where account_id = ${accountId}`,
        )
        .then(() => send(res, 200, { ok: true, accountId }))
        .catch((error: unknown) => send(res, 500, { error: String(error) }));
      return;
    }
    if (req.method === 'POST' && delayedNow) {
      // The account's waiting delayed tasks come due now (time moves to their moment), and the
      // worker's run is made at once instead of at its next poll.
      const accountId = Number(delayedNow[1]);
      database.system
        .execute(
          sql`update delayed_sub_tasks set run_at = now() where account_id = ${accountId} and state = 'queued'`,
        )
        .then(() => runDueDelayedTasks({ config, database, log: app.log }))
        .then((ran) => send(res, 200, { ok: true, accountId, ran }))
        .catch((error: unknown) => send(res, 500, { error: String(error) }));
      return;
    }
    if (req.method === 'POST' && backdating) {
      const accountId = Number(backdating[1]);
      readJson(req)
        .then((body) => backdate(database.system, accountId, body as Backdate))
        .then(() => send(res, 200, { ok: true, accountId }))
        .catch((error: unknown) => send(res, 500, { error: String(error) }));
      return;
    }
    send(res, 404, { error: `no such endpoint: ${req.method} ${url.pathname}` });
  });
  await new Promise<void>((resolve, reject) => {
    control.on('error', reject);
    control.listen(CONTROL_PORT, '127.0.0.1', () => resolve());
  });
  console.log(
    `e2e harness: app ${APP_URL}, control http://127.0.0.1:${CONTROL_PORT}, smtp ${smtp.url}`,
  );

  // Playwright gives the harness a few seconds after SIGTERM (gracefulShutdown), then kills it:
  // nothing below may wait on a lingering connection, and the data directory goes last.
  const within = (work: Promise<unknown>, ms: number) =>
    Promise.race([work.catch(() => {}), new Promise((resolve) => setTimeout(resolve, ms))]);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    control.close();
    void smtp.close();
    void errorTracker.close();
    void yookassa.close();
    void google.close();
    void hh.close();
    void avito.close();
    void habr.close();
    void telegram.close();
    clearInterval(mailboxesPoll);
    void imap?.stop();
    await within(app.close(), 3000);
    await within(queue.stop(), 2000);
    await within(database.close(), 3000);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    rmSync(web.webDir, { recursive: true, force: true });
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void stop());
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
