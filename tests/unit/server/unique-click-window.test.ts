import { describe, expect, it } from 'vitest';
import { UniqueClickWindow } from '../../../server/modules/tracking/click-buffer';

const HOUR = 60 * 60 * 1000;

describe('UniqueClickWindow', () => {
  it('counts a visitor once per link per hour, links and addresses apart', () => {
    const w = new UniqueClickWindow(HOUR);
    const t0 = 1_800_000_000_000;
    expect(w.check('link-a', 'ip-1', t0)).toBe(true);
    expect(w.check('link-a', 'ip-1', t0 + 1_000)).toBe(false);
    expect(w.check('link-a', 'ip-2', t0 + 1_000)).toBe(true);
    expect(w.check('link-b', 'ip-1', t0 + 1_000)).toBe(true);
    // a repeat does not move the hour on: an hour after the unique click it is unique again
    expect(w.check('link-a', 'ip-1', t0 + HOUR - 1)).toBe(false);
    expect(w.check('link-a', 'ip-1', t0 + HOUR)).toBe(true);
  });

  it('keeps clicks seeded from the database, and forgets them (and sweeps) after the hour', () => {
    const w = new UniqueClickWindow(HOUR);
    const t0 = 1_800_000_000_000;
    w.seed('link-a', 'ip-1', t0 - 10 * 60_000);
    w.seed('link-a', 'ip-1', t0 - 50 * 60_000); // an older one does not replace the newer
    expect(w.check('link-a', 'ip-1', t0)).toBe(false);
    expect(w.check('link-a', 'ip-1', t0 + 50 * 60_000)).toBe(true);
    // far later every entry has expired and been swept: all unique again
    const later = t0 + 5 * HOUR;
    expect(w.check('link-b', 'ip-9', later)).toBe(true);
    expect(w.check('link-a', 'ip-1', later)).toBe(true);
    expect(w.check('link-a', 'ip-1', later + 1)).toBe(false);
  });
});
