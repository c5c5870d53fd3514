import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
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

  return (
    <AppProviders overlays={<UpdatePrompt />}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
