import { describe, expect, it, vi } from 'vitest';
import {
  DATA_ERROR_TOAST,
  handleGlobalError,
  installGlobalErrorHandlers,
} from '../../../src/lib/global-error-handler';
import { setLanguage } from '../../../src/lib/i18n';
import { showToast } from '../../../src/lib/toast';

const DATA_ERROR = 'TypeError: Cannot convert undefined or null to object';

describe('global error handler', () => {
  it("shows a 'Data Error' toast for null-to-object conversion errors", () => {
    const toast = vi.fn();
    expect(handleGlobalError({ message: DATA_ERROR }, toast)).toBe('toast');
    expect(toast).toHaveBeenCalledWith({
      title: 'Data Error',
      message: 'A data processing error occurred. Please refresh the page.',
      color: 'red',
    });
  });

  it('says it in Danish to a Danish user', async () => {
    const toast = vi.fn();
    await setLanguage('da');
    try {
      handleGlobalError({ message: DATA_ERROR }, toast);
    } finally {
      await setLanguage('en');
    }
    expect(toast).toHaveBeenCalledWith({
      title: 'Datafejl',
      message: 'Der opstod en fejl i behandlingen af data. Genindlæs siden.',
      color: 'red',
    });
  });

  it('ignores errors from browser-extension scripts', () => {
    const toast = vi.fn();
    for (const source of [
      'chrome-extension://abcdef/content.js',
      'moz-extension://1234/inject.js',
      'safari-extension://com.example/script.js',
    ]) {
      expect(handleGlobalError({ message: DATA_ERROR, source }, toast)).toBe('ignored');
    }
    expect(
      handleGlobalError({ message: DATA_ERROR, stack: 'at x (chrome-extension://abc/bg.js:1:2)' }, toast),
    ).toBe('ignored');
    expect(toast).not.toHaveBeenCalled();
  });

  it('leaves other errors alone', () => {
    const toast = vi.fn();
    expect(handleGlobalError({ message: 'ReferenceError: x is not defined' }, toast)).toBe('unhandled');
    expect(toast).not.toHaveBeenCalled();
  });

  it('reacts to window error and unhandledrejection events once installed', () => {
    const toast = vi.fn();
    const uninstall = installGlobalErrorHandlers(window, toast);

    window.dispatchEvent(new ErrorEvent('error', { message: DATA_ERROR, filename: 'https://app/x.js' }));
    const ignored = new ErrorEvent('error', {
      message: DATA_ERROR,
      filename: 'chrome-extension://a/b.js',
      cancelable: true,
    });
    window.dispatchEvent(ignored);
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new TypeError('Cannot convert undefined or null to object');
    window.dispatchEvent(rejection);
    uninstall();
    window.dispatchEvent(new ErrorEvent('error', { message: DATA_ERROR }));

    expect(toast).toHaveBeenCalledTimes(2);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: DATA_ERROR_TOAST.title }));
    expect(ignored.defaultPrevented).toBe(true);
  });

  it('gives every toast an id and a timestamp', () => {
    const before = Date.now();
    const a = showToast({ title: 'Saved', message: 'Done', color: 'green' });
    const b = showToast({ message: 'Again' });
    expect(a.id).toBeTruthy();
    expect(a.id).not.toBe(b.id);
    expect(a.timestamp).toBeGreaterThanOrEqual(before);
    expect(a).toMatchObject({ title: 'Saved', message: 'Done', color: 'green' });
  });
});
