import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../src/features/auth/types';
import { installFakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

function openSettingsAs(role: User['role']) {
  installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ role }) })
    .on('GET', '/webhooks', { status: 200, body: [] })
    .on('GET', '/publisher-postbacks', { status: 200, body: [] })
    .on('GET', '/applications', { status: 200, body: [] })
    .on('GET', '/api-keys', { status: 200, body: [] });
  signIn();
  return renderApp('/settings');
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('Settings: webhooks or postbacks by role', () => {
  it('shows advertisers Webhooks and no Postbacks', async () => {
    openSettingsAs('advertiser');
    expect(await screen.findByRole('heading', { name: 'Webhooks' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Postbacks' })).not.toBeInTheDocument();
    expect(await screen.findByText('You have no webhook endpoints yet.')).toBeInTheDocument();
  });

  it('shows publishers Postbacks and no Webhooks', async () => {
    openSettingsAs('publisher');
    expect(await screen.findByRole('heading', { name: 'Postbacks' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(await screen.findByText('You have no postbacks yet.')).toBeInTheDocument();
  });
});
