import { Select, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { countryOptions } from '../lib/countries';
import { useTranslation } from '../lib/i18n';

/**
 * Typing "dk" or "DK" puts Denmark first (the code), then names starting with the text ("den…"), then
 * names containing it, so both habits find the country at the top.
 */
export const countryFilter: OptionsFilter = ({ options, search }) => {
  const text = search.trim().toLowerCase();
  if (!text) return options;
  const items = options as ComboboxItem[];
  const rank = (item: ComboboxItem) => {
    if (item.value.toLowerCase() === text) return 0;
    if (item.label.toLowerCase().startsWith(text)) return 1;
    return item.label.toLowerCase().includes(text) ? 2 : -1;
  };
  return items
    .map((item) => ({ item, rank: rank(item) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map(({ item }) => item);
};

/** A searchable country picker by name; its value is the ISO 3166-1 alpha-2 code ("DK"). */
export function CountrySelect(props: Omit<SelectProps, 'data' | 'searchable' | 'filter'>) {
  const { t } = useTranslation('common');
  return (
    <Select
      searchable
      data={countryOptions()}
      filter={countryFilter}
      nothingFoundMessage={t('country.none')}
      placeholder={t('country.search')}
      {...props}
    />
  );
}
