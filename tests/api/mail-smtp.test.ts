import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema/platform';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('mail through SMTP when SMTP_URL is set', () => {
  const received: Received[] = [];
  /** while set, the SMTP server takes a message only once it resolves */
  let hold: Promise<void> | null = null;
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', async () => {
          await hold;
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Affilio <no-reply@affilio.test>',
      appUrl: 'https://app.example',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset link to the SMTP server and keeps no outbox copy', async () => {
    const u = await createUser(t);
    const res = await call(t, 'POST', '/api/auth/forgot-password', { payload: { email: u.email } });
    expect(res.statusCode).toBe(200);
    await t.app.settle(); // the mail goes out after the answer
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@affilio.test', to: [u.email] });
    expect(received[0]!.raw).toContain('Subject: Reset your Affilio password');
    expect(received[0]!.raw).toContain('https://app.example/reset-password?token=');
    expect(await t.database.db.select().from(mailOutbox)).toEqual([]);
  });

  it('answers forgot-password before the mail is sent, known and unknown e-mails alike', async () => {
    const u = await createUser(t);
    let release = () => {};
    hold = new Promise<void>((resolve) => (release = resolve));
    try {
      const known = await call(t, 'POST', '/api/auth/forgot-password', { payload: { email: u.email } });
      const unknown = await call(t, 'POST', '/api/auth/forgot-password', {
        payload: { email: 'nobody-here@affilio.test' },
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      // the SMTP server has not taken the message yet: the answer did not wait for it
      expect(received.filter((m) => m.to.includes(u.email))).toHaveLength(0);
    } finally {
      release();
      hold = null;
    }
    await t.app.settle();
    expect(received.filter((m) => m.to.includes(u.email))).toHaveLength(1);
  });

  it('has no outbox to read', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await call(t, 'GET', '/api/admin/outbox', {
      token: await login(t, admin.email, admin.password),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Mail is sent through SMTP; there is no outbox' });
  });
});
