import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer } from '../../support/fake-server';
import { renderApp } from '../../support/render-app';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

// Signed out, the language is the device's: the sign-in and registration forms, their validation and the
// role choice in Danish (src/locales/da/auth.json).
beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  installFakeServer();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('auth forms in Danish', () => {
  it('asks for a valid e-mail and a password in Danish on the login form', async () => {
    const { user } = renderApp('/login');
    const submit = await screen.findByRole('button', { name: 'Log ind' }, { timeout: 30_000 });
    expect(screen.getByLabelText(/^Adgangskode/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^E-mail/), 'nope');
    await user.click(submit);
    expect(await screen.findByText('Angiv en gyldig e-mailadresse')).toBeInTheDocument();
    expect(screen.getByText('Adgangskode skal udfyldes')).toBeInTheDocument();
  });

  it('asks the role in Danish when registering, with no role preselected', async () => {
    const { user } = renderApp('/register');
    const submit = await screen.findByRole('button', { name: 'Opret konto' }, { timeout: 30_000 });
    expect(screen.getByRole('radio', { name: 'Annoncør' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Udgiver' })).not.toBeChecked();
    await user.click(submit);
    expect(
      await screen.findByText('Vælg, hvordan du bruger Affilio: som annoncør eller som udgiver'),
    ).toBeInTheDocument();
    expect(screen.getByText('Navn skal udfyldes')).toBeInTheDocument();
  });
});
