import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearRecentSearches,
  loadRecentSearches,
  saveRecentSearch,
  withRecentSearch,
} from '../../../../src/features/search/recent-searches';
import { AffilioDatabase, db } from '../../../../src/lib/db';

describe('recent-search rules', () => {
  it('keeps only queries of at least 2 characters, trimmed', () => {
    expect(withRecentSearch([], 'm')).toEqual([]);
    expect(withRecentSearch([], '  m  ')).toEqual([]);
    expect(withRecentSearch([], '  ma ')).toEqual(['ma']);
  });

  it('puts the newest first and keeps each query once, ignoring case', () => {
    const recent = withRecentSearch(withRecentSearch(['gear'], 'marathon'), 'shoes');
    expect(recent).toEqual(['shoes', 'marathon', 'gear']);
    expect(withRecentSearch(recent, 'MARATHON')).toEqual(['MARATHON', 'shoes', 'gear']);
  });

  it('keeps at most 10, dropping the oldest', () => {
    let recent: string[] = [];
    for (let i = 1; i <= 12; i += 1) recent = withRecentSearch(recent, `query ${i}`);
    expect(recent).toHaveLength(10);
    expect(recent[0]).toBe('query 12');
    expect(recent[9]).toBe('query 3');
  });
});

describe('recent searches in IndexedDB', () => {
  beforeEach(async () => {
    await db.recentSearches.clear();
  });

  it('stores them per user and clears one user only', async () => {
    await saveRecentSearch('user-a', 'marathon');
    await saveRecentSearch('user-a', 'shoes');
    await saveRecentSearch('user-b', 'invoices');
    await saveRecentSearch('user-a', 'x');
    expect(await loadRecentSearches('user-a')).toEqual(['shoes', 'marathon']);
    expect(await loadRecentSearches('user-b')).toEqual(['invoices']);

    await clearRecentSearches('user-a');
    expect(await loadRecentSearches('user-a')).toEqual([]);
    expect(await loadRecentSearches('user-b')).toEqual(['invoices']);
  });

  it('survives reopening the database (a reload)', async () => {
    await saveRecentSearch('user-a', 'marathon');
    const reopened = new AffilioDatabase();
    await reopened.open();
    expect((await reopened.recentSearches.get('user-a'))?.queries).toEqual(['marathon']);
    reopened.close();
  });

  it('upgrades a version-2 database in place, keeping its data', async () => {
    const old = new Dexie('affilio-search-upgrade-test');
    old.version(1).stores({ kv: 'key' });
    old.version(2).stores({ kv: 'key', rates: '[source+day]' });
    await old.table('kv').put({ key: 'hello', value: 'world', updatedAt: 1 });
    old.close();

    const upgraded = new AffilioDatabase('affilio-search-upgrade-test');
    await upgraded.open();
    expect(await upgraded.kv.get('hello')).toMatchObject({ value: 'world' });
    await upgraded.recentSearches.put({ userId: 'u', queries: ['gear'], updatedAt: 1 });
    expect(await upgraded.recentSearches.get('u')).toMatchObject({ queries: ['gear'] });
    upgraded.close();
  });
});
