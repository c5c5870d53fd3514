import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { intlWorkerScript, startApp, startConfig, startScript } from '../../../src/app/start-shell';

const FILES = {
  entry: ['/assets/index.js', '/assets/runtime.js'],
  signedIn: { scripts: ['/assets/signed-in.js', '/assets/every-page.js'], styles: ['/assets/signed-in.css'] },
  intlWorker: '/assets/warm-intl-worker.js',
};
const CONFIG = startConfig(FILES);

const USER = {
  id: 'u1',
  role: 'publisher',
  name: '  Ada   Lovelace ',
  email: 'ada@example.test',
  onboarding_completed: true,
  profile_completion_status: 'complete',
};

let workers: string[];

/** What the start asked the browser to load, in order, then the workers it started. */
const loaded = () => [
  ...[...document.head.querySelectorAll('link, script')].map((node) =>
    node instanceof HTMLScriptElement
      ? `${node.type} ${node.getAttribute('src')}`
      : `${(node as HTMLLinkElement).rel}${node.getAttribute('as') ? ` as ${node.getAttribute('as')}` : ''} ${node.getAttribute('href')}`,
  ),
  ...workers.map((url) => `worker ${url}`),
];

const SIGNED_OUT_LOAD = ['modulepreload /assets/runtime.js', 'module /assets/index.js'];
const SIGNED_IN_LOAD = [
  'modulepreload /assets/runtime.js',
  'modulepreload /assets/signed-in.js',
  'modulepreload /assets/every-page.js',
  'preload as style /assets/signed-in.css',
  'module /assets/index.js',
  'worker /assets/warm-intl-worker.js',
];

function signIn(user: object = USER, preferences?: object) {
  localStorage.setItem('access_token', 'token');
  localStorage.setItem('affilio:user', JSON.stringify(user));
  if (preferences) localStorage.setItem('affilio:ui-preferences', JSON.stringify(preferences));
}

let frames: FrameRequestCallback[];
let visibility: DocumentVisibilityState;

beforeEach(() => {
  frames = [];
  workers = [];
  visibility = 'visible';
  vi.stubGlobal(
    'Worker',
    class {
      constructor(url: string) {
        workers.push(url);
      }
    },
  );
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  document.body.innerHTML = '<div id="root"></div>';
  window.history.replaceState(null, '', '/dashboard');
});

afterEach(() => {
  // stubs first: requestAnimationFrame was stubbed over the fake clock's, so restoring the stubs hands back
  // the fake one, which uninstalling the clock then replaces with the real one. The other order left the
  // dead fake in place for the next file in this worker, and no Mantine transition ever ran again.
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  localStorage.clear();
});

/** The browser draws a frame: the callbacks waiting for it run, then the timers they set. */
function drawFrame() {
  frames.splice(0).forEach((callback) => callback(0));
  vi.runAllTimers();
}

const heading = () => document.querySelector('#root h1')?.textContent;

describe('the start (inline in index.html)', () => {
  it('signed out, loads the entry at once and draws nothing', () => {
    startApp(CONFIG);
    expect(loaded()).toEqual(SIGNED_OUT_LOAD);
    expect(document.getElementById('root')?.childElementCount).toBe(0);
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
  });

  it('on the dashboard, draws the shell with the first name, and loads the app only after that frame', () => {
    signIn();
    startApp(CONFIG);
    expect(heading()).toBe('Welcome, Ada');
    expect(document.querySelector('.start-shell')?.getAttribute('data-sidebar')).toBe('open');
    expect(document.querySelector('.start-shell-page')?.getAttribute('style')).toBe('max-width: 1400px;');
    expect(loaded()).toEqual([]);
    drawFrame();
    expect(loaded()).toEqual(SIGNED_IN_LOAD);
  });

  it('after that frame, lays out a hidden sample of each first-screen font, one per task, and leaves nothing behind', () => {
    signIn();
    startApp(CONFIG);
    const shell = document.getElementById('root')?.innerHTML;
    frames.splice(0).forEach((callback) => callback(0));
    vi.advanceTimersToNextTimer(); // the app's code is asked for; the samples' box is there, still empty
    expect(loaded()).toEqual(SIGNED_IN_LOAD);
    const box = document.body.lastElementChild as HTMLElement;
    expect(box.id).not.toBe('root');
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.style.visibility).toBe('hidden');
    expect(box.style.position).toBe('absolute');
    for (let sample = 1; sample <= CONFIG.fonts.length; sample++) {
      vi.advanceTimersToNextTimer();
      expect(box.childElementCount).toBe(sample);
      expect(box.isConnected).toBe(true);
    }
    expect(box.lastElementChild?.textContent).toBe('Aa0');
    vi.advanceTimersToNextTimer();
    expect(box.isConnected).toBe(false);
    expect(document.body.children).toHaveLength(1);
    expect(document.getElementById('root')?.innerHTML).toBe(shell);
  });

  it('run in <head> before the body is parsed, draws the shell once it is', () => {
    signIn();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const body = document.body.innerHTML;
    document.body.innerHTML = '';
    startApp(CONFIG);
    expect(heading()).toBeUndefined();
    document.body.innerHTML = body;
    readyState.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(heading()).toBe('Welcome, Ada');
    expect(loaded()).toEqual([]);
    drawFrame();
    expect(loaded()).toEqual(SIGNED_IN_LOAD);
  });

  it('in a background tab (no frame will be drawn), loads the app at once', () => {
    signIn();
    visibility = 'hidden';
    startApp(CONFIG);
    expect(heading()).toBe('Welcome, Ada');
    expect(loaded()).toEqual(SIGNED_IN_LOAD);
  });

  it('on another page, draws nothing and loads the app with the signed-in chunks at once', () => {
    signIn();
    window.history.replaceState(null, '', '/campaigns');
    startApp(CONFIG);
    expect(heading()).toBeUndefined();
    expect(loaded()).toEqual(SIGNED_IN_LOAD);
  });

  it('draws no dashboard for a user who still has to finish onboarding (the app sends them there)', () => {
    signIn({ ...USER, onboarding_completed: false });
    startApp(CONFIG);
    expect(heading()).toBeUndefined();
    expect(loaded()).toEqual(SIGNED_IN_LOAD);
  });

  it("follows the stored preferences: dark theme, the layout's width, no sidebar in the focused layout", () => {
    signIn(USER, { theme: 'dark', layoutPreset: 'focused' });
    startApp(CONFIG);
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(document.querySelector('.start-shell')?.hasAttribute('data-sidebar')).toBe(false);
    expect(document.querySelector('.start-shell-burger, .start-shell-navbar')).toBeNull();
    expect(document.querySelector('.start-shell-page')?.getAttribute('style')).toBe('max-width: 640px;');
  });

  it("takes an unknown stored layout (even one named like an object's method) as the role's default", () => {
    signIn(USER, { layoutPreset: 'toString' });
    startApp(CONFIG);
    expect(document.querySelector('.start-shell')?.getAttribute('data-sidebar')).toBe('open');
    expect(document.querySelector('.start-shell-page')?.getAttribute('style')).toBe('max-width: 1400px;');
  });

  it('shows a collapsed sidebar as collapsed, and the email when the name is blank', () => {
    signIn({ ...USER, name: ' ' }, { sidebarCollapsed: true });
    startApp(CONFIG);
    expect(document.querySelector('.start-shell')?.getAttribute('data-sidebar')).toBe('collapsed');
    expect(heading()).toBe('Welcome, ada@example.test');
  });

  it('writes the name as text, never as markup', () => {
    signIn({ ...USER, name: '<img src=x onerror=alert(1)>' });
    startApp(CONFIG);
    expect(heading()).toBe('Welcome, <img');
    expect(document.querySelector('#root img')).toBeNull();
  });

  it('treats an unreadable stored user as signed out', () => {
    localStorage.setItem('access_token', 'token');
    localStorage.setItem('affilio:user', '{not json');
    startApp(CONFIG);
    expect(heading()).toBeUndefined();
    expect(loaded()).toEqual(SIGNED_OUT_LOAD);
  });

  it('still loads the app where no worker can be started (the Intl warm-up is only a head start)', () => {
    signIn();
    window.history.replaceState(null, '', '/campaigns');
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('workers are not supported');
        }
      },
    );
    startApp(CONFIG);
    expect(loaded()).toEqual(SIGNED_IN_LOAD.filter((line) => !line.startsWith('worker ')));
  });

  it("warms Intl in a worker whose script stands alone: it makes the app's first formatters, then ends", () => {
    const made: string[] = [];
    const formatter = (kind: string) =>
      class {
        constructor(locale: string | undefined, options: object) {
          made.push(`${kind} ${locale ?? 'default'} ${JSON.stringify(options)}`);
        }
        format() {
          return '';
        }
      };
    const intl = {
      DateTimeFormat: formatter('date'),
      NumberFormat: formatter('number'),
      RelativeTimeFormat: formatter('relative'),
    };
    const close = vi.fn();
    new Function('Intl', 'close', intlWorkerScript())(intl, close);
    expect(made).toContain('date default {"dateStyle":"medium","timeZone":"UTC"}');
    expect(made.some((line) => line.startsWith('number en-US'))).toBe(true);
    expect(made.some((line) => line.startsWith('relative en'))).toBe(true);
    expect(close).toHaveBeenCalledTimes(1);
    // And with the real Intl: nothing it calls is missing.
    new Function('close', intlWorkerScript())(close);
    expect(close).toHaveBeenCalledTimes(2);
  });

  it('works as the serialized script index.html carries (nothing from outside the function)', () => {
    signIn();
    new Function(startScript(CONFIG))();
    expect(heading()).toBe('Welcome, Ada');
    drawFrame();
    expect(loaded()).toEqual(SIGNED_IN_LOAD);
  });
});
