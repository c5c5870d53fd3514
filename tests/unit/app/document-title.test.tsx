import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../support/fake-server';
import { renderApp, signIn } from '../support/render-app';
import { makeUser } from '../support/users';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  document.title = 'Affilio';
});

describe('document title', () => {
  it('names each route, so tabs and history can be told apart', async () => {
    installFakeServer()
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'adv-1', role: 'advertiser' }) })
      .on('GET', '/campaigns', { status: 200, body: [], headers: { 'x-total-count': '0' } })
      .on('GET', '/commissions', { status: 200, body: [], headers: { 'x-total-count': '0' } })
      .on('GET', '/commissions/totals', { status: 200, body: [] });
    signIn();
    const { router } = renderApp('/campaigns');
    await waitFor(() => expect(document.title).toBe('Campaigns · Affilio'), { timeout: 15_000 });
    await router.navigate('/commissions');
    await waitFor(() => expect(document.title).toBe('Commissions · Affilio'));
  });

  it('names the sign-in screen', async () => {
    installFakeServer();
    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Sign in · Affilio'), { timeout: 15_000 });
  });
});
