import { describe, expect, it } from 'vitest';
import { orderGroups, titleMatch } from '../../../../src/features/search/result-order';
import { SEARCH_GROUPS, type SearchResult } from '../../../../src/features/search/types';
import { searchResults } from './search-fixtures';

const result = (type: SearchResult['type'], title: string): SearchResult => ({
  id: title,
  type,
  title,
  subtitle: '',
  url: '/',
});

describe('titleMatch', () => {
  it('ranks the whole title, then its start, then the start of a word, then anything else', () => {
    expect(titleMatch('Priya Patel', ' priya patel ')).toBe(3);
    expect(titleMatch('Priya Patel', 'priya')).toBe(2);
    expect(titleMatch('Budget by Priya', 'priya')).toBe(1);
    expect(titleMatch('Hello-Priya', 'priya')).toBe(1);
    expect(titleMatch('Supriya Sen', 'priya')).toBe(0);
    expect(titleMatch('Prime Day Deals', 'priya')).toBe(0);
    expect(titleMatch('Anything', '')).toBe(0);
  });
});

describe('orderGroups', () => {
  it('puts the group that names the query first and keeps the usual order among equals', () => {
    const data = searchResults({
      campaigns: [result('campaign', 'Prime Day Deals')],
      publishers: [result('publisher', 'Priya Patel')],
      messages: [result('message', 'Priya, the banner')],
    });
    expect(orderGroups(SEARCH_GROUPS, data, 'priya').map((g) => g.key)).toEqual([
      'publishers',
      'messages',
      'campaigns',
    ]);
    expect(orderGroups(SEARCH_GROUPS, data, 'deals').map((g) => g.key)).toEqual([
      'campaigns',
      'publishers',
      'messages',
    ]);
    expect(orderGroups(SEARCH_GROUPS, data, 'xyz').map((g) => g.key)).toEqual([
      'campaigns',
      'publishers',
      'messages',
    ]);
  });
});
