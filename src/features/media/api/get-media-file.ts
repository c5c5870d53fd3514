import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { Media } from '../types';

/**
 * Media bytes are fetched with the bearer token (a plain <img src> or link would not carry it) and shown
 * through object URLs. Blobs stay out of the query cache, which is persisted as JSON; this small memory
 * cache spares refetching thumbnails while paging back and forth.
 */
const blobs = new Map<string, Promise<Blob>>();
const MAX_CACHED = 200;

/** `url`/`thumbnail_url` of the wire shape are absolute API paths; the client's base is /api. */
const apiPath = (url: string) => url.replace(/^\/api(?=\/)/, '');

export function getMediaBlob(url: string): Promise<Blob> {
  const cached = blobs.get(url);
  if (cached) return cached;
  const request = api.get<Blob>(apiPath(url), { responseType: 'blob', timeout: 0 }).then((res) => res.data);
  blobs.set(url, request);
  request.catch(() => blobs.delete(url));
  if (blobs.size > MAX_CACHED) blobs.delete(blobs.keys().next().value as string);
  return request;
}

/** Forgets cached bytes of a deleted media. */
export function forgetMediaBlobs(media: Pick<Media, 'url' | 'thumbnail_url'>): void {
  blobs.delete(media.url);
  if (media.thumbnail_url) blobs.delete(media.thumbnail_url);
}

/** Downloads the file under its stored name. */
export async function downloadMedia(media: Pick<Media, 'url' | 'filename' | 'content_type'>) {
  saveFile(await getMediaBlob(media.url), media.filename, media.content_type);
}

/** An object URL for `url` while the component is mounted (null while loading or without a url). */
export function useMediaObjectUrl(url: string | null | undefined) {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!url) return;
    let active = true;
    let objectUrl: string | null = null;
    getMediaBlob(url)
      .then((blob) => {
        if (!active) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, failed: false });
      })
      .catch(() => {
        if (active) setState({ url: null, failed: true });
      });
    return () => {
      active = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setState({ url: null, failed: false });
    };
  }, [url]);
  return state;
}
