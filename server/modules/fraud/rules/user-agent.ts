import type { FraudRuleDefinition } from './rule';

/** as many characters as a click stores of its user agent */
const STORED_LENGTH = 512;

/** The browser that fired the pixel is not the one that clicked (its user agent differs). */
export const userAgent: FraudRuleDefinition = {
  rule: 'user_agent',
  weight: 20,
  check({ subject }) {
    if (!subject.pixel) return null;
    const pixel = subject.pixel.userAgent.slice(0, STORED_LENGTH);
    const click = subject.click.userAgent;
    if (pixel === '' || click === '' || pixel === click) return null;
    return {
      detail: 'The pixel was fired by another browser (user agent) than the one that clicked',
      figures: { click_user_agent: click, pixel_user_agent: pixel },
    };
  },
};
