import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../src/app/providers';
import { PushSettings } from '../../../../src/features/push/components/push-settings';
import { createPushStore } from '../../../../src/features/push/stores/push-store';
import type { PushSubscriptionRecord } from '../../../../src/features/push/types';
import { formatDate } from '../../../../src/lib/format-date';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer } from '../../support/fake-server';
import { signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { fakeBrowser, VAPID_KEY } from './push-fakes';

vi.setConfig({ testTimeout: 30_000 });

let stored: PushSubscriptionRecord[];

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stored = [];
  installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ language: 'da' }) })
    .on('GET', '/my/push/subscriptions', () => ({
      status: 200,
      body: { subscriptions: stored, vapid_public_key: VAPID_KEY },
    }))
    .on('POST', '/my/push/subscribe', ({ body }) => {
      const { endpoint, userAgent } = body as { endpoint: string; userAgent: string };
      stored = [{ id: 's-1', endpoint, user_agent: userAgent, created_at: '2025-05-01T10:00:00.000Z' }];
      return { status: 201, body: stored[0] };
    });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

function renderCard(browser: ReturnType<typeof fakeBrowser>) {
  render(
    <AppProviders persist={false} env="test">
      <PushSettings store={createPushStore(() => browser.env)} />
    </AppProviders>,
  );
  return { user: userEvent.setup(), card: screen.getByRole('region', { name: 'Push-notifikationer' }) };
}

describe('push settings in Danish', () => {
  it('subscribes and lists this browser in Danish', async () => {
    const { user, card } = renderCard(fakeBrowser({ permission: 'default', prompt: 'granted' }));
    expect(await screen.findByLabelText('Push-status: Ikke tilmeldt')).toBeInTheDocument();
    const enable = within(card).getByRole('button', { name: 'Slå push-notifikationer til' });
    await waitFor(() => expect(enable).toBeEnabled());
    await user.click(enable);
    expect(await screen.findByLabelText('Push-status: Tilmeldt')).toBeInTheDocument();
    expect(within(card).getByText('Push-notifikationer er slået til i denne browser.')).toBeInTheDocument();
    const list = await within(card).findByRole('list', { name: 'Push-tilmeldinger' });
    expect(list).toHaveTextContent(
      `Chrome på Linux (denne browser) siden ${formatDate('2025-05-01T10:00:00.000Z')}`,
    );
  });

  it('says a blocked prompt in Danish, with the way to unblock it', async () => {
    const { user, card } = renderCard(fakeBrowser({ permission: 'default', prompt: 'denied' }));
    const enable = within(card).getByRole('button', { name: 'Slå push-notifikationer til' });
    await waitFor(() => expect(enable).toBeEnabled());
    await user.click(enable);
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Tilladelse afvist af brugeren');
    expect(alert).toHaveTextContent('Notifikationer er blokeret for denne side');
  });
});
