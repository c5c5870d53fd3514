import type { AppConfig } from '../config';
import { hashPassword } from '../modules/auth/password';
import { countUsers, insertUser, type ProfilePatch } from '../modules/users/queries';
import type { Role } from '../modules/users/schema';
import type { Db } from './connection';

export interface SeededAccount {
  role: Role;
  email: string;
  /** null when the password came from ADMIN_PASSWORD and must not be printed */
  password: string | null;
}

export const DEMO_ADMIN = { email: 'admin@affilio.test', password: 'affilio-admin' };
export const DEMO_PASSWORD = 'affilio-demo';

const DEMO_USERS: { role: Role; email: string; name: string; profile: ProfilePatch }[] = [
  {
    role: 'advertiser',
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
    email: 'priya@publisher.test',
    name: 'Priya Patel',
    profile: {
      displayName: 'Smart Money Reviews',
      country: 'GB',
      payoutMethod: 'bank_transfer',
      payoutDetails: 'GB29 NWBK 6016 1331 9268 19',
    },
  },
];

const complete = {
  onboardingCompleted: true,
  profileCompletionStatus: 'complete',
  profileCompletionStep: 'complete',
} as const;

/**
 * On an empty database: the first admin (ADMIN_EMAIL / ADMIN_PASSWORD when set) and, unless SEED=none,
 * the demo advertisers and publishers. Returns what was created so main can print it once.
 */
export async function seedIfEmpty(db: Db, config: AppConfig): Promise<SeededAccount[]> {
  if ((await countUsers(db)) > 0) return [];
  const seeded: SeededAccount[] = [];
  const adminEmail = (config.adminEmail ?? DEMO_ADMIN.email).toLowerCase();
  const adminPassword = config.adminPassword ?? (config.seed === 'demo' ? DEMO_ADMIN.password : null);
  if (adminPassword) {
    await insertUser(
      db,
      {
        email: adminEmail,
        passwordHash: await hashPassword(adminPassword),
        role: 'admin',
        name: 'Administrator',
        status: 'active',
        ...complete,
      },
      {},
    );
    seeded.push({ role: 'admin', email: adminEmail, password: config.adminPassword ? null : adminPassword });
  }
  if (config.seed === 'none') return seeded;
  const demoHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of DEMO_USERS) {
    await insertUser(
      db,
      {
        email: demo.email,
        passwordHash: demoHash,
        role: demo.role,
        name: demo.name,
        status: 'active',
        ...complete,
      },
      demo.profile,
    );
    seeded.push({ role: demo.role, email: demo.email, password: DEMO_PASSWORD });
  }
  return seeded;
}
