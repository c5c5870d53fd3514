import type { FraudRule, FraudThresholds } from '../../../../contracts/fraud-schema';
import type { CampaignRow } from '../../../db/rows';

/** What is scored: a conversion (postback or pixel) or a paid CPC click, with the click it came from. */
export interface FraudSubject {
  kind: 'conversion' | 'click';
  /** the tracking test tool's events are never scored */
  isTest: boolean;
  campaign: CampaignRow;
  publisherId: string;
  click: {
    id: string;
    linkId: string;
    ipHash: string;
    netHash: string | null;
    userAgent: string;
    country: string | null;
    createdAt: Date;
  };
  /** the browser that fired a pixel (its address hashed like a click's); none for postbacks and clicks */
  pixel?: { ipHash: string; netHash: string | null; userAgent: string };
  /** when the conversion (or the click) happened */
  at: Date;
}

/** What the database says about a subject, read for a whole batch at once (facts.ts). */
export interface SubjectFacts {
  /** when the publisher last signed in from the subject's address (click or pixel), if ever */
  publisherSessionAt: Date | null;
  /** conversions in the 24 hours before, from the subject's address and from its network, this one included */
  addressConversions: number;
  networkConversions: number;
  /** clicks on the link from the click's address within a minute either side of the click, it included */
  clicksInMinute: number;
  /**
   * Which of the three counts above is a lower bound: the statement stops counting stored rows one past the
   * largest limit that can apply (facts.ts), so a busy network's day is not read to the end for every
   * conversion. A rule that fires on such a count says "or more".
   */
  atLeast: { address: boolean; network: boolean; clicks: boolean };
  /** the publisher on the campaign: today so far (this conversion included) and the 30 days before */
  today: { clicks: number; conversions: number };
  baseline: { clicks: number; conversions: number };
}

export interface RuleInput {
  subject: FraudSubject;
  facts: SubjectFacts;
  limits: FraudThresholds;
}

/** A rule that fired: what the reviewer reads and the figures behind it. */
export interface Finding {
  detail: string;
  figures: Record<string, number | string | null>;
}

export interface FraudRuleDefinition {
  rule: FraudRule;
  /** what it adds to the score when it fires */
  weight: number;
  check(input: RuleInput): Finding | null;
}

/** a count as a rule's detail words it: "6" or, when counting stopped at a bound, "6 or more" */
export const countWords = (n: number, atLeast: boolean) => (atLeast ? `${n} or more` : `${n}`);

/** a count as a rule's figures store it, with whether it is a lower bound */
export const countFigures = (atLeast: boolean) => ({ counted: atLeast ? 'at_least' : 'exact' });

/** the address a subject converted from: the pixel's browser, else the visitor who clicked */
export const subjectAddress = (s: FraudSubject) => s.pixel?.ipHash ?? s.click.ipHash;
export const subjectNetwork = (s: FraudSubject) => (s.pixel ? s.pixel.netHash : s.click.netHash);
/** the network a subject's conversion is counted under: its /24 or /48, or its address when it has none */
export const subjectNetworkKey = (s: FraudSubject) => subjectNetwork(s) ?? subjectAddress(s);
