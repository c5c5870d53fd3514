export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'suspended', 'withdrawn'] as const;

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
