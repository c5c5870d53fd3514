// The toast container, loaded lazily by providers.tsx. Importing it through this module keeps the
// container's code (and its transitions) out of the entry chunk, which only needs the small store that
// src/lib/toast.ts shows toasts with.
export { Notifications } from '@mantine/notifications';
