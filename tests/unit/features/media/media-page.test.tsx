import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Media } from '../../../../src/features/media/types';
import { installFakeServer, type FakeReply, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

let server: FakeServer;
let sequence = 0;

function makeMedia(overrides: Partial<Media> = {}): Media {
  sequence += 1;
  const id = `m-${sequence}`;
  return {
    id,
    owner_id: 'u-1',
    filename: `banner-${sequence}.png`,
    content_type: 'image/png',
    kind: 'image',
    size_bytes: 2048,
    width: 728,
    height: 90,
    url: `/api/media/${id}/file`,
    thumbnail_url: `/api/media/${id}/thumbnail`,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (name: string, size = 64) =>
  new File([new Uint8Array([...PNG_HEAD, ...new Array<number>(size - 8).fill(0)])], name, {
    type: 'image/png',
  });

function list(items: Media[]): FakeReply {
  return { status: 200, body: items, headers: { 'x-total-count': String(items.length) } };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser() })
    .on('GET', '/media/limits', {
      status: 200,
      body: { max_upload_bytes: 1024, content_types: ['image/png'] },
    });
  signIn();
});
afterEach(() => vi.restoreAllMocks());

describe('/media', () => {
  it('shows the library as a grid of thumbnails with names and sizes', async () => {
    const banner = makeMedia({ filename: 'summer-728x90.png' });
    const doc = makeMedia({
      filename: 'terms.pdf',
      kind: 'pdf',
      content_type: 'application/pdf',
      thumbnail_url: null,
    });
    server.on('GET', '/media', list([banner, doc]));
    server.on('GET', `/media/${banner.id}/thumbnail`, { status: 200, body: 'bytes' });
    renderApp('/media');
    const grid = await screen.findByRole('list', { name: 'Media library' });
    expect(within(grid).getByRole('listitem', { name: 'summer-728x90.png' })).toHaveTextContent(
      '2 KB · 728×90',
    );
    expect(within(grid).getByRole('listitem', { name: 'terms.pdf' })).toHaveTextContent('PDF');
    expect(await within(grid).findByRole('img', { name: 'summer-728x90.png' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
  });

  it('says when there are no files (of the chosen type)', async () => {
    server.on('GET', '/media', list([]));
    const { user } = renderApp('/media');
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Videos' }));
    expect(await screen.findByText('No files of this type')).toBeInTheDocument();
  });

  it('uploads a chosen file with a progress bar, then lists it', async () => {
    server.on('GET', '/media', list([]));
    let finish: (reply: FakeReply) => void = () => {};
    const uploaded = makeMedia({ filename: 'hero.png' });
    server.on('POST', '/media/upload', () => new Promise<FakeReply>((resolve) => (finish = resolve)));
    const { user } = renderApp('/media');
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload files'), png('hero.png'));

    const uploads = await screen.findByRole('region', { name: 'Uploads' });
    expect(
      await within(uploads).findByRole('progressbar', { name: 'Uploading hero.png' }),
    ).toBeInTheDocument();
    const sent = server.callsTo('POST', '/media/upload')[0]!;
    expect(sent.body).toBeInstanceOf(FormData);
    expect((sent.body as FormData).get('file')).toMatchObject({ name: 'hero.png' });
    // the browser writes the multipart boundary: the JSON default must not go along
    expect(String(sent.headers.get('Content-Type') ?? '')).not.toMatch(/json/);

    server.on('GET', '/media', list([uploaded]));
    finish({ status: 201, body: uploaded });
    expect(await within(uploads).findByRole('progressbar', { name: 'Uploaded hero.png' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(await screen.findByRole('listitem', { name: 'hero.png' })).toBeInTheDocument();
  });

  it('refuses a file over the limit and an HTML page named .png before uploading', async () => {
    server.on('GET', '/media', list([]));
    const { user } = renderApp('/media');
    await screen.findByText('No files yet');
    const html = new File(['<!doctype html><script>alert(1)</script>'], 'fake.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload files'), [png('huge.png', 4096), html]);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      '4 KB is larger than the upload limit of 1 KB.',
      'HTML files are not accepted; upload a PNG, JPEG, WebP, GIF, PDF or MP4 file.',
    ]);
    expect(server.callsTo('POST', '/media/upload')).toEqual([]);
  });

  it('shows why the server refused an upload', async () => {
    server.on('GET', '/media', list([]));
    server.on('POST', '/media/upload', { status: 415, body: { detail: 'SVG images are not accepted.' } });
    const { user } = renderApp('/media');
    await screen.findByText('No files yet');
    await user.upload(screen.getByLabelText('Upload files'), png('a.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('SVG images are not accepted.');
  });

  it('deletes a file after confirmation, and says why when the server refuses', async () => {
    const keep = makeMedia({ filename: 'live-creative.png', thumbnail_url: null });
    const gone = makeMedia({ filename: 'old.png', thumbnail_url: null });
    server.on('GET', '/media', list([keep, gone]));
    server.on('DELETE', `/media/${gone.id}`, { status: 204 });
    server.on('DELETE', `/media/${keep.id}`, {
      status: 409,
      body: { detail: 'This file is a creative of the active campaign Summer.' },
    });
    const { user } = renderApp('/media');
    await user.click(await screen.findByRole('button', { name: 'Delete old.png' }));
    server.on('GET', '/media', list([keep]));
    await user.click(await screen.findByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'old.png' })).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', `/media/${gone.id}`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete live-creative.png' }));
    await user.click(await screen.findByRole('button', { name: 'Delete file' }));
    expect(
      await screen.findByText('This file is a creative of the active campaign Summer.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'live-creative.png' })).toBeInTheDocument();
  });
});
