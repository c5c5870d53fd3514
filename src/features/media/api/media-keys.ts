import type { MediaKind } from '../types';

export interface MediaListParams {
  page: number;
  limit: number;
  kind: 'all' | MediaKind;
  /** the creatives of this campaign the viewer may download, instead of the viewer's own library */
  campaignId?: string;
}

export const mediaKeys = {
  all: ['media'] as const,
  lists: () => [...mediaKeys.all, 'list'] as const,
  list: (params: MediaListParams) => [...mediaKeys.lists(), params] as const,
  detail: (id: string) => [...mediaKeys.all, 'detail', id] as const,
  limits: () => [...mediaKeys.all, 'limits'] as const,
};
