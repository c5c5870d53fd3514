import { currentLanguage, type Language } from '../../../lib/i18n';

/** 1536 → "1.5 KB" ("1,5 KB" in Danish); binary units as the upload limit is set in. */
export function formatBytes(bytes: number, language: Language = currentLanguage()): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 100 || Number.isInteger(value) ? 0 : 1;
  const number = value.toFixed(digits);
  return `${language === 'da' ? number.replace('.', ',') : number} ${units[unit]}`;
}
