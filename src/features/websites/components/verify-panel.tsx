import { Alert, Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useVerifyWebsite } from '../api/verify-website';
import type { Website } from '../types';
import {
  dnsRecordValue,
  META_NAME,
  VERIFY_FILE_PATH,
  type VerificationMethod,
} from '../../../../contracts/websites';

interface Step {
  method: VerificationMethod;
  title: string;
  button: string;
  instructions: (site: Website) => { text: string; code: string };
}

const STEPS: Step[] = [
  {
    method: 'meta',
    title: 'Meta tag',
    button: 'Verify with meta tag',
    instructions: () => ({ text: 'Add this tag to the <head> of your home page:', code: '' }),
  },
  {
    method: 'file',
    title: 'File',
    button: 'Verify with file',
    instructions: (site) => ({
      text: `Publish a file at ${site.url}${VERIFY_FILE_PATH} containing:`,
      code: site.verification_token,
    }),
  },
  {
    method: 'dns',
    title: 'DNS record',
    button: 'Verify with DNS',
    instructions: (site) => ({
      text: `Add a TXT record to ${new URL(site.url).hostname} with the value:`,
      code: dnsRecordValue(site.verification_token),
    }),
  },
];

const metaTag = (token: string) => `<meta name="${META_NAME}" content="${token}">`;

/** Shows the token and the three ways to prove ownership; each button asks the server to check. */
export function VerifyPanel({ website }: { website: Website }) {
  const verify = useVerifyWebsite();
  const current = verify.data?.id === website.id ? verify.data : website;

  return (
    <Stack gap="sm" aria-label={`Verify ${website.name}`} role="region">
      <Title order={3} size="h5">
        Verify {website.name}
      </Title>
      <Group gap="xs">
        <Text size="sm">Verification token:</Text>
        <Code data-testid="verification-token">{website.verification_token}</Code>
        <CopyButton value={website.verification_token}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" onClick={copy}>
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {current.verification_status === 'verified' && (
        <Alert color="green" variant="light" title="Verified">
          You own {website.url}
          {current.verification_method ? ` (checked by ${current.verification_method})` : ''}.
        </Alert>
      )}
      {current.verification_status === 'failed' && current.verification_error && (
        <Alert color="red" variant="light" title="Verification failed">
          {current.verification_error}
        </Alert>
      )}
      {verify.error && (
        <Alert color="red" variant="light" title="Verification failed">
          {errorMessage(verify.error, 'The check could not run. Please try again.')}
        </Alert>
      )}
      {STEPS.map((step) => {
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
