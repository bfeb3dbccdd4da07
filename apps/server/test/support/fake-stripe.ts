import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A subscription as the stand-in answers it (the fields the adapter reads). */
export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  current_period_end: number;
  metadata: Record<string, string>;
}

export interface FakeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
}

/**
 * A local stand-in for the parts of Stripe's HTTP API the adapter calls (Stripe's servers cannot
 * be part of a test). The real `stripe` SDK talks to it through its host, port and protocol
 * settings; it records each request and answers in Stripe's shapes.
 */
export class FakeStripe {
  readonly requests: FakeRequest[] = [];
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** While true, Checkout Sessions are refused as Stripe refuses a price it does not know. */
  refuseCheckouts = false;
  private server: http.Server | null = null;
  private sessions = 0;

  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        this.requests.push({ method: req.method ?? 'GET', path: url.pathname, form, authorization: req.headers.authorization });
        const [status, body] = this.answer(req.method ?? 'GET', url.pathname, form);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.requests.length}` });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port, protocol: 'http' };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Requests of one method and path prefix, in order. */
  calls(method: string, pathPrefix: string): FakeRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  private answer(method: string, path: string, form: URLSearchParams): [number, unknown] {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (this.refuseCheckouts) return [400, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'line_items[0][price]', message: `No such price: '${form.get('line_items[0][price]')}'` } }];
      const id = `cs_test_${++this.sessions}`;
      return [200, { id, object: 'checkout.session', mode: form.get('mode'), client_reference_id: form.get('client_reference_id'), url: `https://checkout.stripe.test/c/pay/${id}` }];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (form.get('customer')?.startsWith('cus_unknown')) return [400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${form.get('customer')}'` } }];
      return [200, { id: `bps_${++this.sessions}`, object: 'billing_portal.session', customer: form.get('customer'), return_url: form.get('return_url'), url: `https://billing.stripe.test/p/session/${this.sessions}` }];
    }
    const match = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (method === 'GET' && match) {
      const subscription = this.subscriptions.get(match[1]!);
      if (!subscription) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${match[1]}'` } }];
      const { current_period_end, ...rest } = subscription;
      return [200, { object: 'subscription', ...rest, items: { object: 'list', data: [{ id: `si_${subscription.id}`, object: 'subscription_item', current_period_end }] } }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }
}
