import { Alert, Anchor, Button, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { errorMessage } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/toast';
import { applyInputSchema, useApplyToCampaign } from '../api/apply-to-campaign';
import type { Application } from '../types';

export interface ApplyWebsiteOption {
  id: string;
  label: string;
  verified: boolean;
}

export interface ApplyFormProps {
  campaignId: string;
  /** The publisher's websites (the app loads them from the websites feature). */
  websites: ApplyWebsiteOption[];
  onApplied?(application: Application): void;
  /**
   * Why this publisher cannot apply at all (e.g. the campaign's countries do not include theirs), with
   * where to fix it if they can: shown instead of the form. The app works it out from the campaign and the
   * signed-in user.
   */
  ineligible?: { reason: string; fix?: { href: string; label: string } };
}

/** campaignApplication: apply to a campaign with one of your verified websites. */
export function ApplyForm({ campaignId, websites, onApplied, ineligible }: ApplyFormProps) {
  const apply = useApplyToCampaign();
  const verified = websites.filter((w) => w.verified);
  const form = useForm({
    initialValues: { campaign_id: campaignId, website_id: verified[0]?.id ?? '', message: '' },
    validate: schemaResolver(applyInputSchema, { sync: true }),
  });

  if (ineligible) {
    return (
      <Alert color="yellow" variant="light" title="You cannot apply to this campaign">
        {ineligible.reason}{' '}
        {ineligible.fix && <Anchor href={ineligible.fix.href}>{ineligible.fix.label}</Anchor>}
      </Alert>
    );
  }

  if (verified.length === 0) {
    return (
      <Alert color="yellow" variant="light" title="Verify a website first">
        You can apply with a website once you have verified you own it.{' '}
        <Anchor href="/websites">Go to your websites</Anchor>
      </Alert>
    );
  }

  if (apply.data) {
    return (
      <Alert color="green" variant="light" title="Application sent">
        {apply.data.status === 'approved'
          ? 'This campaign approves automatically: your tracking link is ready under Applications.'
          : 'The advertiser will review your application. You can follow it under Applications.'}
      </Alert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        apply.mutate(values, {
          onSuccess: (a) => {
            showSuccess(
              a.status === 'approved' ? 'Application approved' : 'Application sent',
              a.status === 'approved'
                ? 'Your tracking link is ready on the Applications page.'
                : 'The advertiser decides on it; you get a notification.',
            );
            onApplied?.(a);
          },
        }),
      )}
    >
      <Stack>
        {apply.error && (
          <Alert color="red" variant="light" title="The application was not sent">
            {errorMessage(apply.error, 'Applying failed. Please try again.')}
          </Alert>
        )}
        <NativeSelect
          label="Website"
          data={websites.map((w) => ({
            value: w.id,
            label: w.verified ? w.label : `${w.label} (not verified)`,
            disabled: !w.verified,
          }))}
          {...form.getInputProps('website_id')}
        />
        <Textarea
          label="Message to the advertiser"
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('message')}
        />
        <Text size="xs" c="dimmed">
          The advertiser sees your display name, website and message.
        </Text>
        <Button type="submit" loading={apply.isPending}>
          Send application
        </Button>
      </Stack>
    </form>
  );
}
