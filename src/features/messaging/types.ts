export type Role = 'advertiser' | 'publisher' | 'admin';

export interface Attachment {
  id: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  /** API paths (`/api/media/{id}/file`): fetched with the bearer token, not linked directly */
  url: string;
  thumbnail_url: string | null;
}

export interface Message {
  id: string;
  /** grows with every message: the thread's cursor and the live stream's event id */
  seq: number;
  conversation_id: string;
  sender_id: string | null;
  sender_name: string;
  body: string;
  attachment_ids: string[];
  attachments: Attachment[];
  created_at: string;
  /** client only: sent offline or still on its way; shown greyed */
  pending?: boolean;
}

export interface Member {
  id: string;
  name: string;
  role: Role;
  company_name: string | null;
  last_read_seq: number;
  last_read_at: string | null;
}

export interface Conversation {
  id: string;
  campaign_id: string | null;
  campaign_name: string | null;
  created_by: string | null;
  created_at: string;
  last_message_at: string | null;
  members: Member[];
  last_message: Message | null;
  unread_count: number;
}

export interface Contact {
  id: string;
  name: string;
  role: Role;
  company_name: string | null;
  campaigns: { id: string; name: string }[];
}

/** An item of the caller's media library (GET /api/media), as the attachment picker needs it. */
export interface MediaItem {
  id: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  url: string;
  thumbnail_url: string | null;
  created_at: string;
}

export interface Unread {
  unread_count: number;
  conversations: number;
}
