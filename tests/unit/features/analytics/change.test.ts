import { afterEach, describe, expect, it } from 'vitest';
import { changeOf } from '../../../../src/features/analytics/utils/change';
import { setLanguage } from '../../../../src/lib/i18n';

afterEach(async () => {
  await setLanguage('en');
});

describe("a figure's change against the previous period", () => {
  it('writes its decimal the English way in English', () => {
    expect(changeOf(1235, 1000)).toMatchObject({ direction: 'up', text: '▲ 23.5 %' });
    expect(changeOf(800, 1000).text).toBe('▼ 20 %');
  });

  it('writes its decimal comma in Danish, shown and spoken', async () => {
    await setLanguage('da');
    expect(changeOf(1235, 1000)).toEqual({
      direction: 'up',
      text: '▲ 23,5 %',
      spoken: 'Op 23,5 % ift. forrige periode',
    });
    expect(changeOf(1000, 1000).text).toBe('0 %');
  });
});
