import { Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  checkPasswordStrength,
  preloadPasswordStrength,
  type PasswordScore,
  type PasswordStrength,
} from '../lib/password-strength';
import { msgKey, useTranslation } from '../lib/i18n';

/** Wait for a pause in typing before scoring: a check on a long password takes a few milliseconds. */
const CHECK_DELAY_MS = 150;

/** The height of one line of the sentence (Text size xs). */
const ONE_LINE = 'calc(var(--mantine-font-size-xs) * var(--mantine-line-height-xs))';

const LEVELS: Record<PasswordScore, { label: string; color: string }> = {
  0: { label: msgKey('password.weak'), color: 'red' },
  1: { label: msgKey('password.weak'), color: 'red' },
  2: { label: msgKey('password.fair'), color: 'orange' },
  3: { label: msgKey('password.good'), color: 'teal' },
  4: { label: msgKey('password.strong'), color: 'green' },
};

/** The strength of `password` once scored; null while empty or before the first score. */
export function usePasswordStrength(
  password: string,
  userInputs: readonly string[],
): PasswordStrength | null {
  const [scored, setScored] = useState<{ password: string; strength: PasswordStrength } | null>(null);
  // One string as the dependency: callers pass a fresh array on every render.
  const inputsKey = JSON.stringify(userInputs);

  useEffect(() => preloadPasswordStrength(), []);

  useEffect(() => {
    if (password === '') return;
    let current = true;
    const timer = setTimeout(() => {
      checkPasswordStrength(password, JSON.parse(inputsKey) as string[]).then(
        (strength) => {
          if (current) setScored({ password, strength });
        },
        (error: unknown) => console.warn('The password strength check could not load', error),
      );
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, inputsKey]);

  // While a new score is pending the previous one stays, so the bar does not flicker as the user types.
  return password === '' ? null : (scored?.strength ?? null);
}

interface PasswordStrengthMeterProps {
  password: string;
  /** words the password must not lean on: the e-mail, the name */
  userInputs?: readonly string[];
}

/** A bar and a sentence saying how guessable the password is; the sentence is announced politely. */
export function PasswordStrengthMeter({ password, userInputs = [] }: PasswordStrengthMeterProps) {
  const { t } = useTranslation('common');
  const strength = usePasswordStrength(password, userInputs);
  const level = strength ? LEVELS[strength.score] : null;
  const hints = strength ? [strength.warning, ...strength.suggestions].filter(Boolean) : [];

  // From the first keystroke the bar's track and a line for the sentence hold their place: the score comes
  // later (a lazy chunk, then a pause in typing), and a button below must not move away from a tap meanwhile.
  const typed = password !== '';
  return (
    <Stack gap={4}>
      {typed && (
        <Progress.Root size="sm">
          {strength && level && (
            <Progress.Section
              withAria={false}
              role="progressbar"
              aria-label={t('password.strength')}
              aria-valuemin={0}
              aria-valuemax={4}
              aria-valuenow={strength.score}
              aria-valuetext={t(level.label)}
              value={((strength.score + 1) / 5) * 100}
              color={level.color}
            />
          )}
        </Progress.Root>
      )}
      {/* Always mounted: a live region only announces changes made after it appeared. */}
      <div aria-live="polite" style={typed ? { minHeight: ONE_LINE } : undefined}>
        {strength && level && (
          <Text size="xs" c="dimmed">
            <Text span size="xs" fw={600} c={level.color}>
              {t('password.strengthIs', { level: t(level.label) })}
            </Text>
            {hints.length > 0 && ` ${hints.join(' ')}`}
          </Text>
        )}
      </div>
    </Stack>
  );
}
