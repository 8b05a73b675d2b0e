import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { Database } from '@ats/db/connection';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerAccountRoutes } from './modules/account/account.routes.ts';
import { registerConsentRoutes } from './modules/consent/consent.routes.ts';
import { registerSupportChatRoutes } from './modules/support-chat/support-chat.routes.ts';
import { registerBillingRoutes } from './modules/billing/billing.routes.ts';
import { registerGoogleCalendarRoutes } from './modules/google-calendar/google-calendar.routes.ts';
import { registerJobSitesRoutes } from './modules/job-sites/job-sites.routes.ts';
import { registerStageSiteStatesRoutes } from './modules/job-sites/stage-site-states.routes.ts';
import { registerCommonSettingsRoutes } from './modules/account/common-settings.routes.ts';
import { registerAccountCalendarRoutes } from './modules/account-calendar/account-calendar.routes.ts';
import { registerAccountSourcesRoutes } from './modules/account-sources/account-sources.routes.ts';
import { registerApplicantsRoutes } from './modules/applicants/applicants.routes.ts';
import { registerApplicantBulkRoutes } from './modules/applicants/applicant-bulk.routes.ts';
import { registerAnalyticsExportRoutes } from './modules/analytics/analytics-export.routes.ts';
import { registerApplicantExportRoutes } from './modules/applicants/applicant-export.routes.ts';
import { registerApplicantPdfRoutes } from './modules/applicants/applicant-pdf.routes.ts';
import { registerApplicantFiltersRoutes } from './modules/applicants/applicant-filters.routes.ts';
import { registerApplicantImportRoutes } from './modules/applicants/applicant-import.routes.ts';
import { registerApplicantListRoutes } from './modules/applicants/applicant-list.routes.ts';
import { registerResumeParseRoutes } from './modules/applicants/resume-parse.routes.ts';
import { registerAnalyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerRequestFlowRoutes } from './modules/vacancy-applications/request-flow.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerChangelogsRoutes } from './modules/changelogs/changelogs.routes.ts';
import { registerInstructionsRoutes } from './modules/instructions/instructions.routes.ts';
import { registerDuplicatesRoutes } from './modules/duplicates/duplicates.routes.ts';
import { registerErrorReportsRoutes } from './modules/error-reports/error-reports.routes.ts';
import { registerFeedbacksRoutes } from './modules/feedbacks/feedbacks.routes.ts';
import { registerFilesRoutes } from './modules/files/files.routes.ts';
import { registerMailTemplatesRoutes } from './modules/mail-templates/mail-templates.routes.ts';
import { registerMeRoutes } from './modules/me/me.routes.ts';
import { registerReferencesRoutes } from './modules/references/references.routes.ts';
import { registerTagsRoutes } from './modules/tags/tags.routes.ts';
import { registerEventsRoutes } from './modules/events/events.routes.ts';
import { registerDelayedTasksRoutes } from './modules/delayed-tasks/delayed-tasks.routes.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { registerInvitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { registerRequestLinksRoutes } from './modules/vacancy-applications/request-links.routes.ts';
import { registerStageAutomationRoutes } from './modules/stage-automation/stage-automation.routes.ts';
import { registerEventBookingRoutes } from './modules/event-booking/event-booking.routes.ts';
import { registerStatusesRoutes } from './modules/statuses/statuses.routes.ts';
import { registerSafetyRoutes } from './modules/safety/safety.routes.ts';
import { registerProfileRoutes } from './modules/profile/profile.routes.ts';
import { registerReasonsRoutes } from './modules/reasons/reasons.routes.ts';
import { registerDivisionsRoutes } from './modules/divisions/divisions.routes.ts';
import { registerVacanciesRoutes } from './modules/vacancies/vacancies.routes.ts';
import { registerVacancyApplicationsRoutes } from './modules/vacancy-applications/vacancy-applications.routes.ts';
import { registerVacancyTemplatesRoutes } from './modules/vacancies/vacancy-templates.routes.ts';
import { registerHomeRoutes } from './modules/home/home.routes.ts';
import { registerApplicationsRoutes } from './modules/pipeline/applications.routes.ts';
import { registerBoardRoutes } from './modules/pipeline/board.routes.ts';
import { registerBoardEventsRoutes } from './modules/pipeline/board-events.routes.ts';
import { registerMessagingRoutes } from './modules/messaging/messaging.routes.ts';
import { registerTelegramRoutes } from './modules/messaging/telegram/telegram.routes.ts';
import { registerEvaluationsRoutes } from './modules/evaluations/evaluations.routes.ts';
import { registerColumnsRoutes } from './modules/pipeline/columns.routes.ts';
import { registerAuditOrigin } from './platform/audit.ts';
import { registerAuthentication } from './platform/auth.ts';
import { registerCompression } from './platform/compression.ts';
import { registerResponseCache } from './platform/response-cache.ts';
import { collectApiRoutes } from './platform/route-list.ts';
import { createNotifier } from './platform/notify.ts';
import { type Config, isProduction } from './platform/config.ts';
import { answerTextSerializerCompiler } from './platform/answer-text.ts';
import type { AppDeps } from './platform/deps.ts';
import { registerApiDocs } from './platform/docs.ts';
import { registerEnvelope } from './platform/envelope.ts';
import { createErrorTracker } from './platform/error-tracking.ts';
import { registerClientConfig } from './platform/client-config.ts';
import {
  answerClientError,
  answerFrameworkError,
  answerUnsupportedExpectations,
  CLIENT_ERROR_MESSAGES,
} from './platform/client-errors.ts';
import { AppError, badRequest } from './platform/errors.ts';
import { HOSTILE_INPUT_MESSAGES, parseJsonBody, queryProblem } from './platform/hostile-input.ts';
import { registerHealth } from './platform/health.ts';
import { loggerOptions } from './platform/logger.ts';
import { createMailer, type Mailer } from './platform/mailer.ts';
import { type Queue, queueNotStarted } from './platform/queue.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerSpa } from './platform/spa.ts';
import { registerEtags } from './platform/etag.ts';
import { registerScreensRoutes } from './modules/screens/screens.routes.ts';
import { pageAnswers, scriptSafeJson } from './modules/screens/screens.service.ts';
import { registerTenancy } from './platform/tenancy.ts';
import { createErrorReportChat } from './platform/telegram.ts';
import { MULTIPART_LIMITS } from './platform/uploads.ts';

z.config(z.locales.ru());

export type HttpServerOptions = {
  config: Config;
  database: Database;
  /** Tests pass their own logger settings (silent) or mailer. */
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** The started job queue (startQueue); without it nothing can be enqueued. */
  queue?: Queue;
};

const BODY_LIMIT_BYTES = 20 * 1024 * 1024;

/** The whole HTTP surface: platform plugins, then every module's routes, then the SPA. */
export async function buildHttpServer(options: HttpServerOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    // What never reaches a route is answered in the envelope too (platform/client-errors.ts).
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // Node would answer a request without Host itself; the hook below answers it in the envelope.
    http: { requireHostHeader: false },
  });
  answerUnsupportedExpectations(app.server);
  collectApiRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  // Answers go through zod and JSON.stringify, those a statement wrote as text are sent as they
  // are, checked against their contract outside production (decision 0110).
  app.setSerializerCompiler(answerTextSerializerCompiler({ checked: !isProduction(config) }));

  // Clients send DELETE with a JSON content type and no body; that is not malformed JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(String(body)));
    } catch (error) {
      if (error instanceof AppError) return done(error, undefined);
      done(
        Object.assign(new Error('invalid json'), {
          statusCode: 400,
          code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        }),
        undefined,
      );
    }
  });

  const log: FastifyBaseLogger = app.log;
  const notifier = createNotifier(database, log);
  app.addHook('onClose', async () => notifier.close());
  const deps: AppDeps = {
    config,
    database,
    notifier,
    mailer: options.mailer ?? createMailer(config, database.system, log),
    errorReportChat: createErrorReportChat(config),
    log,
    queue: options.queue,
  };

  app.addHook('onRequest', async (request) => {
    // Without a Host an HTTP/1.1 request is malformed; Node would answer it outside the envelope.
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw badRequest(CLIENT_ERROR_MESSAGES.badRequest);
    }
    if (/%00/.test(request.url)) throw badRequest(HOSTILE_INPUT_MESSAGES.nul);
    const problem = queryProblem(request.query);
    if (problem) throw badRequest(problem);
  });
  await app.register(fastifyCookie);
  // Uploads are read by their routes with a per-route file size; the body limit above does not
  // apply to multipart, so the plugin's own limits bound every request.
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });
  registerSecurityHeaders(app, config);
  await registerApiDocs(app);
  registerAuditOrigin(app);
  await registerAuthentication(app, database, config, notifier);
  registerTenancy(app, database);
  deps.answers = await registerResponseCache(app, database, notifier);
  // After the cache's hook: answers it sends or stores compressed are passed through.
  registerCompression(app);
  // After compression: the ETag names the bytes that leave (decision 0052).
  registerEtags(app);
  // A signed-in page carries the user, the account and its screen's data (decision 0052).
  const spaFallback = await registerSpa(app, config.WEB_DIST_DIR, async (request, reply) => {
    const page = await pageAnswers(app, request);
    if (!page) return null;
    if (page.setCookie) reply.header('set-cookie', page.setCookie);
    return scriptSafeJson(page.json);
  });
  const errorTracker = await createErrorTracker(config, database, log);
  app.addHook('onClose', async () => errorTracker.close());
  registerEnvelope(app, spaFallback, errorTracker);
  registerClientConfig(app, config);
  registerHealth(app, database, deps.queue ?? queueNotStarted);

  registerAuthRoutes(app, deps);
  registerMeRoutes(app, deps);
  registerScreensRoutes(app, deps);
  registerUsersRoutes(app, deps);
  registerSafetyRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerInvitationsRoutes(app, deps);
  registerRequestLinksRoutes(app, deps);
  registerEventBookingRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerBillingRoutes(app, deps);
  registerGoogleCalendarRoutes(app, deps);
  registerJobSitesRoutes(app, deps);
  registerStageSiteStatesRoutes(app, deps);
  registerCommonSettingsRoutes(app, deps);
  registerConsentRoutes(app, deps);
  registerSupportChatRoutes(app, deps);
  registerAccountCalendarRoutes(app, deps);
  registerAnalyticsRoutes(app, deps);
  registerChangelogsRoutes(app, deps);
  registerInstructionsRoutes(app, deps);
  registerFeedbacksRoutes(app, deps);
  registerErrorReportsRoutes(app, deps);
  registerReferencesRoutes(app, deps);
  registerTagsRoutes(app, deps);
  registerDelayedTasksRoutes(app, deps);
  registerMailTemplatesRoutes(app, deps);
  registerAccountSourcesRoutes(app, deps);
  registerApplicantsRoutes(app, deps);
  registerFilesRoutes(app, deps);
  registerApplicantListRoutes(app, deps);
  registerApplicantFiltersRoutes(app, deps);
  registerApplicantBulkRoutes(app, deps);
  registerApplicantExportRoutes(app, deps);
  registerAnalyticsExportRoutes(app, deps);
  registerApplicantImportRoutes(app, deps);
  registerResumeParseRoutes(app, deps);
  registerApplicantPdfRoutes(app, deps);
  registerDuplicatesRoutes(app, deps);
  registerStatusesRoutes(app, deps);
  registerStageAutomationRoutes(app, deps);
  registerReasonsRoutes(app, deps);
  registerDivisionsRoutes(app, deps);
  registerVacanciesRoutes(app, deps);
  registerVacancyTemplatesRoutes(app, deps);
  registerVacancyApplicationsRoutes(app, deps);
  registerHomeRoutes(app, deps);
  registerEventsRoutes(app, deps);
  registerApplicationsRoutes(app, deps);
  registerBoardRoutes(app, deps);
  registerBoardEventsRoutes(app, deps);
  registerMessagingRoutes(app, deps);
  registerTelegramRoutes(app, deps);
  registerColumnsRoutes(app, deps);
  registerEvaluationsRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerRequestFlowRoutes(app, deps);

  return app;
}
