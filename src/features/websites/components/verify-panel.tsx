import { Alert, Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useVerifyWebsite } from '../api/verify-website';
import type { Website } from '../types';
import {
  dnsRecordValue,
  META_NAME,
  VERIFY_FILE_PATH,
  type VerificationMethod,
} from '../../../../contracts/websites';

type T = ReturnType<typeof useTranslation>['t'];

interface Step {
  method: VerificationMethod;
  title: string;
  button: string;
  instructions: (site: Website) => { text: string; code: string };
}

const stepsOf = (t: T): Step[] => [
  {
    method: 'meta',
    title: t('verify.meta.title'),
    button: t('verify.meta.button'),
    instructions: () => ({ text: t('verify.meta.text'), code: '' }),
  },
  {
    method: 'file',
    title: t('verify.file.title'),
    button: t('verify.file.button'),
    instructions: (site) => ({
      text: t('verify.file.text', { url: `${site.url}${VERIFY_FILE_PATH}` }),
      code: site.verification_token,
    }),
  },
  {
    method: 'dns',
    title: t('verify.dns.title'),
    button: t('verify.dns.button'),
    instructions: (site) => ({
      text: t('verify.dns.text', { host: new URL(site.url).hostname }),
      code: dnsRecordValue(site.verification_token),
    }),
  },
];

const metaTag = (token: string) => `<meta name="${META_NAME}" content="${token}">`;

/** Shows the token and the three ways to prove ownership; each button asks the server to check. */
export function VerifyPanel({ website }: { website: Website }) {
  const { t } = useTranslation('websites');
  const verify = useVerifyWebsite();
  const current = verify.data?.id === website.id ? verify.data : website;

  return (
    <Stack gap="sm" aria-label={t('verify.title', { name: website.name })} role="region">
      <Title order={3} size="h5">
        {t('verify.title', { name: website.name })}
      </Title>
      <Group gap="xs">
        <Text size="sm">{t('verify.token')}</Text>
        <Code data-testid="verification-token">{website.verification_token}</Code>
        <CopyButton value={website.verification_token}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" onClick={copy}>
              {copied ? t('verify.copied') : t('verify.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      {current.verification_status === 'verified' && (
        <Alert color="green" variant="light" title={t('verify.verified')}>
          {current.verification_method
            ? t('verify.ownedBy', { url: website.url, method: current.verification_method })
            : t('verify.owned', { url: website.url })}
        </Alert>
      )}
      {current.verification_status === 'failed' && current.verification_error && (
        <Alert color="red" variant="light" title={t('verify.failed')}>
          {current.verification_error}
        </Alert>
      )}
      {verify.error && (
        <Alert color="red" variant="light" title={t('verify.failed')}>
          {errorMessage(verify.error, t('verify.error'))}
        </Alert>
      )}
      {stepsOf(t).map((step) => {
        const { text, code } = step.instructions(website);
        return (
          <Stack key={step.method} gap={4}>
            <Text fw={600} size="sm">
              {step.title}
            </Text>
            <Text size="sm">{text}</Text>
            <Code block>{code || metaTag(website.verification_token)}</Code>
            <Group>
              <Button
                size="xs"
                variant="light"
                loading={verify.isPending && verify.variables?.method === step.method}
                disabled={verify.isPending}
                onClick={() => verify.mutate({ id: website.id, method: step.method })}
              >
                {step.button}
              </Button>
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}
