export interface LedgerListParams {
  page: number;
  limit: number;
}

export const ledgerKeys = {
  all: ['ledger'] as const,
  list: (params: LedgerListParams) => [...ledgerKeys.all, 'list', params] as const,
  head: () => [...ledgerKeys.all, 'head'] as const,
};
