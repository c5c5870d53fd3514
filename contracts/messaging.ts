/** Longest message body, in characters (after trimming). */
export const MAX_BODY_CHARS = 5000;
/** Most attachments on one message. */
export const MAX_ATTACHMENTS = 10;
/** Most people besides the sender in one conversation. */
export const MAX_PARTICIPANTS = 20;
