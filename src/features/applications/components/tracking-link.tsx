import { Button, Code, CopyButton } from '@mantine/core';
import { trackingLink } from '../types';

/** An approved application's tracking link, as text to read or select. */
export function TrackingLink({ code }: { code: string }) {
  return <Code aria-label="Tracking link">{trackingLink(code)}</Code>;
}

/** Copies an approved application's tracking link: the row's main action. */
export function CopyTrackingLinkButton({ code }: { code: string }) {
  return (
    <CopyButton value={trackingLink(code)}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" onClick={copy}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      )}
    </CopyButton>
  );
}
