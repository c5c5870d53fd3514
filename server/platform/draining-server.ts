import {
  createServer,
  ServerResponse,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';

/**
 * The HTTP server under Fastify, able to drain its keep-alive connections on shutdown.
 *
 * A keep-alive connection that carries a request when the shutdown starts must not be reset: its request is
 * answered, and the answer says `Connection: close`, so the client (nginx) closes it instead of sending the
 * next request into an instance that is going away. Without that the connection stays open after the answer
 * until the keep-alive timeout (72 s), holding up the shutdown, and the client's next request on it races
 * the close. Idle connections are closed at once by Fastify (`forceCloseConnections: 'idle'`); a request
 * that still arrives on an open connection is answered 503 by Fastify (`return503OnClosing`), which the
 * proxy retries on another instance.
 */
export interface DrainingServer {
  server: Server;
  /** From now on every answer closes its connection; connections left idle are closed as they go idle. */
  drain(): void;
}

/** how often connections that went idle after a streamed answer (its head sent before the drain) are closed */
const IDLE_SWEEP_MS = 250;
/** a client that never finishes its request (a stalled upload) does not hold the shutdown longer than this */
const DRAIN_DEADLINE_MS = 30_000;

export function createDrainingServer(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): DrainingServer {
  let draining = false;
  // Every answer's head passes through writeHead (Node calls it for implicit heads too): the one place that
  // reaches requests already in flight when the drain starts, at no cost per request before it.
  class DrainingResponse extends ServerResponse {
    override writeHead(
      statusCode: number,
      reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
      headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
    ): this {
      if (draining && !this.headersSent) this.setHeader('Connection', 'close');
      // Node's writeHead takes the headers second when there is no reason phrase, as it was called here
      return super.writeHead(statusCode, reasonOrHeaders as string | undefined, headers);
    }
  }
  const server = createServer({ ServerResponse: DrainingResponse }, listener);
  return {
    server,
    drain() {
      if (draining) return;
      draining = true;
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
      const deadline = setTimeout(() => server.closeAllConnections(), DRAIN_DEADLINE_MS).unref();
      server.once('close', () => {
        clearInterval(sweep);
        clearTimeout(deadline);
      });
    },
  };
}
