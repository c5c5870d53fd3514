export const currencyKeys = {
  all: ['currency'] as const,
  rates: (source: string) => [...currencyKeys.all, 'rates', source] as const,
  health: () => [...currencyKeys.all, 'health'] as const,
};
