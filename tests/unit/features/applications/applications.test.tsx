import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Application } from '../../../../src/features/applications/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { paramsOf, recordQueryParams } from '../../support/record-query-params';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCampaign } from '../campaigns/campaign-fixtures';

// Submitting runs validation, the request and a navigation: give slow CI machines time.
const SLOW = { timeout: 5000 };

let server: FakeServer;
const sent = recordQueryParams();

function makeApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: 'a-1',
    campaign_id: 'c-1',
    publisher_id: 'pub-1',
    website_id: 'w-1',
    status: 'pending',
    message: 'Happy to promote',
    reason: null,
    tracking_code: null,
    created_at: '2025-03-01T00:00:00.000Z',
    decided_at: null,
    campaign_name: 'Shoes',
    website_url: 'https://blog.example',
    publisher_name: 'Paula',
    ...overrides,
  };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer();
  signIn();
});

describe('applications', () => {
  it('opens the application a search result points at, once', async () => {
    const approved = makeApplication({
      id: 'a-7',
      status: 'approved',
      tracking_code: 'xyz789',
      campaign_name: 'Trail Jackets',
    });
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
      .on('GET', '/applications', { status: 200, body: [approved] })
      .on('GET', '/applications/a-7', { status: 200, body: approved });
    const { router } = renderApp('/applications?application=a-7');
    const dialog = await screen.findByRole('dialog', { name: 'Application' });
    expect(await within(dialog).findByText('Trail Jackets')).toBeInTheDocument();
    expect(within(dialog).getByText('Approved')).toBeInTheDocument();
    expect(within(dialog).getByText(`${window.location.origin}/t/xyz789`)).toBeInTheDocument();
    // the parameter is dropped, so Back or a reload does not open it again
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/applications');
  });

  it('keeps its status filter in the URL, and says when no application has that status', async () => {
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
      .on('GET', '/applications', () => {
        const status = paramsOf(sent, 'GET', '/applications').at(-1)?.status;
        const items = [makeApplication({ id: 'a-1', status: 'pending', campaign_name: 'Bags' })];
        return { status: 200, body: status === 'withdrawn' ? [] : items };
      });
    // a reload of /applications?status=pending: the filter is as it was left
    const { user, router } = renderApp('/applications?status=pending');
    const filter = await screen.findByRole('combobox', { name: 'Status filter' });
    expect(filter).toHaveValue('pending');
    await screen.findByRole('table', { name: 'Applications' });
    expect(paramsOf(sent, 'GET', '/applications')[0]).toMatchObject({ status: 'pending' });

    await user.selectOptions(filter, 'withdrawn');
    await waitFor(() => expect(router.state.location.search).toBe('?status=withdrawn'));
    expect(await screen.findByText('No withdrawn applications')).toBeInTheDocument();
    expect(screen.queryByText(/no applications yet/i)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all applications' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(filter).toHaveValue('all');
    expect(await screen.findByRole('table', { name: 'Applications' })).toHaveTextContent('Bags');
  });

  it('shows a publisher the tracking link of an approved application and lets them withdraw a pending one', async () => {
    const applications = [
      makeApplication({ id: 'a-1', status: 'approved', tracking_code: 'abc123', campaign_name: 'Shoes' }),
      makeApplication({ id: 'a-2', status: 'pending', campaign_name: 'Bags' }),
      makeApplication({ id: 'a-3', status: 'rejected', reason: 'Wrong audience', campaign_name: 'Hats' }),
    ];
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
      .on('GET', '/applications', () => ({ status: 200, body: applications }))
      .on('POST', '/applications/a-2/withdraw', () => {
        applications[1] = { ...applications[1]!, status: 'withdrawn' };
        return { status: 200, body: applications[1] };
      });
    const { user } = renderApp('/applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(within(table).getByText(`${window.location.origin}/t/abc123`)).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(table).getByText('Reason: Wrong audience')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Withdraw application to Bags' }));
    await waitFor(() => expect(within(table).getByText('Withdrawn')).toBeInTheDocument(), SLOW);
    expect(server.callsTo('POST', '/applications/a-2/withdraw')).toHaveLength(1);
  });

  it('lets the advertiser approve, and reject only with a reason, in campaignPublishers', async () => {
    const campaign = makeCampaign({ name: 'Shoes', advertiser_id: 'u-1' });
    const applications = [
      makeApplication({ id: 'a-1', publisher_name: 'Paula' }),
      makeApplication({ id: 'a-2', publisher_name: 'Peter' }),
    ];
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser() })
      .on('GET', '/campaigns', { status: 200, body: [campaign] })
      .on('GET', '/applications', () => ({ status: 200, body: applications }))
      .on('POST', '/applications/a-1/approve', () => {
        applications[0] = { ...applications[0]!, status: 'approved', tracking_code: 'x' };
        return { status: 200, body: applications[0] };
      })
      .on('POST', '/applications/a-2/reject', ({ body }) => {
        applications[1] = {
          ...applications[1]!,
          status: 'rejected',
          reason: (body as { reason: string }).reason,
        };
        return { status: 200, body: applications[1] };
      });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'More actions for Shoes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Publishers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publishers of Shoes' });

    await user.click(await within(dialog).findByRole('button', { name: 'Approve Paula' }));
    expect(await within(dialog).findByRole('button', { name: 'Suspend Paula' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/applications/a-1/approve')[0]?.body).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Reject Peter' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm reject' }));
    expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();
    expect(server.callsTo('POST', '/applications/a-2/reject')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Not a fit');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm reject' }));
    expect(await within(dialog).findByText('Reason: Not a fit')).toBeInTheDocument();
    expect(server.callsTo('POST', '/applications/a-2/reject')[0]?.body).toEqual({ reason: 'Not a fit' });
  });
});
