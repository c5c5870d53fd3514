import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UI_PREFERENCES,
  effectiveLayoutPreset,
  getUiPreferences,
  ROLE_DEFAULT_LAYOUT_PRESET,
  UI_PREFERENCES_KEY,
  useUiPreferences,
} from '../../../src/lib/ui-preferences';
import { LAYOUT_MAX_WIDTH } from '../../../src/app/layout/layout-presets';
import { resolveEffectiveCurrency, getStoredCurrency, setStoredCurrency } from '../../../src/lib/currency';

describe('UI preferences', () => {
  it('defaults to the spec values', () => {
    expect(getUiPreferences()).toEqual({
      sidebarCollapsed: false,
      theme: 'light',
      tablePageSize: 10,
      currency: 'DKK',
      layoutPreset: null,
    });
    expect(DEFAULT_UI_PREFERENCES.theme).toBe('light');
  });

  it("gives every role the 'wide' layout by default", () => {
    expect(ROLE_DEFAULT_LAYOUT_PRESET).toEqual({ advertiser: 'wide', publisher: 'wide', admin: 'wide' });
    for (const role of ['advertiser', 'publisher', 'admin', undefined]) {
      expect(effectiveLayoutPreset(getUiPreferences(), role)).toBe('wide');
    }
    expect(effectiveLayoutPreset({ ...getUiPreferences(), layoutPreset: 'narrow' }, 'admin')).toBe('narrow');
    expect(LAYOUT_MAX_WIDTH.full).toBeUndefined();
    expect(LAYOUT_MAX_WIDTH.focused).toBeLessThan(LAYOUT_MAX_WIDTH.narrow!);
  });

  it('persists changes to localStorage and ignores malformed stored values', () => {
    const { result } = renderHook(() => useUiPreferences());
    act(() => result.current[1]({ sidebarCollapsed: true, theme: 'dark' }));
    expect(result.current[0]).toMatchObject({ sidebarCollapsed: true, theme: 'dark', tablePageSize: 10 });
    expect(JSON.parse(localStorage.getItem(UI_PREFERENCES_KEY)!)).toMatchObject({ sidebarCollapsed: true });

    localStorage.setItem(
      UI_PREFERENCES_KEY,
      JSON.stringify({ theme: 'neon', tablePageSize: -1, currency: 'XYZ' }),
    );
    expect(getUiPreferences()).toMatchObject({ theme: 'light', tablePageSize: 10, currency: 'DKK' });
    localStorage.setItem(UI_PREFERENCES_KEY, '{not json');
    expect(getUiPreferences().theme).toBe('light');
  });
});

describe('effective currency', () => {
  it("is the user's choice, else the admin default, else USD", () => {
    expect(resolveEffectiveCurrency('EUR', 'DKK')).toBe('EUR');
    expect(resolveEffectiveCurrency(null, 'DKK')).toBe('DKK');
    expect(resolveEffectiveCurrency(undefined, undefined)).toBe('USD');
    expect(resolveEffectiveCurrency('BTC', null)).toBe('USD');
  });

  it('stores the choice per user id', () => {
    setStoredCurrency('u-1', 'SEK');
    expect(localStorage.getItem('affilio:currency:u-1')).toBe('SEK');
    expect(getStoredCurrency('u-1')).toBe('SEK');
    expect(getStoredCurrency('u-2')).toBeNull();
  });
});
