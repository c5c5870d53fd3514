import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Media } from '../types';
import type { MediaPage } from './get-media';
import { mediaKeys } from './media-keys';

/** Owner only; the server refuses (409) while the file is a creative of an active campaign. */
export async function deleteMedia(id: string): Promise<void> {
  await api.delete(`/media/${encodeURIComponent(id)}`);
}

export const deleteMediaMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (media: Pick<Media, 'id'>) => deleteMedia(media.id),
    onSuccess: (_data, { id }) => {
      queryClient.setQueriesData<MediaPage>({ queryKey: mediaKeys.lists() }, (page) =>
        page ? { items: page.items.filter((m) => m.id !== id), total: Math.max(0, page.total - 1) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: mediaKeys.lists() });
    },
  });

export function useDeleteMedia() {
  return useMutation(deleteMediaMutationOptions(useQueryClient()));
}
