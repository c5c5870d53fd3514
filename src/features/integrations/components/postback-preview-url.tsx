import { Code, Text } from '@mantine/core';
import { usePostbackPreview } from '../api/postbacks';

/** `{macro}` replaced by its URL-encoded value, as the server fills it; unknown macros stay as typed. */
export function fillPreview(url: string, values: Record<string, string>): string {
  return url.replace(/\{([a-z0-9_]+)\}/g, (token, name: string) =>
    name in values ? encodeURIComponent(values[name] ?? '') : token,
  );
}

/** The URL as it would be sent for the latest conversion (or sample values). */
export function PostbackPreviewUrl({ url, campaignId }: { url: string; campaignId: string | null }) {
  const preview = usePostbackPreview(campaignId);
  if (!url.trim()) {
    return (
      <Text size="xs" c="dimmed">
        Type a URL to see it filled.
      </Text>
    );
  }
  if (!preview.data) {
    return (
      <Text size="xs" c="dimmed">
        {preview.isError ? 'No preview right now.' : 'Loading the preview…'}
      </Text>
    );
  }
  return (
    <>
      <Code block aria-label="Filled URL" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {fillPreview(url, preview.data.values)}
      </Code>
      <Text size="xs" c="dimmed">
        {preview.data.conversion_id
          ? 'Values of your latest conversion.'
          : 'Sample values (no conversion yet).'}
      </Text>
    </>
  );
}
