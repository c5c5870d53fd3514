import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import {
  checkPasswordStrength,
  MIN_PASSWORD_SCORE,
  weakPasswordError,
} from '../../../src/lib/password-strength';

afterEach(() => setLanguage('en'));

describe('password strength', () => {
  it('scores like the server: common passwords are weak, long unusual ones strong', async () => {
    expect(MIN_PASSWORD_SCORE).toBe(3);
    expect(await checkPasswordStrength('password1')).toEqual({
      score: 0,
      warning: 'This is a commonly used password.',
      suggestions: ['Add more words that are less common.'],
    });
    expect((await checkPasswordStrength('12345678')).score).toBe(0);
    expect((await checkPasswordStrength('quiet-orbit-maple-71')).score).toBe(4);
  });

  it('counts the e-mail and the name as guessable', async () => {
    expect((await checkPasswordStrength('ada@example.com')).score).toBe(4);
    const own = await checkPasswordStrength('ada@example.com', ['ada@example.com', 'Ada Lovelace']);
    expect(own.score).toBe(0);
    expect(own.warning).toBe('There should not be any personal or page related data.');
  });

  it('counts the parts of the e-mail and the name too, as the server does', async () => {
    const inputs = ['zorblatqux@example.com', 'Zorblat Quxley'];
    expect((await checkPasswordStrength('quxleyzorblat')).score).toBe(4);
    expect((await checkPasswordStrength('quxleyzorblat', inputs)).score).toBe(1);
  });

  it('answers the field error for a password the server would refuse, and null for a strong one', async () => {
    expect(await weakPasswordError('password1')).toBe(
      'Choose a stronger password: This is a commonly used password.',
    );
    expect(await weakPasswordError('quiet-orbit-maple-71', ['ada@example.com'])).toBeNull();
  });

  it('gives its advice and the field error in Danish when the UI is Danish', async () => {
    await setLanguage('da');
    expect(await checkPasswordStrength('password1')).toEqual({
      score: 0,
      warning: 'Dette er en almindeligt brugt adgangskode.',
      suggestions: ['Tilføj flere ord, der er mindre almindelige.'],
    });
    expect(await weakPasswordError('password1')).toBe(
      'Vælg en stærkere adgangskode: Dette er en almindeligt brugt adgangskode.',
    );
  });
});
