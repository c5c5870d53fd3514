import { api } from '../../../lib/api-client';
import type { Media } from '../types';

export interface UploadMediaInput {
  file: File;
  /** 0–1 as the bytes go out */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/**
 * `POST /media/upload` as multipart with the file in the field `file`. The JSON content type the client
 * sends by default is removed so the browser writes the multipart boundary itself (spec §7). No timeout:
 * a large file on a slow line takes as long as it takes (the user can cancel).
 */
export async function uploadMedia({ file, onProgress, signal }: UploadMediaInput): Promise<Media> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await api.post<Media>('/media/upload', form, {
    headers: { 'Content-Type': undefined },
    timeout: 0,
    signal,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (total > 0) onProgress?.(Math.min(1, event.loaded / total));
    },
  });
  return data;
}
