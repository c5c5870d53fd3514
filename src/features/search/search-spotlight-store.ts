import { createSpotlight } from '@mantine/spotlight';
import { useSyncExternalStore } from 'react';

/** The global search's own Spotlight (the header box opens it; Ctrl/Cmd+K too). */
export const [searchSpotlightStore, searchSpotlight] = createSpotlight();

// The dialog (GlobalSearch, a Mantine modal) mounts the first time it is asked for, not with the shell:
// mounting it was a long task of the start on a phone. Asked for before it has mounted, it mounts closed
// and opens from its first effect, so its focus handling sees an ordinary opening (the focus goes back to
// whatever asked for it when it closes).
let dialogMounted = false;
let openOnMount = false;
let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Opens the global search, mounting its dialog first when this is the first time. */
export function openSearch(): void {
  if (dialogMounted) {
    searchSpotlight.open();
    return;
  }
  openOnMount = true;
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

/** False until the global search is first asked for; its dialog is mounted from then on. */
export function useSearchWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}

/** The dialog's mount effect: opens it if it was asked for before it had mounted. Returns the cleanup. */
export function searchDialogMounted(): () => void {
  dialogMounted = true;
  if (openOnMount) {
    openOnMount = false;
    searchSpotlight.open();
  }
  return () => {
    dialogMounted = false;
    if (!searchSpotlightStore.getState().opened) return;
    // The store outlives the layout (sign-out, tests): a later mount starts closed. React's StrictMode
    // (development) unmounts and mounts again at once: that mount opens it again.
    searchSpotlight.close();
    openOnMount = true;
    queueMicrotask(() => {
      if (!dialogMounted) openOnMount = false;
    });
  };
}
