import { Button, Code, CopyButton } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { trackingLink } from '../types';

/** An approved application's tracking link, as text to read or select. */
export function TrackingLink({ code }: { code: string }) {
  const { t } = useTranslation('applications');
  return <Code aria-label={t('link.label')}>{trackingLink(code)}</Code>;
}

/** Copies an approved application's tracking link: the row's main action. */
export function CopyTrackingLinkButton({ code }: { code: string }) {
  const { t } = useTranslation('applications');
  return (
    <CopyButton value={trackingLink(code)}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" onClick={copy}>
          {copied ? t('link.copied') : t('link.copy')}
        </Button>
      )}
    </CopyButton>
  );
}
