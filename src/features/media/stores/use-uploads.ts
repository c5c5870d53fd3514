import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { translate } from '../../../lib/i18n';
import { mediaKeys } from '../api/media-keys';
import { uploadMedia } from '../api/upload-media';
import type { Media } from '../types';
import { checkFile } from '../utils/check-file';

export type UploadStatus = 'checking' | 'uploading' | 'done' | 'refused' | 'failed' | 'cancelled';

export interface Upload {
  key: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0–100 */
  progress: number;
  error: string | null;
  media: Media | null;
}

let sequence = 0;

/**
 * The uploads of this visit, one row per file with its progress. Each file is checked in the browser
 * first (size, type from its first bytes); refused files never leave the device. Finished rows stay
 * until cleared, so the user sees what went through and what did not.
 */
export function useUploads(maxBytes: number) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const patch = useCallback((key: string, change: Partial<Upload>) => {
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  }, []);

  const start = useCallback(
    async (file: File, key: string) => {
      const problem = await checkFile(file, maxBytes);
      if (problem) {
        patch(key, { status: 'refused', error: problem });
        return;
      }
      const controller = new AbortController();
      controllers.current.set(key, controller);
      patch(key, { status: 'uploading' });
      try {
        const media = await uploadMedia({
          file,
          signal: controller.signal,
          onProgress: (fraction) => patch(key, { progress: Math.round(fraction * 100) }),
        });
        patch(key, { status: 'done', progress: 100, media });
        void queryClient.invalidateQueries({ queryKey: mediaKeys.lists() });
      } catch (error) {
        if (controller.signal.aborted)
          patch(key, { status: 'cancelled', error: translate('media', 'upload.cancelledError') });
        else
          patch(key, {
            status: 'failed',
            error: errorMessage(error, translate('media', 'upload.failedError')),
          });
      } finally {
        controllers.current.delete(key);
      }
    },
    [maxBytes, patch, queryClient],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const added = [...files].map((file) => {
        sequence += 1;
        return { file, key: `upload-${sequence}` };
      });
      setUploads((list) => [
        ...added.map(({ file, key }) => ({
          key,
          name: file.name,
          size: file.size,
          status: 'checking' as const,
          progress: 0,
          error: null,
          media: null,
        })),
        ...list,
      ]);
      for (const { file, key } of added) void start(file, key);
    },
    [start],
  );

  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);

  const clearFinished = useCallback(() => {
    setUploads((list) => list.filter((u) => u.status === 'checking' || u.status === 'uploading'));
  }, []);

  return { uploads, add, cancel, clearFinished };
}
