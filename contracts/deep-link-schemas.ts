// The deep-link hosts' zod schema, apart from contracts/deep-links.ts's rule and limits (the client's link
// builder imports those without wanting zod).
import { z } from 'zod';
import { DEEP_LINK_LIMITS, normalizeDeepLinkHost } from './deep-links';

export const deepLinkHostsSchema = z
  .array(
    z
      .string()
      .max(DEEP_LINK_LIMITS.hostLength)
      .transform((text, ctx) => {
        const host = normalizeDeepLinkHost(text);
        if (host === null) {
          ctx.addIssue({
            code: 'custom',
            message: `deep_link_hosts: "${text.slice(0, 60)}" is not a host name (write shop.example.com or *.example.com)`,
          });
          return z.NEVER;
        }
        return host;
      }),
  )
  .max(DEEP_LINK_LIMITS.maxHosts, `deep_link_hosts holds at most ${DEEP_LINK_LIMITS.maxHosts} hosts`)
  .transform((hosts) => [...new Set(hosts)]);
