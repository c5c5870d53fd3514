export const couponKeys = {
  all: ['coupons'] as const,
  campaign: (campaignId: string) => [...couponKeys.all, 'campaign', campaignId] as const,
  mine: () => [...couponKeys.all, 'mine'] as const,
};
