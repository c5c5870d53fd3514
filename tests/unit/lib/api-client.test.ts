import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  classifyError,
  errorMessage,
  FALLBACK_MESSAGES,
  onUnauthorized,
  setApiNavigator,
} from '../../../src/lib/api-client';
import { TOKEN_STORAGE_KEY } from '../../../src/lib/token-storage';
import { installFakeServer, type FakeServer } from '../support/fake-server';

let server: FakeServer;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

beforeEach(() => {
  server = installFakeServer();
  navigate = vi.fn<(path: string) => void>();
  setApiNavigator(navigate);
});

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  it('talks JSON to /api with a 10 s timeout', () => {
    expect(api.defaults.baseURL).toBe('/api');
    expect(api.defaults.timeout).toBe(10_000);
    expect(api.defaults.headers['Content-Type']).toBe('application/json');
  });

  it('sends the stored token as a bearer header', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc123');
    server.on('GET', '/ping', { status: 200, body: { ok: true } });

    const { data } = await api.get('/ping');

    expect(data).toEqual({ ok: true });
    expect(server.requests[0]?.headers.get('Authorization')).toBe('Bearer abc123');
  });

  it('sends no authorization header without a token', async () => {
    server.on('GET', '/ping', { status: 200, body: {} });
    await api.get('/ping');
    expect(server.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('on a 401 clears the token, tells listeners and redirects to /login', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    window.history.replaceState(null, '', '/campaigns');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    server.on('GET', '/campaigns', { status: 401, body: { detail: 'Token expired' } });

    await failureOf(api.get('/campaigns'));
    stop();

    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('keeps the session when a 401 answers a request sent with a token replaced since (password change)', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    window.history.replaceState(null, '', '/profile');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    // While the request is out, a password change stores the new token and the server revokes the old one.
    server.on('GET', '/notifications/stats', () => {
      localStorage.setItem(TOKEN_STORAGE_KEY, 'new');
      return { status: 401, body: { detail: 'Token revoked' } };
    });

    const error = await failureOf(api.get('/notifications/stats'));
    stop();

    expect(classifyError(error)).toBe('HTTP_401');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new');
    expect(listener).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not redirect on a 401 when already on /login', async () => {
    window.history.replaceState(null, '', '/login');
    server.on('POST', '/auth/login', { status: 401, body: { detail: 'Invalid email or password' } });

    await failureOf(api.post('/auth/login', { email: 'a@b.co', password: 'x' }));

    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the token on other errors', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    server.on('GET', '/x', { status: 403, body: { detail: 'Forbidden' } });
    await failureOf(api.get('/x'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('good');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends a request through the browser at once, without reading cookies first', async () => {
    // The browser's own adapter (XMLHttpRequest), not the fake server's, with a cookie axios would send
    // as an XSRF header and a cookieStore it would ask for it, a round trip, before sending.
    const sent: { url: string; headers: Record<string, string> }[] = [];
    const requests: RecordingXhr[] = [];
    class RecordingXhr {
      readyState = 0;
      status = 0;
      statusText = '';
      responseText = '';
      response = '';
      responseURL = '';
      timeout = 0;
      withCredentials = false;
      responseType = '';
      onloadend: (() => void) | null = null;
      private url = '';
      private headers: Record<string, string> = {};
      constructor() {
        requests.push(this);
      }
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      getAllResponseHeaders() {
        return 'content-type: application/json';
      }
      addEventListener() {}
      abort() {}
      send() {
        sent.push({ url: this.url, headers: this.headers });
      }
      answer(body: unknown) {
        Object.assign(this, { readyState: 4, status: 200, statusText: 'OK' });
        this.responseText = this.response = JSON.stringify(body);
        this.onloadend?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    const cookieRead = vi.fn(async () => ({ value: 'from-the-cookie-store' }));
    vi.stubGlobal('cookieStore', { get: cookieRead });
    document.cookie = 'XSRF-TOKEN=from-document-cookie';
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc123');
    try {
      const response = api.get('/ping', { adapter: 'xhr' });

      await vi.waitFor(() => expect(sent).toHaveLength(1));
      expect(cookieRead).not.toHaveBeenCalled();
      expect(sent[0]?.url).toBe('/api/ping');
      expect(sent[0]?.headers.Authorization).toBe('Bearer abc123');
      expect(Object.keys(sent[0]?.headers ?? {})).not.toContain('X-XSRF-TOKEN');
      requests[0]?.answer({ ok: true });
      expect((await response).data).toEqual({ ok: true });
    } finally {
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
      vi.unstubAllGlobals();
    }
  });
});

describe('classifyError', () => {
  it('classifies network failures, timeouts, non-JSON answers and HTTP statuses', async () => {
    server
      .on('GET', '/down', { networkError: true })
      .on('GET', '/slow', { timeout: true })
      .on('GET', '/html', { status: 200, html: '<!doctype html><html><body>App</body></html>' })
      .on('GET', '/missing', { status: 404, body: { detail: 'Not found' } })
      .on('GET', '/boom', { status: 500, body: { detail: 'Internal error' } });

    expect(classifyError(await failureOf(api.get('/down')))).toBe('FETCH_ERROR');
    expect(classifyError(await failureOf(api.get('/slow')))).toBe('TIMEOUT_ERROR');
    expect(classifyError(await failureOf(api.get('/html')))).toBe('PARSING_ERROR');
    expect(classifyError(await failureOf(api.get('/missing')))).toBe('HTTP_404');
    expect(classifyError(await failureOf(api.get('/boom')))).toBe('HTTP_500');
    expect(classifyError(new TypeError('Failed to fetch'))).toBe('FETCH_ERROR');
  });
});

describe('errorMessage', () => {
  it("shows the server's detail when it sent one", async () => {
    server.on('POST', '/auth/login', { status: 401, body: { detail: 'Invalid email or password' } });
    const error = await failureOf(api.post('/auth/login', {}));
    expect(errorMessage(error, FALLBACK_MESSAGES.login)).toBe('Invalid email or password');
  });

  it('falls back to the given message without a detail', async () => {
    server
      .on('POST', '/auth/register', { status: 500 })
      .on('POST', '/auth/forgot-password', { networkError: true });
    expect(errorMessage(await failureOf(api.post('/auth/register', {})), FALLBACK_MESSAGES.register)).toBe(
      'Registration failed',
    );
    expect(
      errorMessage(await failureOf(api.post('/auth/forgot-password', {})), FALLBACK_MESSAGES.forgotPassword),
    ).toBe('Failed to send password reset email');
    expect(errorMessage(new Error('x'), 'Profile update failed')).toBe('Profile update failed');
  });

  it('has the fallback texts of the spec', () => {
    expect(Object.values(FALLBACK_MESSAGES)).toEqual([
      'Login failed',
      'Registration failed',
      'Profile completion failed',
      'Profile update failed',
      'Failed to send password reset email',
      'Failed to reset password',
    ]);
  });
});
