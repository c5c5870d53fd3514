import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../../src/app/providers';
import { createAppRoutes } from '../../../src/app/router';
import { setApiNavigator } from '../../../src/lib/api-client';
import { setStoredCurrency } from '../../../src/lib/currency';
import { createQueryClient } from '../../../src/lib/query-client';
import { TOKEN_STORAGE_KEY } from '../../../src/lib/token-storage';
import type { CurrencyCode } from '../../../contracts/currencies';

/** Renders the real routes, providers and query client at `path` (HTTP goes to the fake server). */
export function renderApp(path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  setApiNavigator((to) => void router.navigate(to, { replace: true }));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
    mutations: { ...queryClient.getDefaultOptions().mutations, retryDelay: 0 },
  });
  const utils = render(
    <AppProviders queryClient={queryClient} persist={false} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient, user: userEvent.setup({ delay: null }) };
}

export function signIn(token = 'test-token') {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

/** The signed-in user's own display-currency choice on this device (spec §9), as the switcher stores it. */
export function showAmountsIn(userId: string, currency: CurrencyCode) {
  setStoredCurrency(userId, currency);
}
