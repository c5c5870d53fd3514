import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import type { UserRow } from '../../platform/current-user';
import { notifyMessage } from './notices';
import {
  contactSchema,
  contactsQuery,
  conversationSchema,
  createConversationBody,
  listConversationsQuery,
  listMessagesQuery,
  messageSchema,
  readBody,
  readReceiptSchema,
  sendMessageBody,
  streamQuery,
  unreadSchema,
} from './schema';
import * as messaging from './service';
import { DEFAULT_HEARTBEAT_MS, MessageStreams, RESUME_LIMIT, StreamClient } from './stream';

export interface MessagingRouteOptions {
  ctx: AppContext;
  /** heartbeat comment interval of the live stream (tests shorten it) */
  heartbeatMs?: number;
}

/** `Last-Event-ID` as EventSource (or our fetch client) sends it: the seq of the last message received. */
function lastEventId(request: FastifyRequest, fallback: number | undefined): number | undefined {
  const raw = request.headers['last-event-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value !== undefined && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return fallback;
}

export const messagingRoutes: FastifyPluginAsyncZod<MessagingRouteOptions> = async (
  app,
  { ctx, heartbeatMs = DEFAULT_HEARTBEAT_MS },
) => {
  app.addHook('onRequest', requireAuth(ctx));
  const tags = ['messaging'];
  const streams = new MessageStreams(heartbeatMs);
  const stopListening = ctx.events.on('message.created', ({ message, memberIds }) =>
    streams.deliver(message, memberIds),
  );
  // streams never end by themselves: end them before the server waits for open connections
  app.addHook('preClose', async () => {
    stopListening();
    streams.closeAll();
  });

  /** After a message committed: live to every member's streams, notifications to those not looking. */
  const published = async (sent: messaging.Sent, sender: UserRow, request: FastifyRequest) => {
    ctx.events.emit('message.created', {
      conversationId: sent.conversationId,
      memberIds: sent.memberIds,
      message: sent.message,
    });
    await notifyMessage(ctx, streams, sent, sender, request.log);
  };

  app.get(
    '/conversations',
    {
      schema: {
        tags,
        summary: 'The caller’s conversations, most recently active first, with last message and unread count',
        querystring: listConversationsQuery,
        response: { 200: z.array(conversationSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await messaging.listConversations(
        ctx.db,
        currentUser(request).user,
        request.query,
      );
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.post(
    '/conversations',
    {
      schema: {
        tags,
        summary:
          'Start a conversation (201), or get the existing one with the same members and campaign (200); a body is sent into it',
        body: createConversationBody,
        response: { 200: conversationSchema, 201: conversationSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request).user;
      const { conversation, created, sent } = await messaging.startConversation(ctx.db, user, request.body);
      if (sent) await published(sent, user, request);
      return reply.code(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/conversations/unread',
    {
      schema: {
        tags,
        summary: 'Unread messages across the caller’s conversations (the navigation badge)',
        response: { 200: unreadSchema, ...resourceErrors },
      },
    },
    async (request) => messaging.unreadTotal(ctx.db, currentUser(request).user),
  );

  app.get(
    '/conversations/:id',
    { schema: { tags, params: idParams, response: { 200: conversationSchema, ...resourceErrors } } },
    async (request) => messaging.getConversation(ctx.db, currentUser(request).user, request.params.id),
  );

  app.get(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'Messages older than `before` (a seq), oldest first; X-Total-Count counts the whole thread',
        params: idParams,
        querystring: listMessagesQuery,
        response: { 200: z.array(messageSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await messaging.listMessages(
        ctx.db,
        currentUser(request).user,
        request.params.id,
        request.query,
      );
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.post(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        params: idParams,
        body: sendMessageBody,
        response: { 201: messageSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request).user;
      const sent = await messaging.sendMessage(ctx.db, user, request.params.id, request.body);
      await published(sent, user, request);
      return reply.code(201).send(sent.message);
    },
  );

  app.post(
    '/conversations/:id/read',
    {
      schema: {
        tags,
        summary: 'Move the caller’s read receipt to `seq` (the newest message when left out)',
        params: idParams,
        body: readBody,
        response: { 200: readReceiptSchema, ...resourceErrors },
      },
    },
    async (request) =>
      messaging.markRead(ctx.db, currentUser(request).user, request.params.id, request.body?.seq),
  );

  app.get(
    '/messaging/contacts',
    {
      schema: {
        tags,
        summary: 'People the caller may start a conversation with, and the campaigns they share',
        querystring: contactsQuery,
        response: { 200: z.array(contactSchema), ...resourceErrors },
      },
    },
    async (request) => messaging.contacts(ctx.db, currentUser(request).user, request.query),
  );

  // Server-sent events: `message` events with `id: <seq>`; a heartbeat comment every heartbeatMs. The
  // bearer token comes in the Authorization header (the client reads the stream with fetch). Left out
  // of the OpenAPI document: a stream never answers, which generated callers cannot handle.
  app.get(
    '/messaging/stream',
    { schema: { hide: true, querystring: streamQuery } },
    async (request, reply) => {
      const user = currentUser(request).user;
      const open =
        request.query.open && (await messaging.isMember(ctx.db, user.id, request.query.open))
          ? request.query.open
          : null;
      const resumeAfter = lastEventId(request, request.query.last_event_id);
      reply.hijack();
      const client = new StreamClient(user.id, open, reply.raw);
      client.start();
      streams.add(client);
      request.raw.on('close', () => {
        streams.remove(client);
        client.close();
      });
      try {
        const missed =
          resumeAfter !== undefined
            ? await messaging.missedMessages(ctx.db, user.id, resumeAfter, RESUME_LIMIT)
            : [];
        client.resume(missed);
      } catch (err) {
        request.log.error({ err }, 'could not resume a message stream');
        streams.remove(client);
        client.close();
      }
    },
  );
};
