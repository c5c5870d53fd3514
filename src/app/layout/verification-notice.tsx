import type { User } from '../../features/auth/types';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { EmailVerificationBanner } from '../../features/verify/components/email-verification-banner';

/**
 * The "confirm your e-mail address" banner above every page, for a user who has not confirmed it while the
 * platform requires it. Verified users (nearly everyone) never ask for the setting.
 */
export function VerificationNotice({ user }: { user: User | null }) {
  const unverified = user !== null && user.email_verified === false;
  const settings = usePublicSettings({ enabled: unverified });
  if (!unverified || settings.data?.require_email_verification !== true) return null;
  return <EmailVerificationBanner email={user.email} />;
}
