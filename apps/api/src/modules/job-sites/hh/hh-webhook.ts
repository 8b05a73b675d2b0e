import { z } from 'zod';
import type { Config } from '../../../platform/config.ts';
import { hhHttp } from './hh-client.ts';

// hh.ru's webhooks (integrations.md §1.7, decision 0054): one subscription per connection to
// `{PUBLIC_URL}/api/job_sites/webhooks/hh/{token}`, the token unguessable (hh.ru signs nothing).
// A delivery is a hint only: its vacancy is synced through the API as any other time.

export const HH_WEBHOOK_ACTIONS = [
  'NEW_NEGOTIATION_VACANCY',
  'NEW_RESPONSE_OR_INVITATION_VACANCY',
  'NEGOTIATION_EMPLOYER_STATE_CHANGE',
] as const;

/** A delivery as we read it: anything else in the body is ignored. */
export const ZHhWebhookDelivery = z.object({
  id: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(200)),
  action_type: z.string().max(100).optional(),
  payload: z
    .object({
      vacancy_id: z.union([z.string(), z.number()]).transform(String).optional(),
      topic_id: z.union([z.string(), z.number()]).transform(String).optional(),
    })
    .passthrough()
    .optional(),
});
export type THhWebhookDelivery = z.infer<typeof ZHhWebhookDelivery>;

/** Subscribes `url` to new responses and state changes; answers the subscription's id. */
export async function subscribeHhWebhook(
  config: Config,
  accessToken: string,
  url: string,
): Promise<string> {
  const response = await hhHttp.send(`${hhHttp.base(config)}/webhook/subscriptions`, {
    method: 'POST',
    headers: { ...hhHttp.headersOf(config, accessToken), 'content-type': 'application/json' },
    body: JSON.stringify({
      url,
      actions: HH_WEBHOOK_ACTIONS.map((type) => ({
        type,
        settings: { vacancies_only_mine: false },
      })),
    }),
  });
  if (response.status !== 201 && response.status !== 200) throw await hhHttp.errorOf(response);
  const body = (await response.json().catch(() => ({}))) as { id?: string | number };
  return String(body.id ?? '');
}
