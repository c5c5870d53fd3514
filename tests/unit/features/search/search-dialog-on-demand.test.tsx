// Its own file: whether the search was asked for yet is module state, fresh in each test file.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { searchSpotlightStore } from '../../../../src/features/search/search-spotlight-store';
import { installFakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

beforeEach(() => {
  installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'adv-1' }) })
    .on('GET', '/campaigns', { status: 200, body: [], headers: { 'x-total-count': '0' } });
  signIn();
});

describe('the global search dialog, mounted when first asked for', { timeout: 20_000 }, () => {
  it('opens from the header box with the focus in it, and gives the focus back to the box when closed', async () => {
    const { user } = renderApp('/campaigns');
    const box = (await screen.findAllByRole('button', { name: 'Search' }))[0]!;
    expect(searchSpotlightStore.getState().opened).toBe(false);

    await user.click(box);
    const input = await screen.findByRole('textbox', { name: 'Search' });
    await waitFor(() => expect(input).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search' })).not.toBeInTheDocument());
    await waitFor(() => expect(box).toHaveFocus());

    // Mounted now: the shortcut opens it again.
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('textbox', { name: 'Search' })).toBeInTheDocument();
  });
});
