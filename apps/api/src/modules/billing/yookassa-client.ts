import { randomUUID } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../../platform/config.ts';

// The YooKassa API v3 as ../shared/research/integrations.md §7 describes it: Basic auth with the
// shop id and secret key, amounts as strings with kopecks, Idempotence-Key on every POST (reused
// on a retry, so a retried create never makes a second payment).

export type ProviderPayment = {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation?: { type: string; confirmation_url?: string };
  metadata?: Record<string, string>;
  created_at?: string;
  captured_at?: string;
};

export type CreatePaymentInput = {
  idempotenceKey: string;
  amount: string;
  description: string;
  returnUrl: string;
  metadata: Record<string, string>;
  /** 54-FZ: the cheque's line and the payer's e-mail, when the shop issues receipts here. */
  receipt?: { email: string; vatCode: number };
};

export class ProviderError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export const billingEnabled = (config: Config) =>
  Boolean(config.YOOKASSA_SHOP_ID && config.YOOKASSA_SECRET_KEY);

export const newIdempotenceKey = () => randomUUID();

const RETRIES = 3;
const TIMEOUT_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createYooKassaClient(config: Config) {
  const base = config.YOOKASSA_API_BASE.replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${config.YOOKASSA_SHOP_ID}:${config.YOOKASSA_SECRET_KEY}`).toString('base64')}`;

  /** One call; 429 and 5xx (result unknown) and network failures are retried with the same key. */
  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, key?: string) {
    let lastError: ProviderError | null = null;
    for (let attempt = 0; attempt < RETRIES; attempt += 1) {
      if (attempt > 0) await sleep(200 * 2 ** attempt);
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: {
            authorization: auth,
            'content-type': 'application/json',
            ...(key ? { 'idempotence-key': key } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        lastError = new ProviderError(0, (error as Error).message);
        continue;
      }
      if (response.ok && response.status !== 202) return (await response.json()) as T;
      const text = await response.text();
      lastError = new ProviderError(response.status, text.slice(0, 500));
      if (response.status === 202 || response.status === 429 || response.status >= 500) continue;
      break;
    }
    throw lastError ?? new ProviderError(0, 'no answer');
  }

  return {
    createPayment(input: CreatePaymentInput) {
      return request<ProviderPayment>(
        'POST',
        '/payments',
        {
          amount: { value: input.amount, currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: input.returnUrl },
          description: input.description.slice(0, 128),
          metadata: input.metadata,
          ...(input.receipt && {
            receipt: {
              customer: { email: input.receipt.email },
              items: [
                {
                  description: input.description.slice(0, 128),
                  quantity: 1,
                  amount: { value: input.amount, currency: 'RUB' },
                  vat_code: input.receipt.vatCode,
                  payment_subject: 'service',
                  payment_mode: 'full_payment',
                },
              ],
            },
          }),
        },
        input.idempotenceKey,
      );
    },
    getPayment(id: string) {
      return request<ProviderPayment>('GET', `/payments/${encodeURIComponent(id)}`);
    },
  };
}
export type YooKassaClient = ReturnType<typeof createYooKassaClient>;

/** The notification's sender must be one of the configured addresses or ranges (§7: no signature). */
export function notificationSources(config: Config) {
  const list = new BlockList();
  for (const entry of config.YOOKASSA_NOTIFICATION_SOURCES.split(',')) {
    const [address, prefix] = entry.trim().split('/');
    if (!address) continue;
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix) list.addSubnet(address, Number(prefix), family);
    else list.addAddress(address, family);
  }
  return (ip: string) => {
    const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(plain);
    if (!family) return false;
    return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}
