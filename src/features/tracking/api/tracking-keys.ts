export interface TrackingLinkParams {
  /** omitted: every link the viewer may see */
  campaign_id?: string;
}

export const trackingKeys = {
  all: ['tracking'] as const,
  links: () => [...trackingKeys.all, 'links'] as const,
  linkList: (params: TrackingLinkParams) => [...trackingKeys.links(), params] as const,
};
