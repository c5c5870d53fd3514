import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, showAmountsIn, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCampaign } from '../campaigns/campaign-fixtures';
import { paramsOf, recordQueryParams } from '../commissions/commission-fixtures';
import { makeTrackingLink, PASSING_TEST } from './tracking-fixtures';
import { formatCount } from '../../../../src/lib/format-number';

let server: FakeServer;
const sent = recordQueryParams();

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer().on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'adv-1' }) });
  signIn();
});

const shoes = makeCampaign({ id: 'c-shoes', name: 'Shoes', currency: 'EUR', tracking_secret: 'sec-shoes-1' });
const bags = makeCampaign({
  id: 'c-bags',
  name: 'Bags',
  currency: 'DKK',
  commission_model: 'cpl',
  tracking_secret: 'sec-bags',
});

function serveAdvertiser() {
  const links = {
    'c-shoes': [
      makeTrackingLink({ campaign_id: 'c-shoes', publisher_name: 'Paula', clicks: 1409, conversions: 3 }),
      makeTrackingLink({ campaign_id: 'c-shoes', publisher_name: 'Peter', active: false }),
    ],
    'c-bags': [makeTrackingLink({ campaign_id: 'c-bags', publisher_name: 'Priya' })],
  };
  let linkCalls = 0;
  server
    .on('GET', '/campaigns', { status: 200, body: [shoes, bags], headers: { 'x-total-count': '2' } })
    .on('GET', '/tracking/links', () => {
      const campaignId = paramsOf(sent, 'GET', '/tracking/links')[linkCalls++]?.campaign_id as string;
      return { status: 200, body: links[campaignId as keyof typeof links] ?? [] };
    });
}

const linksTable = () => screen.findByRole('table', { name: 'Tracking links' });
const codeText = (label: string) => screen.getByLabelText(label).textContent ?? '';

describe('advertiser /tracking', () => {
  it('shows the chosen campaign’s links per publisher and a postback and curl filled with its values', async () => {
    serveAdvertiser();
    const { user } = renderApp('/tracking');
    const table = await linksTable();
    const paula = within(table).getByRole('row', { name: /Paula/ });
    expect(within(paula).getByRole('button', { name: /^Copy link of Paula/ })).toBeInTheDocument();
    // counts written like every other figure of the app
    expect(within(paula).getByText(formatCount(1409))).toBeInTheDocument();
    expect(formatCount(1409)).not.toBe('1409');
    expect(within(paula).getByText('Active')).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /Peter/ })).getByText('Inactive'),
    ).toBeInTheDocument();
    expect(paramsOf(sent, 'GET', '/tracking/links')).toEqual([{ campaign_id: 'c-shoes' }]);

    const origin = window.location.origin;
    expect(codeText('Postback URL (POST, JSON or form)')).toBe(`${origin}/api/postback`);
    const curl = codeText('Server-to-server example (curl)');
    expect(curl).toContain(`curl -X POST '${origin}/api/postback'`);
    expect(curl).toContain('"click_id":"{click_id}","order_id":"{order_id}"');
    expect(curl).toContain('"currency":"EUR","event":"sale"');
    expect(curl).not.toContain('sec-shoes-1');
    expect(screen.getByLabelText('Tracking secret (hidden)')).not.toHaveTextContent('sec-shoes-1');

    await user.click(screen.getByRole('button', { name: 'Reveal secret' }));
    expect(screen.getByLabelText('Tracking secret')).toHaveTextContent('sec-shoes-1');
    expect(codeText('Server-to-server example (curl)')).toContain('"secret":"sec-shoes-1"');

    // Another campaign: its links, its currency and the event it pays for.
    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Bags' }));
    expect(await within(await linksTable()).findByText('Priya')).toBeInTheDocument();
    expect(paramsOf(sent, 'GET', '/tracking/links').at(-1)).toEqual({ campaign_id: 'c-bags' });
    expect(codeText('Server-to-server example (curl)')).toContain('"currency":"DKK","event":"lead"');
  });

  it('rotates the secret only after confirmation and shows the new one', async () => {
    serveAdvertiser();
    server.on('POST', '/campaigns/c-shoes/tracking-secret', {
      status: 200,
      body: { ...shoes, tracking_secret: 'sec-shoes-2' },
    });
    const { user } = renderApp('/tracking');
    await linksTable();

    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the tracking secret?' });
    expect(within(confirm).getByText(/stops working at once/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/campaigns/c-shoes/tracking-secret')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const again = await screen.findByRole('dialog', { name: 'Rotate the tracking secret?' });
    await user.click(within(again).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText('Tracking secret rotated')).toBeInTheDocument();
    expect(server.callsTo('POST', '/campaigns/c-shoes/tracking-secret')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Reveal secret' }));
    expect(screen.getByLabelText('Tracking secret')).toHaveTextContent('sec-shoes-2');
    expect(codeText('Server-to-server example (curl)')).toContain('"secret":"sec-shoes-2"');
  });

  it('runs the tracking test in the trackingTest modal, step by step, and again on request', async () => {
    serveAdvertiser();
    server.on('POST', '/tracking/test', { status: 200, body: PASSING_TEST });
    showAmountsIn('adv-1', 'EUR');
    const { user } = renderApp('/tracking');
    await linksTable();
    await user.click(screen.getByRole('button', { name: 'Run tracking test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tracking test: Shoes' });
    expect(await within(dialog).findByText('Tracking works')).toBeInTheDocument();
    for (const name of ['Tracking link resolved', 'Click recorded', 'Conversion', 'Commission computed']) {
      expect(within(within(dialog).getByRole('listitem', { name })).getByText('Passed')).toBeInTheDocument();
    }
    // The server's plain "10.00 EUR" is shown by the app's money formatter.
    expect(
      within(dialog).getByText('Commission €10.00 (pending); a test, so it is not paid.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/tracking/test').map((r) => r.body)).toEqual([{ campaign_id: 'c-shoes' }]);

    await user.click(within(dialog).getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(server.callsTo('POST', '/tracking/test')).toHaveLength(2));
  });

  it('shows which step failed and why, and the steps after it as not run', async () => {
    serveAdvertiser();
    server.on('POST', '/tracking/test', {
      status: 200,
      body: {
        ok: false,
        steps: [
          PASSING_TEST.steps[0],
          PASSING_TEST.steps[1],
          {
            step: 'conversion',
            ok: false,
            code: 'conversion_rejected',
            detail:
              'Conversion rejected (422). The postback API answered: “This campaign pays per lead; send event=lead”',
            data: {
              status: 422,
              order_id: 'test-abc',
              reason: 'This campaign pays per lead; send event=lead',
            },
          },
        ],
      },
    });
    const { user } = renderApp('/tracking');
    await linksTable();
    // Testing one publisher's link sends that link.
    await user.click(screen.getByRole('button', { name: /^Test the link of Paula/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Tracking test: Shoes via Paula' });
    expect(await within(dialog).findByText('Tracking test failed')).toBeInTheDocument();
    const conversion = within(dialog).getByRole('listitem', { name: 'Conversion' });
    expect(within(conversion).getByText('Failed')).toBeInTheDocument();
    expect(
      within(conversion).getByText(
        'Conversion rejected (422). The postback API answered: “This campaign pays per lead; send event=lead”',
      ),
    ).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('listitem', { name: 'Commission computed' })).getByText('Not run'),
    ).toBeInTheDocument();
    const linkId = (server.callsTo('POST', '/tracking/test')[0]?.body as { link_id: string }).link_id;
    expect(server.callsTo('POST', '/tracking/test')[0]?.body).toEqual({
      campaign_id: 'c-shoes',
      link_id: expect.stringMatching(/^link-/),
    });

    // the step says what to send: run it again as a lead, with an amount and a currency
    await user.click(within(dialog).getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: 'Lead' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Order amount' });
    await user.type(amount, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Run again' }));
    expect(await within(dialog).findByText('Enter an amount in major units, like 19.99')).toBeInTheDocument();
    expect(server.callsTo('POST', '/tracking/test')).toHaveLength(1);
    await user.clear(amount);
    await user.type(amount, '42.50');
    await user.click(within(dialog).getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'DKK' }));
    await user.click(within(dialog).getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(server.callsTo('POST', '/tracking/test')).toHaveLength(2));
    expect(server.callsTo('POST', '/tracking/test')[1]?.body).toEqual({
      campaign_id: 'c-shoes',
      link_id: linkId,
      event: 'lead',
      amount: '42.50',
      currency: 'DKK',
    });
  });
});

describe('advertiser /tracking: browser pixel', () => {
  const pixelCard = () => screen.getByRole('region', { name: /^Browser pixel/ });

  it('shows the pixel as off, says where to turn it on, and turns it on from the campaign’s edit form', async () => {
    serveAdvertiser();
    server.on('PUT', '/campaigns/c-shoes', ({ body }) => ({
      status: 200,
      body: { ...shoes, ...(body as object) },
    }));
    const { user } = renderApp('/tracking');
    await linksTable();

    const card = pixelCard();
    expect(within(card).getByText('Pixel off')).toBeInTheDocument();
    expect(within(card).getByText(/The browser pixel is off for this campaign/)).toHaveTextContent(
      'in the campaign’s edit form',
    );
    expect(screen.queryByLabelText('Unsigned pixel (thank-you page)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Signed pixel (thank-you page)')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Edit campaign settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Shoes' });
    const toggle = await within(dialog).findByRole('switch', { name: 'Accept browser pixel conversions' });
    await user.click(toggle);
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('PUT', '/campaigns/c-shoes')[0]?.body).toMatchObject({
      pixel_enabled: true,
      max_order_minor: null,
    });
    expect(await within(pixelCard()).findByText('Pixel on')).toBeInTheDocument();
    expect(screen.getByLabelText('Unsigned pixel (thank-you page)')).toBeInTheDocument();
  });

  it('shows the unsigned pixel with its limits and the signed pixel with how to compute sig', async () => {
    const capped = makeCampaign({
      id: 'c-shoes',
      name: 'Shoes',
      currency: 'EUR',
      tracking_secret: 'sec-shoes-1',
      pixel_enabled: true,
      max_order_minor: 25000,
    });
    server
      .on('GET', '/campaigns', { status: 200, body: [capped], headers: { 'x-total-count': '1' } })
      .on('GET', '/tracking/links', { status: 200, body: [] });
    showAmountsIn('adv-1', 'EUR');
    renderApp('/tracking');
    await screen.findByText('No publisher has an approved application on this campaign yet.');

    const card = pixelCard();
    expect(within(card).getByText('Pixel on')).toBeInTheDocument();
    const origin = window.location.origin;
    expect(codeText('Unsigned pixel (thank-you page)')).toBe(
      `<img src="${origin}/api/pixel.gif?click_id={click_id}&order_id={order_id}&amount={amount}&currency=EUR&event=sale" width="1" height="1" alt="" style="display:none">`,
    );
    expect(
      within(card).getByText(/one conversion per click, never approved automatically, orders up to €250.00/),
    ).toBeInTheDocument();
    expect(codeText('Signed pixel (thank-you page)')).toBe(
      `<img src="${origin}/api/pixel.gif?click_id={click_id}&order_id={order_id}&amount={amount}&currency=EUR&event=sale&sig={sig}" width="1" height="1" alt="" style="display:none">`,
    );
    expect(within(card).getByText(/is the hex HMAC-SHA256 of/)).toHaveTextContent(
      'sig is the hex HMAC-SHA256 of click_id|order_id|amount|currency, keyed with this campaign’s tracking secret.',
    );
    expect(within(card).getByText(/is the hex HMAC-SHA256 of/)).toHaveTextContent(
      /one you leave out counts as an empty string\. Compute it on your server/,
    );
    expect(codeText('Signature in Node.js')).toContain(
      "crypto.createHmac('sha256', secret).update(`${clickId}|${orderId}|${amount}|${currency}`).digest('hex')",
    );
    expect(codeText('Signature in Node.js')).toContain("const currency = 'EUR';");
    expect(codeText('Signature in PHP')).toContain(
      `hash_hmac('sha256', "$clickId|$orderId|$amount|$currency", $secret)`,
    );
    // The examples read the secret on the shop's server; the page never prints it into a snippet.
    for (const label of ['Signed pixel (thank-you page)', 'Signature in Node.js', 'Signature in PHP']) {
      expect(codeText(label)).not.toContain('sec-shoes-1');
    }
  });

  it('warns that a revenue-share campaign without a cap refuses unsigned pixels', async () => {
    const revshare = makeCampaign({
      id: 'c-shoes',
      name: 'Shoes',
      commission_model: 'revshare',
      payout_minor: null,
      revshare_bps: 1000,
      pixel_enabled: true,
      max_order_minor: null,
    });
    server
      .on('GET', '/campaigns', { status: 200, body: [revshare], headers: { 'x-total-count': '1' } })
      .on('GET', '/tracking/links', { status: 200, body: [] });
    renderApp('/tracking');
    await screen.findByText('No publisher has an approved application on this campaign yet.');
    expect(
      within(pixelCard()).getByText(/unsigned pixels are refused until you set one/),
    ).toBeInTheDocument();
  });
});

describe('publisher /tracking', () => {
  it('lists the publisher’s own links with copy buttons and sub-id help, and nothing of the advertiser’s', async () => {
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
      .on('GET', '/tracking/links', {
        status: 200,
        body: [
          makeTrackingLink({ campaign_name: 'Shoes', url: 'https://affilio.example/t/abc', clicks: 4 }),
          makeTrackingLink({ campaign_name: 'Bags', campaign_status: 'paused' }),
        ],
      });
    renderApp('/tracking');
    const table = await linksTable();
    const shoesRow = within(table).getByRole('row', { name: /Shoes/ });
    expect(within(shoesRow).getByText('https://affilio.example/t/abc')).toBeInTheDocument();
    expect(within(shoesRow).getByRole('button', { name: /^Copy link of Shoes/ })).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /Bags/ })).getByText('Campaign paused'),
    ).toBeInTheDocument();
    expect(paramsOf(sent, 'GET', '/tracking/links')).toEqual([{}]);

    expect(screen.getByRole('heading', { name: 'Sub-ids' })).toBeInTheDocument();
    expect(
      screen.getByText('https://affilio.example/t/abc?sub1=newsletter&sub2=banner-top'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/Tracking secret/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Postback/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run tracking test' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Test the link/ })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/campaigns')).toHaveLength(0);
  });
});
