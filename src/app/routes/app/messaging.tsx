import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { MessagingPage, type NewMessageRequest } from '../../../features/messaging/components/messaging-page';

const CONVERSATION_PREFIX = '/conversation=';

/** The conversation id in a `/conversation=<id>` path (a push click target), or null. */
export function conversationIdFromPath(pathname: string): string | null {
  if (!pathname.startsWith(CONVERSATION_PREFIX)) return null;
  const raw = pathname.slice(CONVERSATION_PREFIX.length);
  if (!raw || raw.includes('/')) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** `/conversation=<id>` of a thread. */
export const conversationPath = (id: string) => `${CONVERSATION_PREFIX}${encodeURIComponent(id)}`;

/**
 * /messaging and /conversation=<id>: the list beside the open thread. `?to=<user>&campaign_id=<campaign>`
 * (the "Message" buttons) opens the new-message dialog with that person chosen; `?new=1` an empty one.
 */
export function MessagingRoute() {
  const user = useAuthUser();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  if (!user) return null;
  const conversationId = conversationIdFromPath(pathname);
  const newMessage: NewMessageRequest | null =
    params.has('to') || params.has('new')
      ? { recipientId: params.get('to'), campaignId: params.get('campaign_id') }
      : null;

  const onNewMessage = (request: NewMessageRequest | null) => {
    const next = new URLSearchParams();
    if (request) {
      next.set('new', '1');
      if (request.recipientId) next.set('to', request.recipientId);
      if (request.campaignId) next.set('campaign_id', request.campaignId);
    }
    setParams(next, { replace: true });
  };

  return (
    <MessagingPage
      user={{ id: user.id, name: user.name }}
      conversationId={conversationId}
      onOpen={(id) => void navigate(conversationPath(id))}
      onBack={() => void navigate('/messaging')}
      newMessage={newMessage}
      onNewMessage={onNewMessage}
    />
  );
}
