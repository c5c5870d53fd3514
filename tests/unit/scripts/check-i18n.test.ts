import { describe, expect, it } from 'vitest';
import { checkCatalogs, serverUsesIn, usesIn, type Uses } from '../../../scripts/check-i18n';

function uses(...sources: string[]): Uses {
  const found: Uses = { ids: new Set(), prefixes: new Set(), where: new Map() };
  sources.forEach((source, i) => usesIn(source, `file${i}.tsx`, found));
  return found;
}

const page = `
  const { t } = useTranslation('campaigns');
  const { t: tc } = useTranslation('common');
  return <>{t('title')} {t("count", { count })} {tc('save')} {t(\`status.\${status}\`)}</>;
`;

describe('npm run lint:i18n', () => {
  const complete = {
    en: {
      'campaigns:title': 'Campaigns',
      'campaigns:count': '{count, plural, one {# campaign} other {# campaigns}}',
      'campaigns:status.active': 'Active',
      'common:save': 'Save',
    },
    da: {
      'campaigns:title': 'Kampagner',
      'campaigns:count': '{count, plural, one {# kampagne} other {# kampagner}}',
      'campaigns:status.active': 'Aktiv',
      'common:save': 'Gem',
    },
  };

  it('passes complete catalogs whose every key the code uses', () => {
    expect(checkCatalogs(complete, uses(page))).toEqual([]);
  });

  it('names a key missing in Danish', () => {
    const { 'common:save': _save, ...da } = complete.da;
    expect(checkCatalogs({ ...complete, da }, uses(page))).toEqual(['da: missing "common:save"']);
  });

  it('names a key no code uses, and one the code uses that no catalog has', () => {
    const problems = checkCatalogs(complete, uses(page.replace("tc('save')", "tc('cancel')")));
    expect(problems).toEqual([
      'unused key "common:save" (no code uses it)',
      'file0.tsx: uses "common:cancel", which en does not have',
    ]);
  });

  it('names a translation that lost a placeholder or does not compile', () => {
    const da = { ...complete.da, 'campaigns:count': '{n, plural, one {# kampagne} other {# kampagner}}' };
    expect(checkCatalogs({ ...complete, da }, uses(page))).toEqual([
      'da: "campaigns:count" has placeholders {n}, en has {count}',
    ]);
    const broken = { ...complete.da, 'campaigns:count': '{count, plural, one {# kampagne}' };
    expect(checkCatalogs({ ...complete, da: broken }, uses(page))[0]).toMatch(
      /da: "campaigns:count" does not compile/,
    );
  });

  it('counts translate() outside React and msgKey() kept in data', () => {
    const found = uses(
      `const { t } = useTranslation('layout'); const links = [{ label: msgKey('nav.reports') }];`,
      `translate('toast', 'saved')`,
    );
    expect([...found.ids].sort()).toEqual(['layout:nav.reports', 'toast:saved']);
  });
});

describe('npm run lint:i18n in a file of several components', () => {
  it('gives each t() call the namespace of the hook above it', () => {
    const found = uses(`
      function Badge() { const { t } = useTranslation('fraud'); return t('underReview'); }
      function Coupon() { const { t } = useTranslation('coupons'); return t('code'); }
    `);
    expect([...found.ids].sort()).toEqual(['coupons:code', 'fraud:underReview']);
  });
});

describe('npm run lint:i18n on the server catalogs (server/locales)', () => {
  const notice = `
    const title = msg('notifications:payout.paid.title', { amount });
    const method = msg(\`notifications:payout.method.\${kind}\`);
    const subject = translate(language, 'mail:reset.subject');
    const STAMPS = { paid: 'pdf:stamp.paid' };
    const notAKey = 'notifications';
  `;
  const serverUses = (source: string): Uses => {
    const found: Uses = { ids: new Set(), prefixes: new Set(), where: new Map() };
    serverUsesIn(source, 'server/x.ts', ['mail', 'notifications', 'pdf'], found);
    return found;
  };
  const catalogs = {
    en: {
      'notifications:payout.paid.title': 'Payout paid: {amount}',
      'notifications:payout.method.paypal': 'PayPal',
      'mail:reset.subject': 'Reset your Affilio password',
      'pdf:stamp.paid': 'PAID',
    },
    da: {
      'notifications:payout.paid.title': 'Udbetaling betalt: {amount}',
      'notifications:payout.method.paypal': 'PayPal',
      'mail:reset.subject': 'Nulstil din adgangskode til Affilio',
      'pdf:stamp.paid': 'BETALT',
    },
  };

  it('counts every "<namespace>:<key>" literal of a server namespace, and template prefixes', () => {
    const found = serverUses(notice);
    expect([...found.ids].sort()).toEqual([
      'mail:reset.subject',
      'notifications:payout.paid.title',
      'pdf:stamp.paid',
    ]);
    expect([...found.prefixes]).toEqual(['notifications:payout.method.']);
    expect(checkCatalogs(catalogs, found)).toEqual([]);
  });

  it('names a Danish server text missing or with another placeholder, and an unused one', () => {
    const { 'mail:reset.subject': _subject, ...da } = catalogs.da;
    const found = serverUses(notice.replace("'pdf:stamp.paid'", "'PAID'"));
    expect(
      checkCatalogs(
        { en: catalogs.en, da: { ...da, 'notifications:payout.paid.title': 'Udbetaling betalt: {beløb}' } },
        found,
      ),
    ).toEqual([
      'da: missing "mail:reset.subject"',
      'da: "notifications:payout.paid.title" has placeholders {beløb}, en has {amount}',
      'unused key "pdf:stamp.paid" (no code uses it)',
    ]);
  });
});
