// Runs under the unit project's jsdom (tests/unit/setup.ts needs `window`); the worker code only needs URL,
// and tsconfig.sw.json (WebWorker lib, no DOM) keeps it from touching window.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_ICON, DEFAULT_TITLE, handlePush, type PushEventLike } from '../../../sw/push';

function jsonMessage(value: unknown): PushEventLike['data'] {
  const text = JSON.stringify(value);
  return { json: () => JSON.parse(text) as unknown, text: () => text };
}

function textMessage(text: string): PushEventLike['data'] {
  return {
    json: () => JSON.parse(text) as unknown,
    text: () => text,
  };
}

function fakes(data: PushEventLike['data']) {
  const waited: Promise<unknown>[] = [];
  const event: PushEventLike = { data, waitUntil: (promise) => void waited.push(promise) };
  const showNotification = vi.fn((_title: string, _options?: NotificationOptions) => Promise.resolve());
  return { event, registration: { showNotification }, waited, showNotification };
}

describe('handlePush', () => {
  it('shows the notification described by the JSON payload inside waitUntil', async () => {
    const { event, registration, waited, showNotification } = fakes(
      jsonMessage({
        title: 'New message',
        body: 'Alice: hello',
        icon: '/icons/custom.png',
        tag: 'conversation-7',
        data: { url: '/conversation=7', type: 'message', id: 7 },
      }),
    );

    const shown = handlePush(event, registration);

    expect(waited).toEqual([shown]);
    await shown;
    expect(showNotification).toHaveBeenCalledTimes(1);
    expect(showNotification).toHaveBeenCalledWith('New message', {
      body: 'Alice: hello',
      icon: '/icons/custom.png',
      badge: DEFAULT_ICON,
      tag: 'conversation-7',
      data: { url: '/conversation=7', type: 'message', id: 7 },
    });
  });

  it('fills in the app title and icon when the payload omits them', async () => {
    const { event, registration, showNotification } = fakes(jsonMessage({ body: 'Payout sent' }));

    await handlePush(event, registration);

    expect(showNotification).toHaveBeenCalledWith(DEFAULT_TITLE, {
      body: 'Payout sent',
      icon: DEFAULT_ICON,
      badge: DEFAULT_ICON,
      data: {},
    });
  });

  it.each([
    ['no data at all', null],
    ['an empty object', jsonMessage({})],
    ['a JSON array', jsonMessage([1, 2])],
    ['a JSON string', jsonMessage('hi')],
    ['a blank title', jsonMessage({ title: '   ', body: 42, data: 'nope' })],
    ['an empty text body', textMessage('')],
  ])('still shows a visible "Affilio" notification for %s', async (_label, data) => {
    const { event, registration, waited, showNotification } = fakes(data);

    await handlePush(event, registration);

    expect(waited).toHaveLength(1);
    expect(showNotification).toHaveBeenCalledTimes(1);
    const [title, options] = showNotification.mock.calls[0]!;
    expect(title).toBe(DEFAULT_TITLE);
    expect(options).toMatchObject({ icon: DEFAULT_ICON, data: {} });
  });

  it('uses non-JSON text as the body', async () => {
    const { event, registration, showNotification } = fakes(textMessage('You have a new application'));

    await handlePush(event, registration);

    expect(showNotification).toHaveBeenCalledWith(
      DEFAULT_TITLE,
      expect.objectContaining({ body: 'You have a new application' }),
    );
  });

  it('keeps only known data fields of the right type', async () => {
    const { event, registration, showNotification } = fakes(
      jsonMessage({ title: 'x', data: { type: 'campaign', id: { nested: true }, url: 5, extra: 'y' } }),
    );

    await handlePush(event, registration);

    expect(showNotification.mock.calls[0]![1]).toMatchObject({ data: { type: 'campaign' } });
    expect((showNotification.mock.calls[0]![1] as { data: object }).data).toEqual({ type: 'campaign' });
  });

  it('shows the server payload of the API contract, keeping the notification id for the app', async () => {
    const { event, registration, showNotification } = fakes(
      jsonMessage({
        title: 'Application approved',
        body: 'Your application to Shoes was approved.',
        icon: '/icons/icon-192.png',
        tag: 'notification-7f1c',
        data: { url: '/applications', type: 'application', id: 'a-1', notification_id: '7f1c' },
      }),
    );

    await handlePush(event, registration);

    expect(showNotification).toHaveBeenCalledWith('Application approved', {
      body: 'Your application to Shoes was approved.',
      icon: '/icons/icon-192.png',
      badge: DEFAULT_ICON,
      tag: 'notification-7f1c',
      data: { url: '/applications', type: 'application', id: 'a-1', notification_id: '7f1c' },
    });
  });

  it('tells every open window of the app that a push arrived, within waitUntil', async () => {
    const { event, registration, waited } = fakes(
      jsonMessage({ title: 'x', data: { type: 'campaign', notification_id: 'n-1' } }),
    );
    const windows = [{ postMessage: vi.fn() }, { postMessage: vi.fn() }];
    let releaseMatch: () => void = () => {};
    const matchAll = vi.fn(
      () => new Promise<typeof windows>((resolve) => (releaseMatch = () => resolve(windows))),
    );

    const done = handlePush(event, registration, { matchAll });
    let settled = false;
    void done.then(() => (settled = true));

    expect(waited).toEqual([done]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The worker must stay alive until the windows have been told.
    expect(settled).toBe(false);
    releaseMatch();
    await done;
    expect(matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    for (const client of windows) {
      expect(client.postMessage).toHaveBeenCalledWith({ type: 'push-received', notification_id: 'n-1' });
    }
  });

  it('still shows the notification when the windows cannot be reached', async () => {
    const { event, registration, showNotification } = fakes(jsonMessage({ title: 'Hello' }));

    await handlePush(event, registration, { matchAll: () => Promise.reject(new Error('gone')) });

    expect(showNotification).toHaveBeenCalledWith('Hello', expect.objectContaining({ icon: DEFAULT_ICON }));
  });

  it('hands a failing showNotification to waitUntil rather than swallowing it', async () => {
    const { event, waited } = fakes(jsonMessage({ title: 't' }));
    const failure = new Error('no permission');

    const shown = handlePush(event, { showNotification: () => Promise.reject(failure) });

    expect(waited).toEqual([shown]);
    await expect(shown).rejects.toBe(failure);
  });
});
