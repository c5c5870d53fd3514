// scripts/vite-locales.ts: one compiled catalog per language, by message id "<namespace>:<key>".
declare module 'virtual:locale/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
