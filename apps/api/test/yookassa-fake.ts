import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for YooKassa API v3 as ../shared/research/integrations.md §7 describes it:
// Basic auth, Idempotence-Key on POST (a repeat answers the first result), payments with their
// statuses, the hosted confirmation page with «Оплатить» and «Отменить» that settles the payment,
// posts the notification to the ATS and redirects the browser to return_url, and fault injection
// (401, 429, 500) — by the control API `/__control/*` or by the methods of the returned object.

export type FakePayment = {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  description: string;
  metadata: Record<string, string>;
  receipt?: unknown;
  created_at: string;
  captured_at?: string;
  cancellation_details?: { party: string; reason: string };
  recipient: { account_id: string; gateway_id: string };
  refundable: boolean;
  test: boolean;
};

export type RecordedRequest = {
  method: string;
  path: string;
  idempotenceKey: string | undefined;
  authorized: boolean;
  body: unknown;
};

type Notification = { type: 'notification'; event: string; object: FakePayment };

export type YooKassaFakeOptions = {
  shopId: string;
  secretKey: string;
  /** Delivers a notification to the ATS and answers the HTTP status it got back. */
  deliver?: (notification: Notification) => Promise<number>;
  /** Or: the ATS's notification URL, posted to with fetch. */
  notificationUrl?: string;
};

const error = (code: string, description: string) => ({
  type: 'error',
  id: randomUUID(),
  code,
  description,
});

const STATUS_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_credentials',
  403: 'forbidden',
  404: 'not_found',
  429: 'too_many_requests',
  500: 'internal_server_error',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startYooKassaFake(options: YooKassaFakeOptions) {
  const payments = new Map<string, FakePayment>();
  const idempotence = new Map<string, { status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];
  const deliveries: { event: string; paymentId: string; status: number }[] = [];
  const failures: number[] = [];
  let dropNotifications = false;
  let notificationUrl = options.notificationUrl;
  let baseUrl = '';

  const deliver = async (event: string, payment: FakePayment) => {
    const body: Notification = { type: 'notification', event, object: structuredClone(payment) };
    if (dropNotifications) {
      deliveries.push({ event, paymentId: payment.id, status: 0 });
      return;
    }
    let status = 0;
    try {
      if (options.deliver) {
        status = await options.deliver(body);
      } else if (notificationUrl) {
        const response = await fetch(notificationUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        status = response.status;
      }
    } catch {
      status = 0;
    }
    deliveries.push({ event, paymentId: payment.id, status });
  };

  const settle = async (id: string, outcome: 'succeeded' | 'canceled', notify = true) => {
    const payment = payments.get(id);
    if (!payment || payment.status === 'succeeded' || payment.status === 'canceled') return payment;
    payment.status = outcome;
    if (outcome === 'succeeded') {
      payment.paid = true;
      payment.captured_at = new Date().toISOString();
    } else {
      payment.cancellation_details = { party: 'merchant', reason: 'canceled_by_merchant' };
    }
    if (notify) await deliver(`payment.${outcome}`, payment);
    return payment;
  };

  const authorized = (req: IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    const expected = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
    return header === expected;
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => resolve(raw));
    });

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  function createPayment(body: Record<string, unknown>): { status: number; body: unknown } {
    const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
    if (!amount || typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) {
      return {
        status: 400,
        body: { ...error('invalid_request', 'Invalid amount'), parameter: 'amount.value' },
      };
    }
    if (amount.currency !== 'RUB') {
      return {
        status: 400,
        body: { ...error('invalid_request', 'Bad currency'), parameter: 'amount.currency' },
      };
    }
    const confirmation = body.confirmation as { type?: string; return_url?: string } | undefined;
    if (confirmation?.type !== 'redirect' || !confirmation.return_url) {
      return {
        status: 400,
        body: { ...error('invalid_request', 'Need return_url'), parameter: 'confirmation' },
      };
    }
    const description = typeof body.description === 'string' ? body.description : '';
    if (description.length > 128) {
      return {
        status: 400,
        body: { ...error('invalid_request', 'Too long'), parameter: 'description' },
      };
    }
    const id = randomUUID();
    const payment: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount: { value: amount.value, currency: 'RUB' },
      confirmation: {
        type: 'redirect',
        confirmation_url: `${baseUrl}/checkout/${id}`,
        return_url: confirmation.return_url,
      },
      description,
      metadata: (body.metadata as Record<string, string>) ?? {},
      ...(body.receipt ? { receipt: body.receipt } : {}),
      created_at: new Date().toISOString(),
      recipient: { account_id: options.shopId, gateway_id: '100500' },
      refundable: false,
      test: true,
    };
    payments.set(id, payment);
    return { status: 200, body: payment };
  }

  const checkoutPage = (payment: FakePayment) => `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>ЮKassa — оплата</title></head>
<body>
<h1>Оплата заказа</h1>
<p>${escapeHtml(payment.description)}</p>
<p>Сумма: <strong>${escapeHtml(payment.amount.value)} ₽</strong></p>
<form method="post" action="/checkout/${payment.id}/pay"><button type="submit">Оплатить</button></form>
<form method="post" action="/checkout/${payment.id}/cancel"><button type="submit">Отменить</button></form>
</body></html>`;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await readBody(req);
      let body: unknown = undefined;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }

      // The control API and the hosted page: no Basic auth, as neither is YooKassa's API.
      if (url.pathname.startsWith('/__control/')) {
        const control = (body ?? {}) as Record<string, unknown>;
        if (url.pathname === '/__control/fail-next') {
          const count = Number(control.count ?? 1);
          for (let i = 0; i < count; i += 1) failures.push(Number(control.status ?? 500));
          return json(res, 200, { ok: true });
        }
        if (url.pathname === '/__control/drop-notifications') {
          dropNotifications = Boolean(control.drop);
          return json(res, 200, { ok: true });
        }
        if (url.pathname === '/__control/requests') return json(res, 200, requests);
        if (url.pathname === '/__control/deliveries') return json(res, 200, deliveries);
        if (url.pathname === '/__control/payments') return json(res, 200, [...payments.values()]);
        return json(res, 404, error('not_found', 'No such control'));
      }
      const checkout = /^\/checkout\/([\w-]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
      if (checkout) {
        const payment = payments.get(checkout[1]!);
        if (!payment) {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
          return res.end('Платёж не найден');
        }
        if (req.method === 'GET' && !checkout[2]) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(checkoutPage(payment));
        }
        if (req.method === 'POST' && checkout[2]) {
          await settle(payment.id, checkout[2] === 'pay' ? 'succeeded' : 'canceled');
          res.writeHead(303, { location: payment.confirmation.return_url });
          return res.end();
        }
      }

      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        idempotenceKey: req.headers['idempotence-key'] as string | undefined,
        authorized: authorized(req),
        body,
      };
      requests.push(record);
      const injected = failures.shift();
      if (injected !== undefined) {
        return json(
          res,
          injected,
          error(STATUS_CODES[injected] ?? 'internal_server_error', 'Injected'),
        );
      }
      if (!record.authorized) {
        return json(
          res,
          401,
          error('invalid_credentials', 'Authentication by given credentials failed'),
        );
      }
      const base = url.pathname.replace(/^\/v3/, '');
      if (req.method === 'POST') {
        if (!record.idempotenceKey) {
          return json(res, 400, {
            ...error('invalid_request', 'Idempotence key is missing'),
            parameter: 'Idempotence-Key',
          });
        }
        const cacheKey = `${options.shopId}:${record.idempotenceKey}`;
        const earlier = idempotence.get(cacheKey);
        if (earlier) return json(res, earlier.status, earlier.body);
        let answer: { status: number; body: unknown };
        const action = /^\/payments\/([\w-]+)\/(capture|cancel)$/.exec(base);
        if (base === '/payments') {
          answer = createPayment((body ?? {}) as Record<string, unknown>);
        } else if (action) {
          const payment = payments.get(action[1]!);
          if (!payment) {
            answer = { status: 404, body: error('not_found', 'Payment not found') };
          } else {
            await settle(payment.id, action[2] === 'capture' ? 'succeeded' : 'canceled');
            answer = { status: 200, body: payment };
          }
        } else {
          answer = { status: 404, body: error('not_found', 'Not found') };
        }
        idempotence.set(cacheKey, answer);
        return json(res, answer.status, answer.body);
      }
      const one = /^\/payments\/([\w-]+)$/.exec(base);
      if (req.method === 'GET' && one) {
        const payment = payments.get(one[1]!);
        return payment
          ? json(res, 200, payment)
          : json(res, 404, error('not_found', 'Payment not found'));
      }
      return json(res, 405, error('method_not_allowed', 'Method not allowed'));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    /** YOOKASSA_API_BASE for the ATS. */
    apiBase: `${baseUrl}/v3`,
    baseUrl,
    payments,
    requests,
    deliveries,
    failNext: (status: number, count = 1) => {
      for (let i = 0; i < count; i += 1) failures.push(status);
    },
    dropNotifications: (drop: boolean) => {
      dropNotifications = drop;
    },
    setNotificationUrl: (url: string) => {
      notificationUrl = url;
    },
    /** What the hosted page's buttons do, without a browser. */
    settle,
    /** Sends the payment's notification again (YooKassa re-sends until it gets 200). */
    redeliver: (id: string) => {
      const payment = payments.get(id);
      return payment ? deliver(`payment.${payment.status}`, payment) : Promise.resolve();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type YooKassaFake = Awaited<ReturnType<typeof startYooKassaFake>>;
