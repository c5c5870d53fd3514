import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../support/fake-server';
import { renderApp } from '../support/render-app';

describe('error screen', () => {
  it('replaces a route that throws while rendering', async () => {
    installFakeServer();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const { user } = renderApp('/debug/crash');

    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText("We're sorry, but something unexpected happened. Our team has been notified."),
    ).toBeInTheDocument();

    const reload = screen.getByRole('button', { name: 'Reload page' });
    expect(reload).toHaveTextContent(/^$/);

    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(back).toHaveBeenCalledTimes(1);
  });
});
