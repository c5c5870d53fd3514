// The admin module's domain events (payload types merge into the platform's event map).
declare module '../../platform/events' {
  interface DomainEvents {
    /** an admin created a user or changed a user's status or role (suspension pauses campaigns or links) */
    'user.changed': { userId: string };
  }
}

export {};
