import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import { mailOutbox } from '../db/schema/platform';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** true when mail goes to the dev outbox table instead of SMTP. */
  readonly usesOutbox: boolean;
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise a dev outbox: the mail is stored in
 * `mail_outbox` (readable by admins and tests) and logged, so a fresh install works without a mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      usesOutbox: false,
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    usesOutbox: true,
    async send(mail) {
      await db.insert(mailOutbox).values({ ...mail, sentAt: new Date() });
      log.info({ to: mail.to, subject: mail.subject }, `[mail outbox]\n${mail.text}`);
    },
  };
}
