// First key part 'admin' keeps admin data out of the persisted query cache (see lib/query-client.ts).
export const settingsKeys = {
  all: ['admin', 'settings'] as const,
  admin: () => [...settingsKeys.all] as const,
  /** what every signed-in user may read (GET /settings/public) */
  public: () => ['settings', 'public'] as const,
};
