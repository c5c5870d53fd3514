import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';

/** `/api/media/…` as the API client's path (its base URL is /api). */
export const apiPath = (url: string) => url.replace(/^\/api(?=\/)/, '');

export async function fetchMediaBlob(url: string): Promise<Blob> {
  const { data } = await api.get<Blob>(apiPath(url), { responseType: 'blob' });
  return data;
}

/**
 * An object URL for a media file or thumbnail: fetched with the bearer token (a plain <img src> would
 * not carry it), revoked when the component goes away. Null while loading or when it cannot be read.
 */
export function useMediaBlob(url: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    let created: string | null = null;
    fetchMediaBlob(url)
      .then((blob) => {
        if (cancelled) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
      setObjectUrl(null);
    };
  }, [url]);
  return objectUrl;
}
