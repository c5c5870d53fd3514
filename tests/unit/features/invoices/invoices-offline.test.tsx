import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage, type Language } from '../../../../src/lib/i18n';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeInvoice } from './invoice-fixtures';

vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer();
  signIn();
});

afterEach(async () => {
  onlineManager.setOnline(true);
  await setLanguage('en');
});

const SLOW = { timeout: 20_000 };

describe.each([
  ['en', 'Billing', 'Invoices', 'Not available offline yet'],
  ['da', 'Fakturering', 'Fakturaer', 'Endnu ikke tilgængelig offline'],
] as const)('invoices never opened, offline (%s)', (language: Language, billing, invoices, unavailable) => {
  it('says the page is not available offline yet instead of spinning, and loads it on reconnect', async () => {
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'adv-1', role: 'advertiser', language }) })
      .on('GET', '/invoices', { status: 200, body: [makeInvoice()], headers: { 'x-total-count': '1' } });
    await setLanguage(language);
    const { user } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: billing }, SLOW);
    onlineManager.setOnline(false);
    await user.click(within(nav).getByRole('link', { name: invoices }));
    expect(await screen.findByRole('heading', { name: unavailable }, SLOW)).toBeInTheDocument();
    expect(server.callsTo('GET', '/invoices')).toHaveLength(0);

    onlineManager.setOnline(true);
    expect(await screen.findByRole('table', { name: invoices }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: unavailable })).not.toBeInTheDocument();
  });
});
