import { z } from 'zod';
import { minorSumSchema } from '../../platform/minor-sum';
import { offsetParam } from '../../platform/zod-numbers';
import { LEDGER_KINDS } from './chain';

const publisherId = z.uuid({ error: 'publisher_id must be a UUID' }).optional();

export const ledgerQuery = z.object({
  /** admins: whose ledger; publishers: their own (another's answers 404) */
  publisher_id: publisherId,
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
  offset: offsetParam,
});
export type LedgerQuery = z.output<typeof ledgerQuery>;

export const ledgerOwnerQuery = z.object({ publisher_id: publisherId });
export type LedgerOwnerQuery = z.output<typeof ledgerOwnerQuery>;

export const ledgerEntrySchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  kind: z.enum(LEDGER_KINDS),
  ref_id: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  balance_minor: minorSumSchema,
  prev_hash: z.string(),
  hash: z.string(),
});
export type LedgerEntryResponse = z.output<typeof ledgerEntrySchema>;

export const ledgerHeadSchema = z.object({
  seq: z.number().int().meta({ description: '0 while the ledger is empty' }),
  hash: z.string().meta({ description: 'the genesis hash (64 zeros) while the ledger is empty' }),
});
