import { forbidden, notFound, unprocessable } from '../../platform/http-error';
import type { UserRow } from '../../platform/current-user';

/**
 * Whose ledger the user may read: a publisher their own (naming another publisher answers 404, as for any
 * object that is not theirs), an admin any publisher's (named with publisher_id); advertisers have none.
 */
export function ledgerOwnerFor(user: UserRow, requested: string | undefined): string {
  if (user.role === 'publisher') {
    if (requested !== undefined && requested !== user.id) throw notFound('Ledger not found');
    return user.id;
  }
  if (user.role === 'admin') {
    if (!requested) throw unprocessable('publisher_id: name the publisher whose ledger you want');
    return requested;
  }
  throw forbidden('Ledgers belong to publishers');
}
