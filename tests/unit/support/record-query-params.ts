import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach } from 'vitest';
import { api } from '../../../src/lib/api-client';

export interface SentRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  responseType: string | undefined;
}

/**
 * The fake server sees paths only; this records each request's query parameters as axios sends them
 * (registered before the fake adapter runs, removed after the test).
 */
export function recordQueryParams(): SentRequest[] {
  const sent: SentRequest[] = [];
  let id: number | undefined;
  beforeEach(() => {
    sent.length = 0;
    id = api.interceptors.request.use((config: InternalAxiosRequestConfig) => {
      sent.push({
        method: (config.method ?? 'get').toUpperCase(),
        url: config.url ?? '',
        params: { ...(config.params as Record<string, unknown> | undefined) },
        responseType: config.responseType,
      });
      return config;
    });
  });
  afterEach(() => {
    if (id !== undefined) api.interceptors.request.eject(id);
  });
  return sent;
}

export const paramsOf = (sent: SentRequest[], method: string, url: string) =>
  sent.filter((r) => r.method === method && r.url === url).map((r) => r.params);
