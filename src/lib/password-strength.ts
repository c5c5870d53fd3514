import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { MIN_PASSWORD_SCORE } from '../../contracts/passwords';
import { translate } from './i18n';

/** The server refuses a new password scoring below MIN_PASSWORD_SCORE (zxcvbn's 0–4 scale). */
export { MIN_PASSWORD_SCORE };

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: PasswordScore;
  /** in the UI's language at the time of the check */
  warning: string | null;
  suggestions: string[];
}

type Translations = { warnings: Record<string, string>; suggestions: Record<string, string> };

/**
 * zxcvbn words its feedback from the `translations` it is given: each message is given as its own key
 * ("warnings.common"), which the catalogs word in the UI's language (common: password.advice.*).
 */
function adviceKeys<T extends Translations>(english: T): T {
  const keys = (group: 'warnings' | 'suggestions') =>
    Object.fromEntries(Object.keys(english[group]).map((name) => [name, `${group}.${name}`]));
  return { ...english, warnings: keys('warnings'), suggestions: keys('suggestions') };
}

const advice = (key: string) => translate('common', `password.advice.${key}`);

let checker: Promise<ZxcvbnFactory> | null = null;

// The dictionaries are megabytes: they load on the first check, in their own chunks, never with the
// entry bundle. The options are the server's, so the meter and the server agree on every score.
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: adviceKeys(en.translations),
      }),
    (error: unknown) => {
      // A failed chunk load (e.g. offline) is retried by the next check.
      checker = null;
      throw error;
    },
  );
  return checker;
}

/** Starts loading the dictionaries ahead of the first check (e.g. when a password field shows). */
export function preloadPasswordStrength(): void {
  void loadChecker().catch(() => undefined);
}

/**
 * Each user input counts whole and in its parts ("ada.lovelace@example.com" also as "ada", "lovelace",
 * …), exactly as the server splits them (server/modules/auth/password-strength.ts), so both score alike.
 */
const guessableWords = (userInputs: readonly string[]) =>
  userInputs.flatMap((value) => [value, ...value.split(/[@.\s_+-]+/)]).filter(Boolean);

/** zxcvbn's estimate; userInputs (the e-mail, the name) count as guessable words. */
export async function checkPasswordStrength(
  password: string,
  userInputs: readonly string[] = [],
): Promise<PasswordStrength> {
  const zxcvbn = await loadChecker();
  const { score, feedback } = zxcvbn.check(password, guessableWords(userInputs));
  return {
    score,
    warning: feedback.warning ? advice(feedback.warning) : null,
    suggestions: feedback.suggestions.map(advice),
  };
}

export const isStrongEnough = (strength: PasswordStrength) => strength.score >= MIN_PASSWORD_SCORE;

/** The field error for a password the server would refuse, naming what to change. */
export function weakPasswordMessage(strength: PasswordStrength): string {
  const hint = strength.warning ?? strength.suggestions[0] ?? translate('common', 'password.addWords');
  return translate('common', 'password.chooseStronger', { hint });
}

/**
 * For a form's submit: the field error when the password is too weak, else null. When the checker
 * cannot load (offline without the chunk) the form submits and the server's own check answers.
 */
export async function weakPasswordError(
  password: string,
  userInputs: readonly string[] = [],
): Promise<string | null> {
  try {
    const strength = await checkPasswordStrength(password, userInputs);
    return isStrongEnough(strength) ? null : weakPasswordMessage(strength);
  } catch (error) {
    console.warn('The password strength check could not load', error);
    return null;
  }
}
