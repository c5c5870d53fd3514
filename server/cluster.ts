import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import type { Database } from './db/connection';
import { messageCreatedCodec } from './modules/messaging/service';

/** The PostgreSQL channel every instance of one install listens on. */
export const EVENTS_CHANNEL = 'affilio_events';

/**
 * Several instances on one PostgreSQL: the events whose listeners keep local state (the tracking-link and
 * dashboard caches, the live message streams) reach every instance through LISTEN/NOTIFY. Payloads are ids;
 * a message is read back from the database by the instance that streams it. When the listening connection
 * is lost and comes back, `cluster.resync` drops those caches (what was missed meanwhile is unknown).
 * PGlite is one process: nothing to link, the same events stay in-process.
 */
export async function linkInstances(
  app: FastifyInstance,
  ctx: AppContext,
  database: Database,
): Promise<void> {
  const { events } = ctx;
  events.share('campaign.changed');
  events.share('application.changed');
  events.share('user.changed');
  events.share('settings.changed');
  events.share('stats.changed');
  events.share('message.created', messageCreatedCodec(ctx.db));
  const { notify, listen } = database;
  if (!notify || !listen) return;
  const warn = (message: string) => app.log.warn(message);
  const listener = await listen(
    EVENTS_CHANNEL,
    (message) => void events.receive(message),
    () => {
      warn('event listener reconnected: dropping shared caches');
      events.emit('cluster.resync', {});
    },
  );
  events.connect({ publish: (message) => notify(EVENTS_CHANNEL, message) }, warn);
  app.addHook('onClose', () => listener.close());
}
