import { useCallback, useState } from 'react';
import { weakPasswordError } from '../../../lib/password-strength';

/**
 * The submit-time strength check of a new password (the meter may still be waiting for a pause in
 * typing): `check` answers the field error for a password the server would refuse, or null.
 */
export function usePasswordCheck() {
  const [checking, setChecking] = useState(false);
  const check = useCallback(async (password: string, userInputs: readonly string[]) => {
    setChecking(true);
    try {
      return await weakPasswordError(password, userInputs);
    } finally {
      setChecking(false);
    }
  }, []);
  return { checking, check };
}
