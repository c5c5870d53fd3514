import { translate } from './i18n';
import { showToast, type ToastInput } from './toast';

/** The spec's toast (§ global errors), in English; shown in the UI's language. */
export const DATA_ERROR_TOAST = {
  title: 'Data Error',
  message: 'A data processing error occurred. Please refresh the page.',
  color: 'red',
} as const;

const DATA_ERROR_PATTERN = 'Cannot convert undefined or null to object';
const EXTENSION_SCHEMES = [
  'chrome-extension://',
  'moz-extension://',
  'safari-extension://',
  'safari-web-extension://',
];

export interface GlobalErrorInfo {
  message?: string;
  /** Script URL the error came from (ErrorEvent.filename). */
  source?: string;
  stack?: string;
}

export type GlobalErrorOutcome = 'ignored' | 'toast' | 'unhandled';

export function isExtensionError(info: GlobalErrorInfo): boolean {
  const where = `${info.source ?? ''}\n${info.stack ?? ''}`;
  return EXTENSION_SCHEMES.some((scheme) => where.includes(scheme));
}

/** Decides what a global error means for the user: extension noise is dropped, data errors get a toast. */
export function handleGlobalError(
  info: GlobalErrorInfo,
  toast: (input: ToastInput) => unknown = showToast,
): GlobalErrorOutcome {
  if (isExtensionError(info)) return 'ignored';
  if (info.message?.includes(DATA_ERROR_PATTERN)) {
    toast({
      ...DATA_ERROR_TOAST,
      title: translate('app', 'dataError.title'),
      message: translate('app', 'dataError.message'),
    });
    return 'toast';
  }
  return 'unhandled';
}

function infoFromReason(reason: unknown): GlobalErrorInfo {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack };
  return { message: typeof reason === 'string' ? reason : undefined };
}

export function errorEventInfo(event: ErrorEvent): GlobalErrorInfo {
  const error: unknown = event.error;
  return {
    message: event.message || (error instanceof Error ? error.message : undefined),
    source: event.filename,
    stack: error instanceof Error ? error.stack : undefined,
  };
}

/** Installs the window 'error' and 'unhandledrejection' handlers; returns a function removing them. */
export function installGlobalErrorHandlers(
  target: Window = window,
  toast: (input: ToastInput) => unknown = showToast,
): () => void {
  const onError = (event: ErrorEvent) => {
    if (handleGlobalError(errorEventInfo(event), toast) === 'ignored') event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (handleGlobalError(infoFromReason(event.reason), toast) === 'ignored') event.preventDefault();
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
