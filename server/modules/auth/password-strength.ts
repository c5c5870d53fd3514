import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { isDemoPassword } from '../../platform/demo-passwords';
import { fieldError } from '../../platform/http-error';

import { MIN_PASSWORD_SCORE } from '../../../contracts/passwords';

let factory: ZxcvbnFactory | null = null;

// built on first use: the dictionaries take a moment to index and most requests never need them
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return factory;
}

/**
 * Refuses a guessable password (common-password list, keyboard walks, repeats, the user's own e-mail or
 * name) with a 422 naming the field and saying how to make it stronger; the published demo passwords
 * always (zxcvbn scores them well, but anyone who has seen the demo knows them).
 */
export function assertStrongPassword(password: string, userInputs: string[], field: string): void {
  if (isDemoPassword(password)) {
    throw fieldError(field, 'This is a published demo password: choose one of your own.');
  }
  const inputs = userInputs.flatMap((value) => [value, ...value.split(/[@.\s_+-]+/)]).filter(Boolean);
  const result = estimator().check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  throw fieldError(
    field,
    `Password is too weak: choose one that is harder to guess.${advice ? ` ${advice}` : ''}`,
  );
}
