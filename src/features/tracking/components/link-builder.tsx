import {
  Alert,
  Button,
  Code,
  CopyButton,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { allowedDeepLink } from '../../../../contracts/deep-links';
import { useTranslation } from '../../../lib/i18n';
import { SUB_IDS, type TrackingLink } from '../types';

type SubIds = Record<(typeof SUB_IDS)[number], string>;
const NO_SUBS: SubIds = { sub1: '', sub2: '', sub3: '', sub4: '', sub5: '' };

/** The tracking link with a deep link (`url`) and the sub-ids, encoded as the redirect reads them. */
export function buildTrackingUrl(link: Pick<TrackingLink, 'url'>, page: string, subs: SubIds): string {
  const query = new URLSearchParams();
  if (page.trim() !== '') query.set('url', page.trim());
  for (const key of SUB_IDS) if (subs[key].trim() !== '') query.set(key, subs[key].trim());
  const text = query.toString();
  return text ? `${link.url}?${text}` : link.url;
}

/**
 * Builds a tracking link to any page on the campaign's allowed hosts, with sub-ids, and says where it will
 * lead: a page off the list (another host, another scheme, credentials) goes to the landing page instead.
 */
export function LinkBuilder({ links }: { links: TrackingLink[] }) {
  const { t } = useTranslation('coupons');
  const usable = links.filter((l) => l.active && l.application_status === 'approved');
  const [linkId, setLinkId] = useState(usable[0]?.id ?? '');
  const [page, setPage] = useState('');
  const [subs, setSubs] = useState<SubIds>(NO_SUBS);
  const link = usable.find((l) => l.id === linkId) ?? usable[0];
  if (!link) return null;
  const trimmed = page.trim();
  const allowed = trimmed === '' ? null : allowedDeepLink(trimmed, link.deep_link_hosts);
  const built = buildTrackingUrl(link, page, subs);
  return (
    <Stack gap="sm" component="section" aria-labelledby="link-builder-heading">
      <Title order={2} size="h5" id="link-builder-heading">
        {t('builder.heading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('builder.intro', { hosts: link.deep_link_hosts.join(', ') })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={t('builder.campaign')}
          value={link.id}
          onChange={(e) => setLinkId(e.currentTarget.value)}
          data={usable.map((l) => ({ value: l.id, label: `${l.campaign_name} (${l.website_url})` }))}
        />
        <TextInput
          label={t('builder.page')}
          type="url"
          placeholder={`https://${link.deep_link_hosts[0] ?? 'shop.example.com'}/product`}
          description={t('builder.pageHelp')}
          value={page}
          onChange={(e) => setPage(e.currentTarget.value)}
          error={
            trimmed !== '' && !allowed
              ? t('builder.notAllowed', { hosts: link.deep_link_hosts.join(', ') })
              : undefined
          }
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {SUB_IDS.map((key) => (
          <TextInput
            key={key}
            label={key}
            value={subs[key]}
            maxLength={255}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setSubs((old) => ({ ...old, [key]: value }));
            }}
          />
        ))}
      </SimpleGrid>
      <Code block aria-label={t('builder.built')} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {built}
      </Code>
      {allowed && (
        <Alert color="green" variant="light" p="xs">
          {t('builder.leadsTo', { url: allowed.href })}
        </Alert>
      )}
      <CopyButton value={built}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} style={{ alignSelf: 'flex-start' }}>
            {copied ? t('builder.copied') : t('builder.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
