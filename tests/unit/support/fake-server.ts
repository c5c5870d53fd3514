import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse } from 'axios';
import { vi } from 'vitest';
import { api } from '../../../src/lib/api-client';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  headers: AxiosHeaders;
}

export type FakeReply =
  | { status: number; body?: unknown; html?: string; headers?: Record<string, string> }
  | { networkError: true }
  | { timeout: true };

type Handler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/**
 * A fake HTTP layer: installs an axios adapter on the app's one axios instance, so everything above it
 * (interceptors, JSON parsing, error handling) runs for real.
 */
export function installFakeServer() {
  const routes = new Map<string, Handler>();
  const requests: FakeRequest[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const path = (config.url ?? '').split('?')[0] ?? '';
    const headers = AxiosHeaders.from(config.headers);
    const body = typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data;
    const request = { method, path, body, headers };
    requests.push(request);

    const handler = routes.get(`${method} ${path}`);
    const reply = handler
      ? await handler(request)
      : { status: 404, body: { detail: `No fake for ${method} ${path}` } };
    if ('networkError' in reply) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    if ('timeout' in reply) {
      throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ECONNABORTED, config, {});
    }
    const response: AxiosResponse = {
      data: reply.html ?? (reply.body === undefined ? '' : JSON.stringify(reply.body)),
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders({
        ...reply.headers,
        'content-type': reply.html ? 'text/html' : 'application/json',
      }),
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };

  api.defaults.adapter = adapter;

  return {
    requests,
    on(method: string, path: string, reply: FakeReply | Handler) {
      routes.set(`${method.toUpperCase()} ${path}`, typeof reply === 'function' ? reply : () => reply);
      return this;
    },
    callsTo(method: string, path: string) {
      return requests.filter((r) => r.method === method.toUpperCase() && r.path === path);
    },
  };
}

export type FakeServer = ReturnType<typeof installFakeServer>;

/**
 * The browser's own fetch finds no network either (the app's /api/health reconnect probe uses it):
 * stubbed globally until `vi.unstubAllGlobals()`; the mock is returned so a test can let it answer.
 */
export function unreachableFetch() {
  const fetch = vi.fn<() => Promise<Response>>().mockRejectedValue(new TypeError('Failed to fetch'));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
