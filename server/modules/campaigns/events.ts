// The campaigns module's domain events (payload types merge into the platform's event map).
declare module '../../platform/events' {
  interface DomainEvents {
    /** a campaign was created, edited, paused, ended or deleted */
    'campaign.changed': { campaignId: string };
  }
}

export {};
