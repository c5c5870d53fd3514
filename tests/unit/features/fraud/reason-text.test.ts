import { afterEach, describe, expect, it } from 'vitest';
import type { CampaignRow } from '../../../../server/db/rows';
import { RULES } from '../../../../server/modules/fraud/rules/all';
import type { RuleInput, SubjectFacts } from '../../../../server/modules/fraud/rules/rule';
import { BUILT_IN_THRESHOLDS } from '../../../../server/modules/fraud/thresholds';
import { reasonText } from '../../../../src/features/fraud/utils/reason-text';
import type { FraudQueueItem } from '../../../../src/features/fraud/types';
import { formatDateTime } from '../../../../src/lib/format-date';
import { setLanguage } from '../../../../src/lib/i18n';

type Reason = FraudQueueItem['fraud_reasons'][number];

const CLICK_AT = new Date('2026-11-20T10:00:00.000Z');

/**
 * A subject and facts on which every rule fires (address_velocity on the network when `network`); with
 * `atLeast`, the counts are where the statement stopped counting.
 */
function input(network = false, atLeast = false): RuleInput {
  const facts: SubjectFacts = {
    publisherSessionAt: new Date('2026-11-19T08:30:00.000Z'),
    addressConversions: network ? 1 : 9,
    networkConversions: 12,
    clicksInMinute: 24,
    atLeast: { address: atLeast, network: atLeast, clicks: atLeast },
    today: { clicks: 40, conversions: 11 },
    baseline: { clicks: 200, conversions: 2 },
  };
  return {
    subject: {
      kind: 'conversion',
      isTest: false,
      campaign: { allowedCountries: ['DK', 'NO'] } as unknown as CampaignRow,
      publisherId: 'p-1',
      click: {
        id: 'k-1',
        linkId: 'l-1',
        ipHash: 'a',
        netHash: 'n',
        userAgent: 'Mozilla/5.0 (iPhone)',
        country: 'SE',
        createdAt: CLICK_AT,
      },
      pixel: { ipHash: 'a', netHash: 'n', userAgent: 'python-requests/2.31' },
      at: new Date(CLICK_AT.getTime() + 1200),
    },
    facts,
    limits: { ...BUILT_IN_THRESHOLDS, cr_spike_factor: 2.5 },
  };
}

/** What each rule stores when it fires on `input`, as the wire carries it. */
function firedReasons(network = false, atLeast = false): Reason[] {
  return RULES.flatMap((rule) => {
    const finding = rule.check(input(network, atLeast));
    return finding ? [{ rule: rule.rule, weight: rule.weight, ...finding }] : [];
  });
}

const byRule = (reasons: Reason[], rule: string) => reasons.find((r) => r.rule === rule)!;

afterEach(async () => {
  await setLanguage('en');
});

describe('why a fraud rule fired, in the UI language', () => {
  it('words every rule in English as the server does, the sign-in time in the UI date format', () => {
    const reasons = [...firedReasons(), byRule(firedReasons(true), 'address_velocity')];
    expect(reasons.map((r) => r.rule)).toEqual([
      'self_address',
      'too_fast',
      'address_velocity',
      'click_flood',
      'conversion_rate_spike',
      'country',
      'user_agent',
      'address_velocity',
    ]);
    for (const reason of reasons) {
      if (reason.rule === 'self_address') continue;
      expect(reasonText(reason)).toBe(reason.detail);
    }
    expect(reasonText(byRule(reasons, 'self_address'))).toBe(
      `The visitor's address is one the publisher signed in from (last seen ${formatDateTime('2026-11-19T08:30:00.000Z')})`,
    );
    expect(reasonText(reasons[7]!)).toBe(
      "12 conversions from this address's network (/24 or /48) in 24 hours; the limit is 5",
    );
  });

  it('words them in Danish, numbers and dates written the Danish way', async () => {
    await setLanguage('da');
    const reasons = firedReasons();
    expect(reasons.map(reasonText)).toEqual([
      'Den besøgendes adresse er en, som udgiveren har logget ind fra (sidst set 19. nov. 2026, 08.30 UTC)',
      'Konverterede 1,2 s efter klikket; minimum er 3 s',
      '9 konverteringer fra denne adresse på 24 timer; grænsen er 5',
      '24 klik fra denne adresse på dette link inden for et minut; grænsen er 10',
      'Konverteringsraten i dag, 27,5 % (11 af 40 klik), er over 2,5× 30-dagesraten på 1 %',
      'Den besøgende kom fra SE; kampagnen accepterer DK, NO',
      'Pixlen blev udløst af en anden browser (user agent) end den, der klikkede',
    ]);
    expect(reasonText(byRule(firedReasons(true), 'address_velocity'))).toBe(
      '12 konverteringer fra denne adresses netværk (/24 eller /48) på 24 timer; grænsen er 5',
    );
  });

  it('says "or more" where counting stopped at the bound, in both languages', async () => {
    const counts = (network: boolean) =>
      firedReasons(network, true).filter((r) => ['address_velocity', 'click_flood'].includes(r.rule));
    const english = [...counts(false), ...counts(true)];
    expect(english.map((r) => r.detail)).toEqual([
      '9 or more conversions from this address in 24 hours; the limit is 5',
      '24 or more clicks from this address on this link within a minute; the limit is 10',
      "12 or more conversions from this address's network (/24 or /48) in 24 hours; the limit is 5",
      '24 or more clicks from this address on this link within a minute; the limit is 10',
    ]);
    expect(english.map(reasonText)).toEqual(english.map((r) => r.detail));
    await setLanguage('da');
    expect(english.map(reasonText)).toEqual([
      '9 eller flere konverteringer fra denne adresse på 24 timer; grænsen er 5',
      '24 eller flere klik fra denne adresse på dette link inden for et minut; grænsen er 10',
      '12 eller flere konverteringer fra denne adresses netværk (/24 eller /48) på 24 timer; grænsen er 5',
      '24 eller flere klik fra denne adresse på dette link inden for et minut; grænsen er 10',
    ]);
  });

  it("shows the server's words for a reason without the figures its words need, or a rule it does not know", async () => {
    await setLanguage('da');
    const stored = {
      rule: 'self_address',
      weight: 60,
      detail: "The visitor's address is one the publisher signed in from (last seen yesterday)",
      figures: { session_last_seen_at: null },
    } as const;
    expect(reasonText(stored)).toBe(stored.detail);
    expect(reasonText({ ...stored, rule: 'too_fast', figures: { seconds: 1.2 } })).toBe(stored.detail);
    const unknown = { rule: 'new_rule', weight: 10, detail: 'A rule of a newer server', figures: {} };
    expect(reasonText(unknown as unknown as Reason)).toBe('A rule of a newer server');
  });
});
