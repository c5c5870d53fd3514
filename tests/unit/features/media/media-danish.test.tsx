import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Media } from '../../../../src/features/media/types';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;

const pdf: Media = {
  id: 'm-1',
  owner_id: 'u-1',
  filename: 'vilkaar.pdf',
  content_type: 'application/pdf',
  kind: 'pdf',
  size_bytes: 1536,
  width: null,
  height: null,
  url: '/api/media/m-1/file',
  thumbnail_url: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ language: 'da' }) })
    .on('GET', '/media/limits', {
      status: 200,
      body: { max_upload_bytes: 1024, content_types: ['image/png'] },
    })
    .on('GET', '/media', { status: 200, body: [pdf], headers: { 'x-total-count': '1' } });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en');
});

describe('the media library in Danish', () => {
  it('names the library, filters, sizes and a refused upload in Danish', async () => {
    const { user } = renderApp('/media');
    const grid = await screen.findByRole('list', { name: 'Mediebibliotek' }, { timeout: 15_000 });
    expect(within(grid).getByRole('listitem', { name: 'vilkaar.pdf' })).toHaveTextContent('1,5 KB');
    expect(within(grid).getByRole('button', { name: 'Slet vilkaar.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Billeder' })).toBeInTheDocument();
    expect(screen.getByText('1 fil')).toBeInTheDocument();
    expect(screen.getByText('Træk filer hertil for at uploade dem')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Upload filer'), new File([], 'tom.png', { type: 'image/png' }));
    const uploads = await screen.findByRole('region', { name: 'Uploads' });
    await waitFor(() => expect(within(uploads).getByRole('alert')).toHaveTextContent('Filen er tom.'));
    expect(uploads).toHaveTextContent('Ikke uploadet');
    expect(server.callsTo('POST', '/media/upload')).toHaveLength(0);
  });
});
