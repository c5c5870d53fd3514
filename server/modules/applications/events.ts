// The applications module's domain events (payload types merge into the platform's event map).
import type { Application } from './schema';

/** An application as it stands after the change, and the advertiser of its campaign. */
export interface ApplicationNews {
  application: Application;
  advertiserId: string;
}

declare module '../../platform/events' {
  interface DomainEvents {
    /** an application (and so its tracking link) was made, decided, suspended or withdrawn (caches) */
    'application.changed': { applicationId: string; campaignId: string };
    /** a publisher applied (committed; maybe approved at once by an auto-approving campaign) */
    'application.submitted': ApplicationNews;
    /** an application was approved, rejected, suspended or withdrawn (committed) */
    'application.decided': ApplicationNews;
  }
}
