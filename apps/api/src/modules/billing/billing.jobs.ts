import { z } from 'zod';
import { createMailer } from '../../platform/mailer.ts';
import type { JobDefinition } from '../../platform/queue.ts';
import { recheckOpenPayments } from './billing.service.ts';
import { sendTariffLetters } from './tariff-letters.ts';

const ZNoPayload = z.object({});

/**
 * Every few minutes (main.ts): payments still open a minute after they were created are asked
 * about at YooKassa, so a notification lost on the way changes nothing in the end.
 */
export const recheckPaymentsJob: JobDefinition<z.infer<typeof ZNoPayload>> = {
  name: 'billing.recheck_payments',
  payload: ZNoPayload,
  handle: async (_payload, context) => {
    const result = await recheckOpenPayments(context);
    if (result.checked) context.log.info(result, 'open payments re-checked');
  },
  retryLimit: 1,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
};

/** Every hour (main.ts): reminders 7 and 1 days before a tariff ends, and the deactivation letter. */
export const tariffLettersJob: JobDefinition<z.infer<typeof ZNoPayload>> = {
  name: 'billing.tariff_letters',
  payload: ZNoPayload,
  handle: async (_payload, context) => {
    await sendTariffLetters({
      config: context.config,
      database: context.database,
      mailer: createMailer(context.config, context.database.system, context.log),
    });
  },
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
};
