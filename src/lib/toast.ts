import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-client';

export interface ToastInput {
  title?: string;
  message: ReactNode;
  color?: string;
  autoClose?: number | false;
}

export interface Toast extends ToastInput {
  id: string;
  timestamp: number;
}

let sequence = 0;

/** Shows a Mantine notification and returns it with the id and timestamp it was given. */
export function showToast(input: ToastInput): Toast {
  sequence += 1;
  const timestamp = Date.now();
  const toast: Toast = { ...input, id: `toast-${timestamp.toString(36)}-${sequence}`, timestamp };
  notifications.show({
    id: toast.id,
    title: toast.title,
    message: toast.message,
    color: toast.color,
    autoClose: toast.autoClose ?? 5000,
  });
  return toast;
}

/** The confirmation after a create, edit or save: what happened, in green, gone after a few seconds. */
export function showSuccess(title: string, message: ReactNode = ''): Toast {
  return showToast({ title, message, color: 'green', autoClose: 4000 });
}

/**
 * An `onError` for a mutation: a red toast titled `title` with the server's message, or a hint to retry when
 * the call did not reach it.
 */
export const showFailure =
  (title: string) =>
  (error: unknown): Toast =>
    showToast({ title, message: errorMessage(error, 'Check your connection and try again.'), color: 'red' });
