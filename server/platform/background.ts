import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has gone out (e.g. the password-reset mail, so a known and an unknown
 * e-mail answer alike). `drain` waits for all of it: on shutdown, and in tests before they look at results.
 */
export class Background {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, task: () => Promise<void>): void {
    const done: Promise<void> = Promise.resolve()
      .then(task)
      .catch((err: unknown) => this.log.error({ err }, `${what} failed`))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
