import type { MinorSum } from '../../platform/minor-sum';
import type { Db } from '../../db/connection';
import { listUsers, listUsersQuery } from '../admin/service';
import { listApplications, listApplicationsQuery } from '../applications/service';
import { balance, pendingToDecide } from '../commissions/service';
import { listPayouts, listPayoutsQuery } from '../payouts/service';
import { isSupportedCurrency, type CurrencyCode } from '../../platform/currency-codes';
import { convertMinor } from '../../platform/money';
import type { RateTable } from '../../platform/exchange-rates';
import type { SettingsRow } from '../../platform/settings';
import type { UserRow } from '../../platform/current-user';
import type { Dashboard } from './schema';
import { translator } from '../../platform/i18n';

type Todo = Dashboard['todo'][number];

/** What waits for the caller, counted through each module's own service (links are client routes). */
export async function todoFor(
  db: Db,
  user: UserRow,
  settings: SettingsRow,
  rates: RateTable,
): Promise<Todo[]> {
  const t = translator(user.language);
  if (user.role === 'advertiser') {
    const [applications, pending] = await Promise.all([
      pendingApplications(db, user),
      pendingToDecide(db, user),
    ]);
    return [
      {
        key: 'pending_applications',
        label: t('stats:todo.reviewApplications'),
        count: applications,
        link: '/applications',
      },
      {
        key: 'pending_commissions',
        label: t('stats:todo.approveCommissions'),
        count: pending,
        link: '/commissions',
      },
    ];
  }
  if (user.role === 'publisher') {
    const [applications, balances] = await Promise.all([pendingApplications(db, user), balance(db, user)]);
    const ready = balances.filter((b) => reachesMinimum(b, settings, rates)).length;
    return [
      {
        key: 'pending_applications',
        label: t('stats:todo.awaitingDecision'),
        count: applications,
        link: '/applications',
      },
      {
        key: 'approved_balance',
        label: t('stats:todo.balancesReady'),
        count: ready,
        link: '/commissions',
      },
    ];
  }
  const [publishers, advertisers, applications, payouts] = await Promise.all([
    pendingAccounts(db, 'publisher'),
    pendingAccounts(db, 'advertiser'),
    pendingApplications(db, user),
    openPayouts(db, user),
  ]);
  return [
    {
      key: 'pending_accounts',
      label: t('stats:todo.pendingAccounts'),
      count: publishers + advertisers,
      // the page with work on it; publishers first when both have some
      link: publishers > 0 || advertisers === 0 ? '/admin-publishers' : '/admin-advertisers',
    },
    {
      key: 'pending_applications',
      label: t('stats:todo.reviewApplications'),
      count: applications,
      link: '/admin-applications',
    },
    // requested ones wait for approval, processing ones for the transfer's reference
    { key: 'payouts_due', label: t('stats:todo.payoutsDue'), count: payouts, link: '/admin-payouts' },
  ];
}

async function pendingApplications(db: Db, user: UserRow): Promise<number> {
  const query = listApplicationsQuery.parse({ status: 'pending', limit: 1 });
  return (await listApplications(db, user, query)).total;
}

async function openPayouts(db: Db, user: UserRow): Promise<number> {
  return (await listPayouts(db, user, listPayoutsQuery.parse({ status: 'open', limit: 1 }))).total;
}

async function pendingAccounts(db: Db, role: 'publisher' | 'advertiser'): Promise<number> {
  return (await listUsers(db, listUsersQuery.parse({ status: 'pending', role, limit: 1 }))).total;
}

/** min_payout_minor is in the platform's default currency; it is converted to the balance's currency. */
function reachesMinimum(
  b: { currency: string; approved_minor: MinorSum },
  settings: SettingsRow,
  rates: RateTable,
): boolean {
  if (!isSupportedCurrency(b.currency) || !isSupportedCurrency(settings.defaultCurrency)) return false;
  const from: CurrencyCode = settings.defaultCurrency;
  const minimum = convertMinor(settings.minPayoutMinor, from, b.currency, rates.perUsd);
  const approved = BigInt(b.approved_minor);
  return approved > 0n && approved >= BigInt(minimum);
}
