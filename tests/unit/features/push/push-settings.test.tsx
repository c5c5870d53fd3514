import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../src/app/providers';
import { PushSettings } from '../../../../src/features/push/components/push-settings';
import {
  createPushStore,
  PUSH_ERRORS,
  type PushStore,
} from '../../../../src/features/push/stores/push-store';
import type { PushSubscriptionRecord } from '../../../../src/features/push/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { fakeBrowser, fakeSubscription, VAPID_KEY } from './push-fakes';
import { formatDate } from '../../../../src/lib/format-date';

let server: FakeServer;
let stored: PushSubscriptionRecord[];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stored = [];
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser() })
    .on('GET', '/my/push/subscriptions', () => ({
      status: 200,
      body: { subscriptions: stored, vapid_public_key: VAPID_KEY },
    }))
    .on('POST', '/my/push/subscribe', ({ body }) => {
      const { endpoint, userAgent } = body as { endpoint: string; userAgent: string };
      stored = [{ id: 's-1', endpoint, user_agent: userAgent, created_at: '2025-05-01T10:00:00.000Z' }];
      return { status: 201, body: stored[0] };
    })
    .on('DELETE', '/my/push/unsubscribe', () => {
      stored = [];
      return { status: 200, body: { removed: 1 } };
    })
    .on('POST', '/my/push/test', {
      status: 200,
      body: { message: 'Test notification sent to 1 subscription.' },
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

const status = (name: string) => screen.findByLabelText(`Push status: ${name}`);

describe('push settings', () => {
  it('says push is not supported on the settings page of a browser without it', async () => {
    renderApp('/settings');
    const card = await screen.findByRole('region', { name: 'Push notifications' });
    expect(within(card).getByText(PUSH_ERRORS.unsupported)).toBeInTheDocument();
    expect(within(card).getByLabelText('Push status: Not supported')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Enable push notifications' })).not.toBeInTheDocument();
  });

  it('subscribes, lists this browser, sends a test push and unsubscribes', async () => {
    const browser = fakeBrowser({ permission: 'default', prompt: 'granted' });
    const { user, card } = renderCard(createPushStore(() => browser.env));
    expect(await status('Not subscribed')).toBeInTheDocument();

    const enable = within(card).getByRole('button', { name: 'Enable push notifications' });
    await waitFor(() => expect(enable).toBeEnabled());
    await user.click(enable);

    expect(await status('Subscribed')).toBeInTheDocument();
    const list = await within(card).findByRole('list', { name: 'Push subscriptions' });
    expect(
      within(list).getByText(
        `Chrome on Linux (this browser) since ${formatDate('2025-05-01T10:00:00.000Z')}`,
        { exact: false },
      ),
    ).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Send test push' }));
    expect(await screen.findByText('Test notification sent to 1 subscription.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Disable push notifications' }));
    expect(await status('Not subscribed')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/my/push/unsubscribe')[0]?.body).toEqual({
      endpoint: 'https://push.example/send/new',
    });
    await waitFor(() =>
      expect(within(card).queryByRole('button', { name: 'Send test push' })).not.toBeInTheDocument(),
    );
  });

  it.each([
    ['the user blocks the prompt', 'denied' as const, PUSH_ERRORS.denied, 'Blocked'],
    ['the user dismisses the prompt', 'default' as const, PUSH_ERRORS.notGranted, 'Not subscribed'],
  ])('shows the spec message when %s', async (_label, prompt, message, label) => {
    const browser = fakeBrowser({ permission: 'default', prompt });
    const { user, card } = renderCard(createPushStore(() => browser.env));
    const enable = within(card).getByRole('button', { name: 'Enable push notifications' });
    await waitFor(() => expect(enable).toBeEnabled());
    await user.click(enable);
    expect(await within(card).findByRole('alert')).toHaveTextContent(message);
    expect(await status(label)).toBeInTheDocument();
    // blocked: where to unblock it, with the spec's message
    if (prompt === 'denied')
      expect(within(card).getByRole('alert')).toHaveTextContent("allow them in your browser's site settings");
  });

  it(`shows "${PUSH_ERRORS.saveFailed}" when the server refuses the subscription`, async () => {
    server.on('POST', '/my/push/subscribe', {
      status: 422,
      body: { detail: 'endpoint must be an https URL' },
    });
    const browser = fakeBrowser({ permission: 'granted' });
    const { user, card } = renderCard(createPushStore(() => browser.env));
    const enable = within(card).getByRole('button', { name: 'Enable push notifications' });
    await waitFor(() => expect(enable).toBeEnabled());
    await user.click(enable);
    expect(await within(card).findByRole('alert')).toHaveTextContent(PUSH_ERRORS.saveFailed);
    expect(await status('Not subscribed')).toBeInTheDocument();
  });

  it('does not claim a subscription this browser holds for another account', async () => {
    const existing = fakeSubscription('https://push.example/send/someone-else');
    const store = createPushStore(() => fakeBrowser({ permission: 'granted', existing }).env);
    await store.init();
    const { user, card } = renderCard(store);

    expect(await within(card).findByText(/gets pushes for another account/)).toBeInTheDocument();
    expect(await status('Not subscribed')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Enable push notifications' }));
    expect(await status('Subscribed')).toBeInTheDocument();
    expect(server.callsTo('POST', '/my/push/subscribe')[0]?.body).toMatchObject({
      endpoint: 'https://push.example/send/someone-else',
    });
  });
});
