// The settings module's domain events (payload types merge into the platform's event map).
declare module '../../platform/events' {
  interface DomainEvents {
    /** an admin changed platform settings (fee, minimum payout, default currency: every dashboard's figures) */
    'settings.changed': Record<string, never>;
  }
}

export {};
