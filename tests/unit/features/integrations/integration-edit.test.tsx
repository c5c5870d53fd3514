import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PostbacksSettings } from '../../../../src/features/integrations/components/postbacks-settings';
import { WebhooksSettings } from '../../../../src/features/integrations/components/webhooks-settings';
import type { Postback, Webhook } from '../../../../src/features/integrations/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makePostback, makeWebhook, renderSection } from './fixtures';

const webhook = makeWebhook();
const postback = makePostback();
const PRIVATE_HOST = 'host 10.0.0.5 is a local or private address; the server only calls public addresses';

let server: FakeServer;
let storedWebhooks: Webhook[];
let storedPostbacks: Postback[];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  storedWebhooks = [webhook];
  storedPostbacks = [postback];
  server = installFakeServer()
    .on('GET', '/webhooks', () => ({ status: 200, body: storedWebhooks }))
    .on('PUT', '/webhooks/w-1', ({ body }) => {
      const saved = { ...webhook, ...(body as Partial<Webhook>) };
      storedWebhooks = [saved];
      return { status: 200, body: saved };
    })
    .on('GET', '/publisher-postbacks', () => ({ status: 200, body: storedPostbacks }))
    .on('PUT', '/publisher-postbacks/p-1', ({ body }) => {
      const saved = { ...postback, ...(body as Partial<Postback>) };
      storedPostbacks = [saved];
      return { status: 200, body: saved };
    })
    .on('GET', '/applications', { status: 200, body: [] })
    .on('GET', '/publisher-postbacks/preview', {
      status: 200,
      body: { conversion_id: null, values: { click_id: 'abc', payout: '12.50' } },
    });
});

async function openWebhookEdit() {
  server.on('GET', '/auth/me', { status: 200, body: makeUser() });
  signIn();
  const user = renderSection(<WebhooksSettings />);
  const list = await screen.findByRole('list', { name: 'Your webhook endpoints' });
  await user.click(within(list).getByRole('button', { name: `Edit ${webhook.url}` }));
  const form = within(list).getByRole('form', { name: 'Edit the webhook endpoint' });
  return { user, list, form, url: within(form).getByRole('textbox', { name: /Endpoint URL/ }) };
}

describe('Editing a webhook endpoint', () => {
  it('prefills the form, sends the PUT with the new URL and events, confirms and shows the result', async () => {
    const { user, list, form, url } = await openWebhookEdit();
    expect(url).toHaveValue(webhook.url);
    expect(within(form).getByRole('textbox', { name: /Description/ })).toHaveValue('ERP sync');
    expect(within(form).getByRole('checkbox', { name: 'payout.paid' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'invoice.issued' })).not.toBeChecked();

    await user.clear(url);
    await user.paste('https://erp.example.org/hooks');
    await user.click(within(form).getByRole('checkbox', { name: 'payout.paid' }));
    await user.click(within(form).getByRole('checkbox', { name: 'invoice.issued' }));
    await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));

    expect(await screen.findByText('Endpoint saved')).toBeInTheDocument();
    // only what changed: the server checks again only that
    expect(server.callsTo('PUT', '/webhooks/w-1')[0]?.body).toEqual({
      url: 'https://erp.example.org/hooks',
      events: ['conversion.created', 'invoice.issued'],
    });
    const card = within(list).getByRole('listitem');
    await waitFor(() => expect(card).toHaveTextContent('https://erp.example.org/hooks'));
    expect(card).toHaveTextContent('invoice.issued');
    expect(card).not.toHaveTextContent('payout.paid');
    expect(within(list).queryByRole('form')).not.toBeInTheDocument();
  });

  it("shows the server's reason for a refused URL at the field and keeps the form as typed", async () => {
    server.on('PUT', '/webhooks/w-1', {
      status: 422,
      body: {
        title: 'Unprocessable Entity',
        status: 422,
        detail: `url: ${PRIVATE_HOST}`,
        errors: [{ field: 'url', message: PRIVATE_HOST }],
      },
    });
    const { user, form, url } = await openWebhookEdit();
    await user.clear(url);
    await user.paste('http://10.0.0.5/in');
    await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));

    expect(await within(form).findByText(PRIVATE_HOST)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveValue('http://10.0.0.5/in');
    expect(screen.queryByText('Endpoint saved')).not.toBeInTheDocument();
    expect(storedWebhooks).toEqual([webhook]);
  });

  it("shows a refusal that names no field (another user's or a deleted endpoint) above the buttons", async () => {
    server.on('PUT', '/webhooks/w-1', {
      status: 404,
      body: { title: 'Not Found', status: 404, detail: 'Webhook not found' },
    });
    const { user, form } = await openWebhookEdit();
    await user.click(within(form).getByRole('checkbox', { name: 'invoice.issued' }));
    await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('The endpoint was not saved');
    expect(alert).toHaveTextContent('Webhook not found');
    expect(within(form).getByRole('checkbox', { name: 'invoice.issued' })).toBeChecked();
  });

  it('closes the form without a request when nothing was changed', async () => {
    const { user, list, form } = await openWebhookEdit();
    await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));
    expect(within(list).queryByRole('form')).not.toBeInTheDocument();
    expect(within(list).getByRole('listitem')).toHaveTextContent(webhook.url);
    expect(server.callsTo('PUT', '/webhooks/w-1')).toHaveLength(0);
  });

  it('refuses what the server would refuse without a network (scheme, credentials) before sending', async () => {
    const { user, form, url } = await openWebhookEdit();
    await user.clear(url);
    await user.paste('ftp://files.example.com/in');
    await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));
    expect(await within(form).findByText('Use an http or https URL')).toBeInTheDocument();

    await user.clear(url);
    await user.paste('https://me:secret@hooks.example.com/in');
    await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));
    expect(
      await within(form).findByText('Leave the user name and password out of the URL'),
    ).toBeInTheDocument();
    expect(server.callsTo('PUT', '/webhooks/w-1')).toHaveLength(0);
  });
});

describe('Editing a postback', () => {
  it('sends the PUT with the new URL and triggers, confirms and shows the result', async () => {
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'publisher' }) });
    signIn();
    const user = renderSection(<PostbacksSettings />);
    const list = await screen.findByRole('list', { name: 'Your postbacks' });
    await user.click(within(list).getByRole('button', { name: `Edit ${postback.url}` }));
    const form = within(list).getByRole('form', { name: 'Edit the postback' });
    const url = within(form).getByRole('textbox', { name: /Postback URL/ });
    expect(url).toHaveValue(postback.url);

    await user.clear(url);
    await user.paste('https://t.example.com/pb?cid={click_id}&s={status}');
    await user.click(within(form).getByRole('checkbox', { name: 'Commission approved' }));
    await user.click(within(form).getByRole('button', { name: 'Save postback' }));

    expect(await screen.findByText('Postback saved')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/publisher-postbacks/p-1')[0]?.body).toEqual({
      url: 'https://t.example.com/pb?cid={click_id}&s={status}',
      on: ['conversion', 'approved'],
    });
    const card = within(list).getByRole('listitem');
    await waitFor(() => expect(card).toHaveTextContent('https://t.example.com/pb?cid={click_id}&s={status}'));
    expect(card).toHaveTextContent('Commission approved');
  });
});
