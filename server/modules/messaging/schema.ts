import { z } from 'zod';
import { offsetParam } from '../../platform/zod-numbers';

import { MAX_ATTACHMENTS, MAX_BODY_CHARS, MAX_PARTICIPANTS } from '../../../contracts/messaging';
import { ROLES } from '../../../contracts/users';

export const attachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const messageSchema = z.object({
  id: z.string(),
  /** grows with every message: the thread's `before` cursor and the live stream's event id */
  seq: z.number().int(),
  conversation_id: z.string(),
  sender_id: z.string().nullable(),
  sender_name: z.string(),
  body: z.string(),
  attachment_ids: z.array(z.string()),
  /** the attached media that still exist (a deleted file drops out) */
  attachments: z.array(attachmentSchema),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  company_name: z.string().nullable(),
  /** read receipt: seq of the last message this member has read (0: none) */
  last_read_seq: z.number().int(),
  last_read_at: z.string().nullable(),
});

export const conversationSchema = z.object({
  id: z.string(),
  campaign_id: z.string().nullable(),
  campaign_name: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_message_at: z.string().nullable(),
  members: z.array(memberSchema),
  last_message: messageSchema.nullable(),
  /** messages from others after the caller's read receipt */
  unread_count: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

const uuid = (what: string) => z.uuid({ error: `${what} must be a UUID` });

const body = z
  .string({ error: 'body is required' })
  .trim()
  .min(1, 'body must not be empty')
  .max(MAX_BODY_CHARS, `body must be at most ${MAX_BODY_CHARS} characters`);

const attachmentIds = z
  .array(uuid('each attachment id'))
  .max(MAX_ATTACHMENTS, `at most ${MAX_ATTACHMENTS} attachments`)
  .default([])
  .transform((ids) => [...new Set(ids)]);

export const createConversationBody = z.object({
  participant_ids: z
    .array(uuid('each participant id'))
    .min(1, 'choose at least one participant')
    .max(MAX_PARTICIPANTS, `at most ${MAX_PARTICIPANTS} participants`),
  campaign_id: uuid('campaign_id').nullish(),
  body: body.optional(),
  attachment_ids: attachmentIds,
});
export type CreateConversationBody = z.output<typeof createConversationBody>;

export const sendMessageBody = z.object({ body, attachment_ids: attachmentIds });
export type SendMessageBody = z.output<typeof sendMessageBody>;

export const listConversationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: offsetParam,
});

const seqParam = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is too large`);

export const listMessagesQuery = z.object({
  /** only messages older than this seq (the first seq of the page already shown) */
  before: seqParam('before').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const readBody = z
  .object({
    /** read up to this message; the newest when left out */
    seq: seqParam('seq').optional(),
  })
  .nullish();

export const readReceiptSchema = z.object({
  conversation_id: z.string(),
  last_read_seq: z.number().int(),
  unread_count: z.number().int(),
});

export const contactsQuery = z.object({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  company_name: z.string().nullable(),
  /** campaigns this contact and the caller share (the advertiser's, applied to by the publisher) */
  campaigns: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Contact = z.infer<typeof contactSchema>;

export const unreadSchema = z.object({ unread_count: z.number().int(), conversations: z.number().int() });

export const streamQuery = z.object({
  /** the thread the client shows: its members are not notified of messages there while connected */
  open: uuid('open').optional(),
  /** resume point for clients that cannot send the Last-Event-ID header */
  last_event_id: z.coerce
    .number({ error: 'last_event_id must be a whole number' })
    .int('last_event_id must be a whole number')
    .min(0, 'last_event_id must be at least 0')
    .max(Number.MAX_SAFE_INTEGER, 'last_event_id is too large')
    .optional(),
});
