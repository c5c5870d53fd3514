import { ModalsProvider } from '@mantine/modals';
import { AppLayout } from './layout/app-layout';
import { marketplaceModals } from './routes/app/marketplace-modals';

/**
 * The signed-in app: every modal is opened from here (`modals.open…` events), so their provider (and
 * Mantine's Modal with its scroll area) loads with the shell, not with the entry chunk.
 */
export function SignedInShell() {
  return (
    <ModalsProvider modals={marketplaceModals}>
      <AppLayout />
    </ModalsProvider>
  );
}
