import { useCallback } from 'react';
import { useUpdateProfile } from '../../features/auth/api/update-profile';
import { useAuthUser } from '../../features/auth/stores/auth-store';
import type { Language } from '../../lib/i18n';

/**
 * Keeps a language picked in the header (or the phone's user menu) on the signed-in user's profile, so
 * their other devices and what the server writes to them follow it. Signed out it does nothing.
 */
export function useSaveLanguage(): (language: Language) => void {
  const user = useAuthUser();
  const { mutate } = useUpdateProfile();
  return useCallback(
    (language: Language) => {
      if (user && user.language !== language) mutate({ language });
    },
    [user, mutate],
  );
}
