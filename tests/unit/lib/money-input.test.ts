import { describe, expect, it } from 'vitest';
import {
  bpsToPercentInput,
  minorToMajorInput,
  parseMajorToMinor,
  parsePercentToBps,
} from '../../../src/lib/money-input';

describe('money input', () => {
  it('parses major units into exact minor units', () => {
    expect(parseMajorToMinor('12.34', 'EUR')).toBe(1234);
    expect(parseMajorToMinor('0.29', 'USD')).toBe(29); // 0.29 * 100 is 28.999… in floats
    expect(parseMajorToMinor('1.1', 'DKK')).toBe(110);
    expect(parseMajorToMinor('12,5', 'EUR')).toBe(1250);
    expect(parseMajorToMinor('500', 'JPY')).toBe(500);
    expect(parseMajorToMinor('19999999.99', 'USD')).toBe(1999999999);
  });

  it('refuses more decimals than the currency has, and non-numbers', () => {
    expect(parseMajorToMinor('1.005', 'EUR')).toBeNull();
    expect(parseMajorToMinor('1.5', 'JPY')).toBeNull();
    expect(parseMajorToMinor('-1', 'EUR')).toBeNull();
    expect(parseMajorToMinor('abc', 'EUR')).toBeNull();
    expect(parseMajorToMinor('', 'EUR')).toBeNull();
  });

  it('turns minor units back into the typed form', () => {
    expect(minorToMajorInput(1234, 'EUR')).toBe('12.34');
    expect(minorToMajorInput(5, 'EUR')).toBe('0.05');
    expect(minorToMajorInput(500, 'JPY')).toBe('500');
    expect(minorToMajorInput(null, 'EUR')).toBe('');
  });

  it('converts percent to basis points exactly', () => {
    expect(parsePercentToBps('12.5')).toBe(1250);
    expect(parsePercentToBps('0.07')).toBe(7);
    expect(parsePercentToBps('100')).toBe(10000);
    expect(parsePercentToBps('1.234')).toBeNull();
    expect(bpsToPercentInput(1250)).toBe('12.5');
    expect(bpsToPercentInput(7)).toBe('0.07');
  });
});
