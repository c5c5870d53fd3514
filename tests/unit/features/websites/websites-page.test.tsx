import { screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Website } from '../../../../src/features/websites/types';
import { installFakeServer, unreachableFetch, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

// Submitting runs validation, the request and a navigation: give slow CI machines time.
const SLOW = { timeout: 5000 };

let server: FakeServer;

function makeWebsite(overrides: Partial<Website> = {}): Website {
  return {
    id: 'w-1',
    publisher_id: 'pub-1',
    url: 'https://blog.example.com',
    name: 'Gadget blog',
    category: 'electronics',
    monthly_visitors: 12000,
    description: '',
    verification_status: 'unverified',
    verification_method: null,
    verification_token: 'tok-123',
    verification_error: null,
    verified_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer().on('GET', '/auth/me', {
    status: 200,
    body: makeUser({ id: 'pub-1', role: 'publisher' }),
  });
  signIn();
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('websites screen', () => {
  it('closes the edit form offline: the edit waits in the queue and shows in the list at once', async () => {
    server
      .on('GET', '/websites', { status: 200, body: [makeWebsite()] })
      .on('PUT', '/websites/w-1', () => ({ status: 200, body: makeWebsite({ name: 'Gadget reviews' }) }));
    const { user } = renderApp('/websites');
    await user.click(await screen.findByRole('button', { name: 'Edit Gadget blog' }));
    const dialog = await screen.findByRole('dialog');
    const name = await within(dialog).findByLabelText(/^Name/);
    onlineManager.setOnline(false);
    await user.clear(name);
    await user.type(name, 'Gadget reviews');
    await user.click(within(dialog).getByRole('button', { name: 'Save website' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);
    expect(await screen.findByText('Gadget reviews')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/websites/w-1')).toHaveLength(0);
    onlineManager.setOnline(true);
    await waitFor(() => expect(server.callsTo('PUT', '/websites/w-1')).toHaveLength(1), SLOW);
  });

  it('closes the edit form when the server cannot be reached, and sends the edit once it answers', async () => {
    let reachable = false;
    server
      .on('GET', '/websites', { status: 200, body: [makeWebsite()] })
      .on('PUT', '/websites/w-1', () =>
        reachable ? { status: 200, body: makeWebsite({ name: 'Gadget reviews' }) } : { networkError: true },
      );
    // the app's reconnect probe gets no answer either (the browser still says online)
    unreachableFetch();
    const { user } = renderApp('/websites');
    await user.click(await screen.findByRole('button', { name: 'Edit Gadget blog' }));
    const dialog = await screen.findByRole('dialog');
    const name = await within(dialog).findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Gadget reviews');
    await user.click(within(dialog).getByRole('button', { name: 'Save website' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);
    const title = await screen.findByText("Can't reach the server", {}, SLOW);
    expect(title.closest('[role="status"]')).toHaveTextContent('1 change waiting to sync');
    expect(screen.getByText('Gadget reviews')).toBeInTheDocument();
    expect(screen.queryByText('The website was not saved')).not.toBeInTheDocument();

    reachable = true;
    onlineManager.setOnline(true); // what the probe does at its first answer
    await waitFor(() => expect(server.callsTo('PUT', '/websites/w-1')).toHaveLength(2), SLOW);
    const [first, replay] = server.callsTo('PUT', '/websites/w-1');
    expect(replay?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    await waitFor(() => expect(screen.queryByText(/waiting to sync/)).not.toBeInTheDocument(), SLOW);
  });

  it('shows the token and the three methods, and the reason when verification fails', async () => {
    const site = makeWebsite();
    server.on('GET', '/websites', { status: 200, body: [site] }).on('POST', '/websites/w-1/verify', {
      status: 200,
      body: {
        ...site,
        verification_status: 'failed',
        verification_method: 'file',
        verification_error: '/.well-known/affilio-verify.txt answered HTTP 404',
      },
    });
    const { user } = renderApp('/websites');
    const table = await screen.findByRole('table', { name: 'Websites' });
    expect(within(table).getByText('Unverified')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Verification of Gadget blog' }));
    const panel = screen.getByRole('region', { name: 'Verify Gadget blog' });
    expect(
      within(panel).getByText('<meta name="affilio-verification" content="tok-123">'),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Publish a file at https://blog.example.com/.well-known/affilio-verify.txt containing:',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('affilio-verify=tok-123')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Verify with meta tag' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Verify with DNS' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Verify with file' }));
    expect(
      await within(panel).findByText('/.well-known/affilio-verify.txt answered HTTP 404'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/websites/w-1/verify')[0]?.body).toEqual({ method: 'file' });
    expect(
      within(table).getByText('Verification failed', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
  });

  it('marks a website verified when the check passes', async () => {
    const site = makeWebsite();
    server.on('GET', '/websites', { status: 200, body: [site] }).on('POST', '/websites/w-1/verify', {
      status: 200,
      body: { ...site, verification_status: 'verified', verification_method: 'dns' },
    });
    const { user } = renderApp('/websites');
    await user.click(await screen.findByRole('button', { name: 'Verification of Gadget blog' }));
    await user.click(screen.getByRole('button', { name: 'Verify with DNS' }));
    const table = screen.getByRole('table', { name: 'Websites' });
    expect(
      await within(table).findByText('Verified', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
  });

  it('adds a website through the website modal', async () => {
    const created = makeWebsite({ id: 'w-2', name: 'Travel tips', url: 'https://travel.example' });
    let sites: Website[] = [];
    server
      .on('GET', '/websites', () => ({ status: 200, body: sites }))
      .on('POST', '/websites', () => {
        sites = [created];
        return { status: 201, body: created };
      });
    const { user } = renderApp('/websites');
    expect(await screen.findByText(/No websites yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add website' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add website' });
    await user.type(await within(dialog).findByLabelText(/^Website URL/), 'travel.example');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Travel tips');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'travel');
    await user.click(within(dialog).getByRole('button', { name: 'Save website' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);
    expect(await screen.findByText('Travel tips')).toBeInTheDocument();
    expect(server.callsTo('POST', '/websites')[0]?.body).toMatchObject({
      url: 'travel.example',
      name: 'Travel tips',
      category: 'travel',
      monthly_visitors: 0,
    });
  });
});
