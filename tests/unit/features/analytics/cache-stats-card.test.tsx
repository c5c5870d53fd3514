import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeDashboard } from './dashboard-fixtures';

vi.setConfig({ testTimeout: 60_000 });

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  installFakeServer()
    .on('GET', '/auth/me', {
      status: 200,
      body: makeUser({ role: 'admin', preferred_currency: 'EUR', language: 'da' }),
    })
    .on('GET', '/settings/public', { status: 200, body: { default_currency: 'USD' } })
    .on('GET', '/admin/settings', { status: 200, body: { default_currency: 'USD' } })
    .on('GET', '/analytics/dashboard', { status: 200, body: makeDashboard('admin') })
    .on('GET', '/performance/cache-stats', {
      status: 200,
      body: {
        caches: [
          { name: 'dashboard', hits: 1234, misses: 10, size: 4, hit_rate: 0.992 },
          { name: 'tracking_links', hits: 1500, misses: 2, size: 120, hit_rate: 0.9987 },
          { name: 'search', hits: 3, misses: 1, size: 1, hit_rate: 0.75 },
        ],
      },
    });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

/** The card stylesheet DataTable writes for the table (its rules below the `sm` breakpoint). */
function cardRules(table: HTMLElement): string {
  const id = table.getAttribute('data-cards');
  const sheet = [...document.querySelectorAll('style')].find((style) =>
    style.textContent?.includes(`[data-cards="${id}"]`),
  );
  return sheet?.textContent ?? '';
}

describe("the admin dashboard's caches card", () => {
  it('names the caches and their figures in Danish, the server names beside known caches', async () => {
    renderApp('/dashboard');
    const caches = await screen.findByRole('table', { name: 'Caches' }, { timeout: 40_000 });
    const head = within(caches).getAllByRole('columnheader').map((th) => th.textContent);
    expect(head).toEqual(['Cache', 'Hitrate', 'Fundet', 'Ikke fundet', 'Poster']);
    expect(within(caches).getByRole('row', { name: /^Oversigter/ })).toHaveTextContent(
      'Oversigterdashboard99,2 %1.234104',
    );
    expect(within(caches).getByRole('row', { name: /^Sporingslinks/ })).toHaveTextContent('99,87 %');
    // a cache this client has no name for keeps the server's
    expect(within(caches).getByRole('row', { name: /^search/ })).toHaveTextContent('75 %');
  });

  it('is a list of cards on a phone: every figure placed in the card, labelled', async () => {
    renderApp('/dashboard');
    const caches = await screen.findByRole('table', { name: 'Caches' }, { timeout: 40_000 });
    const css = cardRules(caches);
    expect(css).toContain('@media (max-width: 48em)');
    // five columns, none hidden: the name on top, the hit rate at the top right, the counts under them
    for (let column = 1; column <= 5; column++) expect(css).toContain(`:nth-child(${column}) {`);
    expect(css).not.toContain('display: none');
    expect(css).toContain('::before { content: "Hitrate";');
    for (const label of ['Fundet', 'Ikke fundet', 'Poster']) expect(css).toContain(`--card-label: "${label}";`);
  });
});
