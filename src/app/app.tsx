import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { setApiNavigator } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

// Not needed for the first screen: the service worker registration and push state load after it.
const UpdatePrompt = lazy(() => import('./pwa/update-prompt').then((m) => ({ default: m.UpdatePrompt })));

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const created = createAppRouter(queryClient);
    // The 401 redirect goes through the router: no full page reload.
    setApiNavigator((path) => void created.navigate(path, { replace: true }));
    return created;
  });

  // Push state is read once at start-up, when the first screen is done; a failure is only logged (spec §4).
  useEffect(() => {
    const init = () =>
      void import('../features/push/stores/push-store')
        .then((m) => m.initPush())
        .catch((error: unknown) => console.error('Loading push support failed', error));
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(init, 1000);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(init, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, []);

  return (
    <AppProviders
      queryClient={queryClient}
      overlays={
        <Suspense fallback={null}>
          <UpdatePrompt onNavigate={(path) => void router.navigate(path)} />
        </Suspense>
      }
    >
      <RouterProvider router={router} />
    </AppProviders>
  );
}
