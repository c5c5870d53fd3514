import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateField } from '../../../src/components/date-field';
import { i18n, setLanguage, type Language } from '../../../src/lib/i18n';

// Issue #45: a day field speaks the app's language, not the browser's (a native date input would).

afterEach(() => setLanguage('en'));

function Field({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Day"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

async function renderIn(language: Language, initial: string) {
  await setLanguage(language);
  const seen: string[] = [];
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <Field initial={initial} seen={seen} />
      </MantineProvider>
    </I18nProvider>,
  );
  return { seen, input: screen.getByRole('textbox', { name: 'Day' }) };
}

describe('DateField', () => {
  it('writes the day and the calendar in Danish for a Danish user, and reads a Danish typed day', async () => {
    const { seen, input } = await renderIn('da', '2026-03-01');
    expect(input).toHaveValue('1. mar. 2026');
    const user = userEvent.setup();
    await user.click(input);
    expect(await screen.findByText('marts 2026')).toBeInTheDocument();
    // weeks start on Monday
    expect(document.querySelector('thead th')).toHaveTextContent(/^ma/i);
    await user.clear(input);
    await user.type(input, '5.4.2026');
    expect(seen.at(-1)).toBe('2026-04-05');
  });

  it('writes the day in English for an English user and reads an ISO day', async () => {
    const { seen, input } = await renderIn('en', '2026-03-01');
    expect(input).toHaveValue('1 Mar 2026');
    const user = userEvent.setup();
    await user.click(input);
    expect(await screen.findByText('March 2026')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '2026-04-05');
    expect(seen.at(-1)).toBe('2026-04-05');
  });
});
