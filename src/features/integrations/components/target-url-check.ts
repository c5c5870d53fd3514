import { targetUrlProblem } from '../../../../contracts/integrations';
import { useTranslation } from '../../../lib/i18n';

/**
 * A form validator for a webhook or postback URL: the checks the server makes before it looks the host up
 * (its 422 still names a private or unknown host). With `macros` (a postback URL) each `{macro}` counts as
 * plain text, as on the server.
 */
export function useTargetUrlCheck({ macros = false }: { macros?: boolean } = {}) {
  const { t } = useTranslation('integrations');
  return (url: string): string | null => {
    const trimmed = url.trim();
    switch (targetUrlProblem(macros ? trimmed.replace(/\{[^{}]*\}/g, 'x') : trimmed)) {
      case 'invalid':
        return t('form.badUrl');
      case 'scheme':
        return t('form.urlScheme');
      case 'credentials':
        return t('form.urlCredentials');
      case null:
        return null;
    }
  };
}
