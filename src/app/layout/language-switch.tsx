import { Button } from '@mantine/core';
import { LANGUAGE_NAMES, setLanguage, useTranslation, type Language } from '../../lib/i18n';

/** The header's language switch: one tap to the other language, kept on this device. */
export function LanguageSwitch({ onChange }: { onChange?: (language: Language) => void }) {
  const { t, language } = useTranslation('layout');
  const next: Language = language === 'da' ? 'en' : 'da';
  return (
    <Button
      variant="default"
      size="compact-md"
      h={34}
      lang={next}
      // the name starts with the visible text (WCAG 2.5.3: "DA", then what it does)
      aria-label={t('language.switch', { code: next.toUpperCase(), language: LANGUAGE_NAMES[next] })}
      title={LANGUAGE_NAMES[next]}
      onClick={() => {
        void setLanguage(next, true).then(() => onChange?.(next));
      }}
    >
      {next.toUpperCase()}
    </Button>
  );
}
