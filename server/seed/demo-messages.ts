import { and, asc, eq } from 'drizzle-orm';
import { memberKeyOf } from '../modules/messaging/service';
import type { Db } from '../db/connection';
import type { DemoUsers } from './demo-users';
import { applications, campaigns } from '../db/schema/marketplace';
import { conversationMembers, conversations, messages } from '../db/schema/messaging';

/**
 * The demo's conversations: Alice and Paula about one of Alice's campaigns Paula promotes (Paula has not
 * read Alice's last message yet), and the admin with Alice about her next invoice (one unread for Alice).
 */

const MINUTE_MS = 60 * 1000;

interface Line {
  from: string;
  body: string;
  minutesAgo: number;
}

async function seedConversation(
  db: Db,
  members: string[],
  campaignId: string | null,
  lines: Line[],
  /** how many of the last messages each member has not read yet */
  unreadBy: Record<string, number>,
  now: Date,
): Promise<void> {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE_MS);
  const [conversation] = await db
    .insert(conversations)
    .values({
      campaignId,
      memberKey: memberKeyOf(members, campaignId),
      createdBy: lines[0]!.from,
      createdAt: at(lines[0]!.minutesAgo),
      lastMessageAt: at(lines.at(-1)!.minutesAgo),
    })
    .returning();
  const rows = await db
    .insert(messages)
    .values(
      lines.map((l) => ({
        conversationId: conversation!.id,
        senderId: l.from,
        body: l.body,
        createdAt: at(l.minutesAgo),
      })),
    )
    .returning({ seq: messages.seq, senderId: messages.senderId, createdAt: messages.createdAt });
  rows.sort((a, b) => a.seq - b.seq);
  await db.insert(conversationMembers).values(
    members.map((userId) => {
      const read = rows.slice(0, rows.length - (unreadBy[userId] ?? 0)).at(-1);
      return {
        conversationId: conversation!.id,
        userId,
        lastReadSeq: read?.seq ?? 0,
        lastReadAt: read?.createdAt ?? null,
        joinedAt: at(lines[0]!.minutesAgo),
      };
    }),
  );
}

export async function seedDemoMessages(
  db: Db,
  users: DemoUsers,
  adminId: string | null,
  now: Date,
): Promise<void> {
  const alice = users.advertisers.alice.id;
  const paula = users.publishers.paula.id;
  const [shared] = await db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .where(
      and(
        eq(campaigns.advertiserId, alice),
        eq(applications.publisherId, paula),
        eq(applications.status, 'approved'),
      ),
    )
    .orderBy(asc(campaigns.createdAt))
    .limit(1);
  if (shared) {
    await seedConversation(
      db,
      [alice, paula],
      shared.id,
      [
        {
          from: paula,
          body: `Hi Alice, I'd like to feature ${shared.name} in my next newsletter. Do you have a banner in 600×200?`,
          minutesAgo: 3 * 24 * 60,
        },
        {
          from: alice,
          body: 'Hi Paula, great idea! I added new banners to the campaign creatives, have a look.',
          minutesAgo: 3 * 24 * 60 - 45,
        },
        {
          from: paula,
          body: 'Got them, thanks. The newsletter goes out on Friday.',
          minutesAgo: 2 * 24 * 60,
        },
        {
          from: alice,
          body: 'Perfect. Let me know how it performs; we can talk about a higher tier after that.',
          minutesAgo: 90,
        },
      ],
      { [paula]: 1 },
      now,
    );
  }
  if (adminId) {
    await seedConversation(
      db,
      [adminId, alice],
      null,
      [
        {
          from: alice,
          body: 'Hello, could the monthly invoice show a purchase-order number?',
          minutesAgo: 5 * 24 * 60,
        },
        {
          from: adminId,
          body: 'Hi Alice, not yet, but it is on our list. I will let you know when it is there.',
          minutesAgo: 20,
        },
      ],
      { [alice]: 1 },
      now,
    );
  }
}
