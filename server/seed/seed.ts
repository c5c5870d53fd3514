import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config';
import { DEMO_ADMIN_PASSWORD, DEMO_USER_PASSWORD } from '../platform/demo-passwords';
import type { Role } from '../../contracts/users';
import { hashPassword } from '../modules/auth/service';
import { seedRateHistory } from '../modules/currency/service';
import { backfillLedger } from '../modules/ledger/service';
import { mediaStorageFor } from '../modules/media/service';
import { countUsers, insertUser, type ProfilePatch } from '../modules/users/service';
import type { Db } from '../db/connection';
import type { AdvertiserKey, PublisherKey } from './demo-campaigns';
import { seedDemoData } from './demo-data';
import { seedDemoCoupons } from './demo-coupons';
import { seedDemoCapsAndReferrals } from './demo-caps-referrals';
import { type DemoUsers } from './demo-users';
import { seedDemoFraud } from './demo-fraud';
import { seedDemoMedia } from './demo-media';
import { seedDemoPayouts } from './demo-payouts';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoMessages } from './demo-messages';
import { seedDemoApiKeys } from './demo-api-keys';
import { seedDemoIntegrations } from './demo-integrations';

export interface SeededAccount {
  role: Role;
  email: string;
  /** null when the password came from ADMIN_PASSWORD and must not be printed */
  password: string | null;
}

export const DEMO_ADMIN = { email: 'admin@affilio.test', password: DEMO_ADMIN_PASSWORD };
export const DEMO_PASSWORD = DEMO_USER_PASSWORD;

type DemoAccount = { role: 'advertiser'; key: AdvertiserKey } | { role: 'publisher'; key: PublisherKey };

const DEMO_USERS: (DemoAccount & {
  email: string;
  name: string;
  joinedDaysAgo: number;
  profile: ProfilePatch;
  /** English unless set: Mette is the demo's Danish user (UI, notifications, mails and PDFs in Danish) */
  language?: 'da';
})[] = [
  {
    role: 'advertiser',
    key: 'alice',
    joinedDaysAgo: 150,
    email: 'alice@advertiser.test',
    name: 'Alice Andersen',
    profile: {
      companyName: 'Northwind Outdoor',
      website: 'https://northwind.example',
      country: 'DK',
      billingAddress: 'Vesterbrogade 1, 1620 København V',
    },
  },
  {
    role: 'advertiser',
    key: 'bob',
    joinedDaysAgo: 140,
    email: 'bob@advertiser.test',
    name: 'Bob Brennan',
    profile: {
      companyName: 'Brennan Electronics',
      website: 'https://brennan.example',
      country: 'IE',
      billingAddress: '12 Grafton Street, Dublin 2',
    },
  },
  {
    role: 'publisher',
    key: 'paula',
    joinedDaysAgo: 170,
    email: 'paula@publisher.test',
    name: 'Paula Pereira',
    profile: {
      displayName: 'Trail & Summit Blog',
      country: 'PT',
      payoutMethod: 'paypal',
      payoutDetails: 'paula@publisher.test',
    },
  },
  {
    role: 'publisher',
    key: 'peter',
    joinedDaysAgo: 165,
    email: 'peter@publisher.test',
    name: 'Peter Petersen',
    profile: {
      displayName: 'Gadget Deals Daily',
      country: 'SE',
      payoutMethod: 'bank_transfer',
      payoutDetails: 'IBAN SE45 5000 0000 0583 9825 7466',
    },
  },
  {
    role: 'publisher',
    key: 'priya',
    joinedDaysAgo: 130,
    email: 'priya@publisher.test',
    name: 'Priya Patel',
    profile: {
      displayName: 'Smart Money Reviews',
      country: 'GB',
      payoutMethod: 'bank_transfer',
      payoutDetails: 'GB29 NWBK 6016 1331 9268 19',
    },
  },
  {
    role: 'publisher',
    key: 'mette',
    joinedDaysAgo: 120,
    email: 'mette@publisher.test',
    name: 'Mette Mortensen',
    language: 'da',
    profile: {
      displayName: 'Hyggelige Vandreture',
      country: 'DK',
      payoutMethod: 'bank_transfer',
      payoutDetails: 'DK50 0040 0440 1162 43',
    },
  },
];

const complete = {
  onboardingCompleted: true,
  profileCompletionStatus: 'complete',
  profileCompletionStep: 'complete',
} as const;

/** 144 random bits, URL-safe: typed once from the start-up log, then changed in the profile. */
function generatedPassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * On an empty database: the first admin (ADMIN_EMAIL / ADMIN_PASSWORD when set; else the demo admin's
 * password with the demo and a generated one without) and, with SEED=demo, the demo advertisers and publishers with a living marketplace around them (demo-data.ts), all in one
 * transaction so a failed seed leaves the database empty for the next start. Returns the accounts
 * created so main can print them once.
 */
export async function seedIfEmpty(db: Db, config: AppConfig): Promise<SeededAccount[]> {
  if ((await countUsers(db)) > 0) return [];
  const adminEmail = (config.adminEmail ?? DEMO_ADMIN.email).toLowerCase();
  // outside the demo the first admin never gets a published password: one is made up and printed once
  const adminPassword =
    config.adminPassword ?? (config.seed === 'demo' ? DEMO_ADMIN.password : generatedPassword());
  // hashing is slow on purpose: done before the transaction starts
  const adminHash = await hashPassword(adminPassword);
  const demoHash = config.seed === 'demo' ? await hashPassword(DEMO_PASSWORD) : null;
  const now = new Date();
  return db.transaction(async (tx) => {
    const seeded: SeededAccount[] = [];
    const admin = await insertUser(
      tx,
      {
        email: adminEmail,
        passwordHash: adminHash,
        role: 'admin',
        name: 'Administrator',
        status: 'active',
        ...complete,
        // the operator named this address: there is nobody to confirm it to
        emailVerifiedAt: now,
      },
      {},
    );
    const adminId = admin.user.id;
    seeded.push({ role: 'admin', email: adminEmail, password: config.adminPassword ? null : adminPassword });
    if (!demoHash) return seeded;
    const demoUsers = { advertisers: {}, publishers: {} } as DemoUsers;
    for (const demo of DEMO_USERS) {
      const { user } = await insertUser(
        tx,
        {
          email: demo.email,
          passwordHash: demoHash,
          role: demo.role,
          name: demo.name,
          status: 'active',
          language: demo.language ?? 'en',
          ...complete,
          emailVerifiedAt: now,
          // they have been around as long as their demo history
          createdAt: new Date(now.getTime() - demo.joinedDaysAgo * 24 * 60 * 60 * 1000),
        },
        demo.profile,
      );
      const entry = { id: user.id, name: user.name, language: user.language };
      if (demo.role === 'advertiser') demoUsers.advertisers[demo.key] = entry;
      else demoUsers.publishers[demo.key] = entry;
      seeded.push({ role: demo.role, email: demo.email, password: DEMO_PASSWORD });
    }
    await seedDemoData(tx, demoUsers, now);
    await seedDemoCoupons(tx, demoUsers, now);
    await seedDemoFraud(tx, demoUsers, now);
    await seedDemoCapsAndReferrals(tx, demoUsers, now);
    await seedDemoMedia(tx, demoUsers, mediaStorageFor(config));
    await seedDemoPayouts(tx, demoUsers, adminId, now);
    await seedDemoInvoices(tx, demoUsers, adminId, now);
    await seedDemoMessages(tx, demoUsers, adminId, now);
    await seedDemoApiKeys(tx, demoUsers, now);
    await seedDemoIntegrations(tx, demoUsers, now);
    await seedRateHistory(tx, { today: now });
    // the demo history is written as plain rows: the publishers' ledgers are built from them
    await backfillLedger(tx);
    return seeded;
  });
}
