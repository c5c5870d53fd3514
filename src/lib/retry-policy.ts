import { httpStatus } from './api-client';

export const MAX_QUERY_RETRIES = 3;
export const MAX_MUTATION_RETRIES = 1;

export function isClientError(error: unknown): boolean {
  const status = httpStatus(error);
  return status !== undefined && status >= 400 && status < 500;
}

/** Retry up to `max` times, but never a 4xx: the same request would fail the same way. */
export function shouldRetry(max: number) {
  return (failureCount: number, error: unknown): boolean => !isClientError(error) && failureCount < max;
}
