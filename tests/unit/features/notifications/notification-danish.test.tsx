import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeNotification, notificationsBackend } from './notification-fixtures';

vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer().on('GET', '/auth/me', {
    status: 200,
    body: makeUser({ id: 'pub-1', role: 'publisher', language: 'da' }),
  });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('the notification panel in Danish', () => {
  it('names the bell, filters, categories, actions and times in Danish', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    notificationsBackend(server, [
      makeNotification({ title: 'Godkendt: Sko', category: 'application', created_at: twoHoursAgo }),
    ]);
    const { user } = renderApp('/dashboard');
    await user.click(
      await screen.findByRole('button', { name: 'Notifikationer (1 ulæst)' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Notifikationer' }, { timeout: 15_000 });
    const list = await within(dialog).findByRole('list', { name: 'Liste over notifikationer' });
    const item = within(list).getByRole('listitem', { name: 'Godkendt: Sko (ulæst)' });
    expect(item).toHaveTextContent('Ansøgninger');
    expect(item).toHaveTextContent('for 2 timer siden');
    expect(within(item).getByRole('button', { name: 'Markér som læst: Godkendt: Sko' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Kategori')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Ulæste' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Markér alle som læst' })).toBeInTheDocument();
  });
});
