import axios from 'axios';

/** The server's 422 field errors (`errors: [{field, message}]`) as a form's field → message map (first message per field). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!axios.isAxiosError(error) || error.response?.status !== 422) return {};
  const data: unknown = error.response.data;
  const errors = typeof data === 'object' && data !== null && 'errors' in data ? data.errors : null;
  if (!Array.isArray(errors)) return {};
  const result: Record<string, string> = {};
  for (const entry of errors as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { field, message } = entry as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string') result[field] ??= message;
  }
  return result;
}
