import { ZTextEnvelope, successEnvelope } from '@ats/contracts/envelope';
import {
  ZPublicApproval,
  ZPublicApprovalParams,
  ZPublicDecision,
} from '@ats/contracts/vacancy-applications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { publicUrlFor } from '../../platform/public-url.ts';
import { type RateLimit, clientOf, spendAllowance } from '../../platform/throttle.ts';
import { registerStepStartedListener } from './request-flow.service.ts';
import { decideByLink, mailLinksForStep, readPublicApproval } from './request-links.service.ts';

/**
 * Anyone holding a link may call these: a person opens a page and decides once, so a few dozen
 * calls per address in ten minutes are plenty, and guessing 256-bit tokens is hopeless anyway.
 */
export const REQUEST_APPROVAL_LIMIT: RateLimit = {
  name: 'request_approval',
  perClient: 60,
  global: 3000,
  windowSeconds: 600,
  message: 'Слишком много обращений по ссылке. Попробуйте позже',
};

const listening = new WeakSet<AppDeps['database']>();

/** The outside approver's page: no account, the link's token is the credential. */
export function registerRequestLinksRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Публичное'];

  // Letters go out when a step with outside approvers begins waiting; a closed server stops.
  // Once per database: a second server of the same process (tests) would mail every link twice.
  if (!listening.has(deps.database)) {
    listening.add(deps.database);
    const unregister = registerStepStartedListener((event) => mailLinksForStep(deps, event));
    app.addHook('onClose', async () => {
      unregister();
      listening.delete(deps.database);
    });
  }

  r.get(
    '/api/public/request_approvals/:token',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Заявка на подбор по ссылке согласующего без учётной записи',
        params: ZPublicApprovalParams,
        response: { 200: successEnvelope(ZPublicApproval) },
      },
    },
    async (request) => {
      await spendAllowance(deps, REQUEST_APPROVAL_LIMIT, clientOf(request));
      return success(await readPublicApproval(deps, request.params.token));
    },
  );

  r.post(
    '/api/public/request_approvals/:token',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Согласовать или отклонить заявку по ссылке (ссылка срабатывает один раз)',
        params: ZPublicApprovalParams,
        body: ZPublicDecision,
        response: { 200: ZTextEnvelope },
      },
    },
    async (request) => {
      await spendAllowance(deps, REQUEST_APPROVAL_LIMIT, clientOf(request));
      return success(
        await decideByLink(
          deps,
          request.params.token,
          request.body,
          publicUrlFor(deps.config, request),
        ),
      );
    },
  );
}
