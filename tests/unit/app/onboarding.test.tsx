import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../src/features/auth/types';
import { installFakeServer, type FakeServer } from '../support/fake-server';
import { renderApp, signIn } from '../support/render-app';
import { makeUser } from '../support/users';

let server: FakeServer;

beforeEach(() => {
  server = installFakeServer();
  signIn();
});

const newAdvertiser = makeUser({
  onboarding_completed: false,
  profile_completion_status: 'incomplete',
  profile_completion_step: 'profile',
});

describe('onboarding', () => {
  it('sends a user who has not completed onboarding to /onboarding', async () => {
    server.on('GET', '/auth/me', { status: 200, body: newAdvertiser });
    const { router } = renderApp('/campaigns');

    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('walks an advertiser through profile and payment, then opens the dashboard', async () => {
    let current: User = newAdvertiser;
    server
      .on('GET', '/auth/me', () => ({ status: 200, body: current }))
      .on('POST', '/auth/complete-profile', ({ body }) => {
        const fields = body as Record<string, string>;
        current =
          current.profile_completion_step === 'profile'
            ? { ...current, profile_completion_step: 'payment', profile: { ...current.profile, ...fields } }
            : {
                ...current,
                onboarding_completed: true,
                profile_completion_status: 'complete',
                profile_completion_step: 'complete',
              };
        return { status: 200, body: current };
      });
    const { user, router } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Company name is required')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/complete-profile')).toHaveLength(0);

    await user.type(screen.getByLabelText('Company name'), 'Acme ApS');
    // Country is picked by name: "denmark" once became "DE" in a two-letter text field.
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'denmark');
    await user.click(await screen.findByRole('option', { name: 'Denmark (DK)' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await user.type(await screen.findByLabelText('Billing address'), 'Main St 1, Copenhagen');
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(server.callsTo('POST', '/auth/complete-profile').map((r) => r.body)).toEqual([
      { company_name: 'Acme ApS', country: 'DK' },
      { billing_address: 'Main St 1, Copenhagen' },
    ]);
  });

  it('lets someone who signed up with an e-mail alone give the name the app greets them by', async () => {
    let current: User = { ...newAdvertiser, name: 'adam.adv' };
    server
      .on('GET', '/auth/me', () => ({ status: 200, body: current }))
      .on('POST', '/auth/complete-profile', ({ body }) => {
        const { name, ...fields } = body as Record<string, string>;
        current = {
          ...current,
          name: name ?? current.name,
          onboarding_completed: true,
          profile_completion_status: 'complete',
          profile_completion_step: 'complete',
          profile: { ...current.profile, ...fields },
        };
        return { status: 200, body: current };
      });
    const { user } = renderApp('/dashboard');
    const yourName = await screen.findByRole('textbox', { name: 'Your name' });
    expect(yourName).toHaveValue('adam.adv');
    await user.clear(yourName);
    await user.type(yourName, 'Adam Berg');
    await user.type(screen.getByLabelText('Company name'), 'Adam Ads GmbH');
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'germany');
    await user.click(await screen.findByRole('option', { name: 'Germany (DE)' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Adam' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/complete-profile')[0]?.body).toEqual({
      name: 'Adam Berg',
      company_name: 'Adam Ads GmbH',
      country: 'DE',
    });
  });

  it("starts a publisher's display name from the name they registered with and finds a country by its code", async () => {
    server
      .on('GET', '/auth/me', {
        status: 200,
        body: makeUser({
          role: 'publisher',
          name: 'Paula Pereira',
          onboarding_completed: false,
          profile_completion_status: 'incomplete',
          profile_completion_step: 'profile',
        }),
      })
      .on('POST', '/auth/complete-profile', { status: 422, body: { detail: 'stop here' } });
    const { user } = renderApp('/onboarding');

    expect(await screen.findByRole('textbox', { name: 'Display name' })).toHaveValue('Paula Pereira');
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'se');
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('Sweden (SE)');
    await user.click(options[0]!);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(server.callsTo('POST', '/auth/complete-profile').map((r) => r.body)).toEqual([
      { display_name: 'Paula Pereira', country: 'SE' },
    ]);
  });

  it('asks a publisher for payout details on the payment step', async () => {
    server.on('GET', '/auth/me', {
      status: 200,
      body: makeUser({
        role: 'publisher',
        onboarding_completed: false,
        profile_completion_status: 'incomplete',
        profile_completion_step: 'payment',
      }),
    });
    renderApp('/onboarding');

    expect(await screen.findByRole('combobox', { name: 'Payout method' })).toBeInTheDocument();
    expect(screen.getByLabelText('Payout details', { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText('Tax ID')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
  });
});
