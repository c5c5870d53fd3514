// The messaging module's domain events (payload types merge into the platform's event map).
import type { Message } from './schema';

declare module '../../platform/events' {
  interface DomainEvents {
    /** a message was sent (committed): live streams of its conversation's members pass it on */
    'message.created': { conversationId: string; memberIds: string[]; message: Message };
  }
}
