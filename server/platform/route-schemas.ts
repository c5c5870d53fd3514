import { z } from 'zod';
import { errorResponse } from './error-schema';

/** `:id` path parameter of every resource route. */
export const idParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

/** The `{ detail }` error responses a guarded resource route can give, for validation and OpenAPI. */
export const resourceErrors = {
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
};
