import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { initPush } from '../features/push/stores/push-store';
import { setApiNavigator } from '../lib/api-client';
import { UpdatePrompt } from './pwa/update-prompt';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(() => {
    const created = createAppRouter();
    // The 401 redirect goes through the router: no full page reload.
    setApiNavigator((path) => void created.navigate(path, { replace: true }));
    return created;
  });

  // Push state is read once at start-up; a failure is only logged (spec §4).
  useEffect(() => void initPush(), []);

  return (
    <AppProviders overlays={<UpdatePrompt onNavigate={(path) => void router.navigate(path)} />}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
