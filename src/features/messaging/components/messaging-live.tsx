import { useMessageStream } from '../hooks/use-message-stream';

/** Mounted once in the signed-in layout: the live message stream behind threads and unread badges. */
export function MessagingLive() {
  useMessageStream(true);
  return null;
}
