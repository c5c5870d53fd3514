import { Code, Text } from '@mantine/core';
import { usePostbackPreview } from '../api/postbacks';
import { useTranslation } from '../../../lib/i18n';

/** `{macro}` replaced by its URL-encoded value, as the server fills it; unknown macros stay as typed. */
export function fillPreview(url: string, values: Record<string, string>): string {
  return url.replace(/\{([a-z0-9_]+)\}/g, (token, name: string) =>
    name in values ? encodeURIComponent(values[name] ?? '') : token,
  );
}

/** The URL as it would be sent for the latest conversion (or sample values). */
export function PostbackPreviewUrl({ url, campaignId }: { url: string; campaignId: string | null }) {
  const { t } = useTranslation('integrations');
  const preview = usePostbackPreview(campaignId);
  if (!url.trim()) {
    return (
      <Text size="xs" c="dimmed">
        {t('preview.type')}
      </Text>
    );
  }
  if (!preview.data) {
    return (
      <Text size="xs" c="dimmed">
        {preview.isError ? t('preview.none') : t('preview.loading')}
      </Text>
    );
  }
  return (
    <>
      <Code block aria-label={t('preview.filled')} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {fillPreview(url, preview.data.values)}
      </Code>
      <Text size="xs" c="dimmed">
        {preview.data.conversion_id ? t('preview.latest') : t('preview.sample')}
      </Text>
    </>
  );
}
