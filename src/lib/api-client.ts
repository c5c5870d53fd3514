import axios, { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { clearToken, getToken } from './token-storage';
import { reportNetworkFailure } from './offline/online-status';

export const API_TIMEOUT_MS = 10_000;
export const LOGIN_PATH = '/login';
/** AxiosError code we use when a JSON response turned out to be something else (e.g. an HTML page). */
export const PARSING_ERROR_CODE = 'ERR_PARSING';

export const api = axios.create({
  baseURL: '/api',
  timeout: API_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json' },
  // The API authenticates by bearer token and sets no cookies. Left on, axios reads an XSRF cookie
  // before every same-origin request, through the browser's asynchronous cookieStore where there is one:
  // a round trip to the browser process before each request is sent, in a task of its own.
  withXSRFToken: false,
});

/** The request got no answer at all (no network, server unreachable): not an HTTP error, not a timeout. */
export function isNoAnswer(error: unknown): error is AxiosError {
  return axios.isAxiosError(error) && !error.response && error.code === AxiosError.ERR_NETWORK;
}

type Navigate = (path: string) => void;
let navigate: Navigate = (path) => window.location.assign(path);
const unauthorizedListeners = new Set<() => void>();

/** Lets the app route the 401 redirect through the router instead of a full page load. */
export function setApiNavigator(fn: Navigate): void {
  navigate = fn;
}

/** Called after a 401 cleared the token (the auth store clears its user, the app its query cache). */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

function handleUnauthorized(): void {
  clearToken();
  unauthorizedListeners.forEach((listener) => listener());
  if (window.location.pathname !== LOGIN_PATH) navigate(LOGIN_PATH);
}

function attachToken(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
}

function expectsJson(config: InternalAxiosRequestConfig): boolean {
  return config.responseType === undefined || config.responseType === 'json';
}

// Axios silently hands back the raw text when JSON parsing fails; an HTML page from a proxy or the SPA
// fallback would then flow into components as a string. Fail loudly instead.
function rejectNonJson(response: AxiosResponse): AxiosResponse {
  const contentType = String(response.headers['content-type'] ?? '');
  const { data } = response;
  if (
    expectsJson(response.config) &&
    typeof data === 'string' &&
    data.trim() !== '' &&
    !/json/i.test(contentType)
  ) {
    throw new AxiosError(
      'Expected a JSON response',
      PARSING_ERROR_CODE,
      response.config,
      response.request,
      response,
    );
  }
  return response;
}

/** The request went out with a token that has since been replaced (a password change issues a new one). */
function sentWithReplacedToken(config: InternalAxiosRequestConfig): boolean {
  const sent = /^Bearer (.+)$/.exec(
    String(AxiosHeaders.from(config.headers).get('Authorization') ?? ''),
  )?.[1];
  const current = getToken();
  return sent !== undefined && current !== null && sent !== current;
}

api.interceptors.request.use(attachToken);
api.interceptors.response.use(rejectNonJson, (error: unknown) => {
  // A password change revokes the old token as it issues the new one, so a request still in flight with
  // the old token says nothing about the current session: it fails on its own, nobody is signed out.
  // (It is not re-sent: the new token may belong to another account by the time the 401 arrives.)
  if (
    axios.isAxiosError(error) &&
    error.response?.status === 401 &&
    !(error.config && sentWithReplacedToken(error.config))
  ) {
    handleUnauthorized();
  }
  // A read got no answer at all: the network is gone even if the browser has not said so (see
  // online-status.ts). Only reads: a write that fails this way still reports its own failure to the
  // person who made it, unless it is one that can wait offline (offline-mutation.ts says so itself).
  if (isNoAnswer(error) && (error.config?.method ?? 'get').toLowerCase() === 'get') {
    reportNetworkFailure();
  }
  return Promise.reject(error);
});

export type ErrorKind = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | `HTTP_${number}`;

export function classifyError(err: unknown): ErrorKind {
  if (err instanceof SyntaxError) return 'PARSING_ERROR';
  if (!axios.isAxiosError(err)) return 'FETCH_ERROR';
  if (
    err.code === AxiosError.ECONNABORTED ||
    err.code === AxiosError.ETIMEDOUT ||
    /timeout/i.test(err.message)
  ) {
    return 'TIMEOUT_ERROR';
  }
  if (err.code === PARSING_ERROR_CODE || err.cause instanceof SyntaxError) return 'PARSING_ERROR';
  if (err.response) return `HTTP_${err.response.status}`;
  return 'FETCH_ERROR';
}

export function httpStatus(err: unknown): number | undefined {
  return axios.isAxiosError(err) ? err.response?.status : undefined;
}

/** The server's `detail` message when it sent one, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (!axios.isAxiosError(err)) return fallback;
  const data: unknown = err.response?.data;
  if (typeof data === 'object' && data !== null && 'detail' in data) {
    const { detail } = data as { detail: unknown };
    if (typeof detail === 'string' && detail.trim() !== '') return detail;
  }
  return fallback;
}

/** Fallback messages when the server gives no detail (spec §8). */
export const FALLBACK_MESSAGES = {
  login: 'Login failed',
  register: 'Registration failed',
  completeProfile: 'Profile completion failed',
  updateProfile: 'Profile update failed',
  forgotPassword: 'Failed to send password reset email',
  resetPassword: 'Failed to reset password',
} as const;
