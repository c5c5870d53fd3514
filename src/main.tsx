import './app/styles/first-screen-styles';
// The theme's CSS variables, computed at build time (scripts/vite-mantine-theme-css.ts), after Mantine's.
import 'virtual:mantine-theme.css';
// The start shell's styles (src/app/start-shell.ts): render-blocking, so the shell is painted styled.
import './app/styles/start-shell.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { detectLanguage, setLanguage } from './lib/i18n';

// The CSP forbids eval (script-src 'self'): zod must not probe for it with `new Function`, which the
// browser reports as a violation even though zod catches it. zod reads this global when it loads (later,
// in lazy chunks) or, if already loaded, on its first parse.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const root = createRoot(container);
// The language's catalog is a lazy chunk (src/lib/i18n.ts): its request starts here, beside the route's
// chunks, and the first render waits for it (the start shell stays painted meanwhile). A profile with
// another language switches once the user is known.
void setLanguage(detectLanguage())
  // a catalog that cannot load (an old cache offline) still gives a working app, in message ids
  .catch(() => undefined)
  .then(() => {
    // As a transition the first render yields to the browser every few milliseconds instead of holding the
    // main thread for the whole tree (one long task on a slow phone).
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
