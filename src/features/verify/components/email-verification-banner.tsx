import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useResendVerification } from '../api/resend-verification';

/** Shown to a signed-in user whose address is not confirmed while the platform requires it. */
export function EmailVerificationBanner({ email }: { email: string }) {
  const { t } = useTranslation('verify');
  const resend = useResendVerification();
  return (
    <Alert color="yellow" variant="light" title={t('bannerTitle')} mb="md" role="status">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('bannerBody', { email })}</Text>
        <Button
          size="xs"
          variant="light"
          loading={resend.isPending}
          disabled={resend.isSuccess}
          onClick={() => resend.mutate()}
        >
          {t('resend')}
        </Button>
      </Group>
      {resend.isSuccess && (
        <Text size="sm" mt="xs">
          {t('resent', { email })}
        </Text>
      )}
      {resend.isError && (
        <Text size="sm" mt="xs" c="red">
          {errorMessage(resend.error, t('resendFailed'))}
        </Text>
      )}
    </Alert>
  );
}
