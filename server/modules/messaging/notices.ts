import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../platform/current-user';
import { msg } from '../../platform/i18n';
import type { Sent } from './service';
import type { MessageStreams } from './stream';

const PREVIEW_CHARS = 140;

function preview(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

/**
 * Tells the other members about a new message (in-app + push), except those who have the thread open on
 * a live stream: they are reading it already. Runs after the message committed; never fails the send.
 */
export async function notifyMessage(
  ctx: AppContext,
  streams: MessageStreams,
  sent: Sent,
  sender: UserRow,
  log: FastifyBaseLogger,
): Promise<void> {
  const recipients = sent.memberIds.filter(
    (id) => id !== sender.id && !streams.isViewing(id, sent.conversationId),
  );
  if (recipients.length === 0) return;
  const attachments = sent.message.attachments.length;
  try {
    await ctx.notifier.notifyEach(recipients, {
      category: 'message',
      title: sender.name
        ? msg('notifications:message.new.title', { sender: sender.name })
        : msg('notifications:message.new.titleUnnamed'),
      // the sender's own words stay as written
      body: preview(sent.message.body) || msg('notifications:message.attachments', { count: attachments }),
      link: `/conversation=${sent.conversationId}`,
      data: { type: 'message', id: sent.conversationId, message_id: sent.message.id },
    });
  } catch (err) {
    log.error({ err, conversationId: sent.conversationId }, 'could not notify about a message');
  }
}
