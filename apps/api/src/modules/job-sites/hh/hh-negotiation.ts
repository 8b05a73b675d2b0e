import type { Config } from '../../../platform/config.ts';
import { hhHttp } from './hh-client.ts';

// A negotiation's state and messages on hh.ru (decision 0054). The state changes by one of the
// actions the negotiation offers now (`GET /negotiations/{nid}` → `actions[]`): never a
// hard-coded one, since what is allowed depends on the state and the vacancy. The request itself
// is built from HH_API_BASE (`PUT /negotiations/{action}/{nid}`, form `message`), never from a
// URL in the answer, so the token goes nowhere else.

export type HhTargetState = 'invitation' | 'discard';

type HhAction = {
  id: string;
  enabled?: boolean;
  hidden?: boolean;
  resulting_employer_state?: { id?: string } | null;
};

/** Which of the offered actions lead where we want, best first. */
const PREFERRED: Record<HhTargetState, string[]> = {
  discard: ['discard_by_employer', 'discard'],
  invitation: ['interview', 'invitation', 'phone_interview', 'assessment'],
};

/** The site refused the action in the current state (403 negotiations/…): not worth retrying. */
export class HhNegotiationRefused extends Error {
  constructor(readonly reason: string) {
    super(`hh.ru refused the negotiation action (${reason})`);
    this.name = 'HhNegotiationRefused';
  }
}

export const HH_NEGOTIATION_MESSAGES: Record<string, string> = {
  wrong_state: 'hh.ru не позволяет это действие в текущем состоянии отклика',
  no_action: 'hh.ru не предлагает такого действия для этого отклика',
  not_found: 'Отклик не найден на hh.ru',
  empty_message: 'hh.ru требует сообщение для этого действия',
  too_long_message: 'Сообщение слишком длинное для hh.ru',
  archived: 'Вакансия на hh.ru в архиве',
  disabled_by_employer: 'Переписка по отклику отключена',
  chat_archived: 'Переписка по отклику в архиве',
  other: 'hh.ru отказал в действии с откликом',
};

export const hhRefusalText = (reason: string) =>
  HH_NEGOTIATION_MESSAGES[reason] ?? HH_NEGOTIATION_MESSAGES.other!;

async function refusalOf(response: Response): Promise<Error> {
  if (response.status === 404) return new HhNegotiationRefused('not_found');
  if (response.status === 403 || response.status === 400) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { errors?: { type?: string; value?: string }[] } | null;
    const negotiation = body?.errors?.find((e) => e.type === 'negotiations');
    if (negotiation) return new HhNegotiationRefused(negotiation.value ?? 'other');
  }
  const error = await hhHttp.errorOf(response);
  if (error.kind === 'other') return new HhNegotiationRefused('other');
  return error;
}

/** Picks the action for `target` among those the negotiation offers now, or null. */
export function actionFor(actions: HhAction[], target: HhTargetState): string | null {
  const open = actions.filter((a) => a.enabled !== false && a.hidden !== true);
  for (const id of PREFERRED[target]) {
    if (open.some((a) => a.id === id)) return id;
  }
  const byResult = open.find((a) =>
    target === 'discard'
      ? (a.resulting_employer_state?.id ?? a.id).startsWith('discard')
      : !(a.resulting_employer_state?.id ?? a.id).startsWith('discard'),
  );
  return byResult?.id ?? null;
}

/**
 * Moves the negotiation to `target` with `message`; answers the action taken. Throws
 * `HhNegotiationRefused` (in Russian via `hhRefusalText`) or a classified `SiteError`.
 */
export async function changeNegotiationState(
  config: Config,
  accessToken: string,
  nid: string,
  target: HhTargetState,
  message: string | null,
): Promise<string> {
  const base = hhHttp.base(config);
  const found = await hhHttp.send(`${base}/negotiations/${encodeURIComponent(nid)}`, {
    headers: hhHttp.headersOf(config, accessToken),
  });
  if (found.status !== 200) throw await refusalOf(found);
  const negotiation = (await found.json()) as { actions?: HhAction[] };
  const action = actionFor(negotiation.actions ?? [], target);
  if (!action) throw new HhNegotiationRefused('no_action');
  const form = new URLSearchParams();
  if (message) form.set('message', message);
  const done = await hhHttp.send(
    `${base}/negotiations/${encodeURIComponent(action)}/${encodeURIComponent(nid)}`,
    {
      method: 'PUT',
      headers: {
        ...hhHttp.headersOf(config, accessToken),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
    },
  );
  if (done.status !== 204 && done.status !== 200) throw await refusalOf(done);
  return action;
}

export type HhMessage = {
  id: string;
  text: string;
  fromApplicant: boolean;
  createdAt: string;
};

/** Every message of the negotiation, oldest first (all pages). */
export async function negotiationMessages(
  config: Config,
  accessToken: string,
  nid: string,
): Promise<HhMessage[]> {
  const base = hhHttp.base(config);
  const out: HhMessage[] = [];
  for (let page = 0, pages = 1; page < pages && page < 20; page += 1) {
    const response = await hhHttp.send(
      `${base}/negotiations/${encodeURIComponent(nid)}/messages?page=${page}&per_page=50`,
      { headers: hhHttp.headersOf(config, accessToken) },
    );
    if (response.status !== 200) throw await refusalOf(response);
    const body = (await response.json()) as {
      pages?: number;
      items?: {
        id?: string | number;
        text?: string | null;
        created_at?: string;
        author?: { participant_type?: string };
      }[];
    };
    pages = body.pages ?? 1;
    for (const item of body.items ?? []) {
      if (item.id === undefined || !item.text) continue;
      out.push({
        id: String(item.id),
        text: item.text,
        fromApplicant: item.author?.participant_type === 'applicant',
        createdAt: item.created_at ?? new Date().toISOString(),
      });
    }
  }
  return out;
}

/** Sends a message in the negotiation (201, text/html body for an employer). */
export async function sendNegotiationMessage(
  config: Config,
  accessToken: string,
  nid: string,
  message: string,
): Promise<void> {
  const response = await hhHttp.send(
    `${hhHttp.base(config)}/negotiations/${encodeURIComponent(nid)}/messages`,
    {
      method: 'POST',
      headers: {
        ...hhHttp.headersOf(config, accessToken),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ message }).toString(),
    },
  );
  if (response.status !== 201 && response.status !== 200) throw await refusalOf(response);
}

async function getJson<T>(config: Config, accessToken: string, path: string): Promise<T> {
  const response = await hhHttp.send(`${hhHttp.base(config)}${path}`, {
    headers: hhHttp.headersOf(config, accessToken),
  });
  if (response.status !== 200) throw await hhHttp.errorOf(response);
  return (await response.json()) as T;
}

/** A collection's id as hh.ru names it (`response`, `interview`, `discard_by_employer`…). */
const COLLECTION_ID = /^[a-z][a-z0-9_]{0,63}$/;
const PER_PAGE = 50;

/**
 * The collections of a vacancy's negotiations other than the new responses
 * (`GET /negotiations?vacancy_id`): where hh.ru lists a negotiation once it was invited or
 * discarded (decision 0071).
 */
export async function movedCollections(
  config: Config,
  accessToken: string,
  vacancyId: string,
): Promise<string[]> {
  const answer = await getJson<{
    collections?: { id?: string; counters?: { total?: number | null } | null }[] | null;
  }>(config, accessToken, `/negotiations?vacancy_id=${encodeURIComponent(vacancyId)}`);
  // An empty collection costs no call.
  return (answer.collections ?? [])
    .filter((c) => c.counters?.total !== 0)
    .map((c) => String(c.id ?? ''))
    .filter((id) => id !== 'response' && COLLECTION_ID.test(id));
}

/** One page (0-based) of a collection: each negotiation's id and its listed message count. */
export async function collectionPage(
  config: Config,
  accessToken: string,
  collection: string,
  vacancyId: string,
  page: number,
): Promise<{ pages: number; items: { externalId: string; messageCount: number | null }[] }> {
  const answer = await getJson<{
    pages?: number;
    items?: { id: string; counters?: { messages?: number | null } | null }[];
  }>(
    config,
    accessToken,
    `/negotiations/${encodeURIComponent(collection)}?vacancy_id=${encodeURIComponent(vacancyId)}` +
      `&page=${page}&per_page=${PER_PAGE}`,
  );
  return {
    pages: answer.pages ?? 1,
    items: (answer.items ?? []).map((item) => ({
      externalId: String(item.id),
      messageCount: typeof item.counters?.messages === 'number' ? item.counters.messages : null,
    })),
  };
}
