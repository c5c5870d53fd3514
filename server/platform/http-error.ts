/** An error the client should see: status and a human-readable detail (wire shape `{ detail }`). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    /** per-field messages, as validation errors carry them */
    readonly errors?: { field: string; message: string }[],
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Not authenticated') => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to do this') => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const unprocessable = (detail: string) => new HttpError(422, detail);
/** A 422 about one field: `{ detail: 'field: message', errors: [{ field, message }] }`. */
export const fieldError = (field: string, message: string) =>
  new HttpError(422, `${field}: ${message}`, {}, [{ field, message }]);
