import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../src/app/providers';
import { PushSettings } from '../../../../src/features/push/components/push-settings';
import { createPushStore, type PushStore } from '../../../../src/features/push/stores/push-store';
import { installFakeServer } from '../../support/fake-server';
import { signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { fakeBrowser, VAPID_KEY } from './push-fakes';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let stored: { id: string; endpoint: string; user_agent: string; created_at: string }[] = [];
  installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser() })
    .on('GET', '/my/push/subscriptions', () => ({
      status: 200,
      body: { subscriptions: stored, vapid_public_key: VAPID_KEY },
    }))
    .on('POST', '/my/push/subscribe', ({ body }) => {
      const { endpoint } = body as { endpoint: string };
      stored = [{ id: 's-1', endpoint, user_agent: 'x', created_at: '2025-05-01T10:00:00.000Z' }];
      return { status: 201, body: stored[0] };
    });
  signIn();
});

function renderCard(store: PushStore) {
  render(
    <AppProviders persist={false} env="test">
      <PushSettings store={store} />
    </AppProviders>,
  );
  return { user: userEvent.setup(), card: screen.getByRole('region', { name: 'Push notifications' }) };
}

describe('"Enable push notifications" answers within 5 s', () => {
  it('shows what it is waiting for, then says why not when the service worker never starts', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    const never = new Promise<never>(() => undefined);
    const store = createPushStore(() => ({
      ...browser.env,
      serviceWorker: { ...browser.env.serviceWorker!, ready: never },
    }));
    const { user, card } = renderCard(store);
    const enable = await within(card).findByRole('button', { name: 'Enable push notifications' });
    await user.click(enable);
    expect(await within(card).findByText('Waiting for the service worker…')).toBeInTheDocument();
    const started = Date.now();
    expect(
      await within(card).findByText(
        'The service worker is not running yet. Reload the page and try again.',
        {},
        { timeout: 7_000 },
      ),
    ).toBeInTheDocument();
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(within(card).queryByText('Waiting for the service worker…')).not.toBeInTheDocument();
  });

  it('says so when push is on', async () => {
    const store = createPushStore(() => fakeBrowser({ permission: 'granted' }).env);
    const { user, card } = renderCard(store);
    await user.click(await within(card).findByRole('button', { name: 'Enable push notifications' }));
    expect(await within(card).findByText('Push notifications are on for this browser.')).toBeInTheDocument();
  });
});
