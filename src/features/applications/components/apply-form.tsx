import { Alert, Anchor, Button, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { errorMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
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
  const { t } = useTranslation('applications');
  const apply = useApplyToCampaign();
  const verified = websites.filter((w) => w.verified);
  const form = useForm({
    initialValues: { campaign_id: campaignId, website_id: verified[0]?.id ?? '', message: '' },
    validate: schemaResolver(applyInputSchema, { sync: true }),
  });

  if (ineligible) {
    return (
      <Alert color="yellow" variant="light" title={t('apply.ineligible')}>
        {ineligible.reason}{' '}
        {ineligible.fix && <Anchor href={ineligible.fix.href}>{ineligible.fix.label}</Anchor>}
      </Alert>
    );
  }

  if (verified.length === 0) {
    return (
      <Alert color="yellow" variant="light" title={t('apply.verifyFirst')}>
        {t('apply.verifyText')} <Anchor href="/websites">{t('apply.goToWebsites')}</Anchor>
      </Alert>
    );
  }

  if (apply.data) {
    return (
      <Alert color="green" variant="light" title={t('apply.sent')}>
        {apply.data.status === 'approved' ? t('apply.sentAuto') : t('apply.sentReview')}
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
              a.status === 'approved' ? t('apply.approved') : t('apply.sent'),
              a.status === 'approved' ? t('apply.approvedText') : t('apply.sentText'),
            );
            onApplied?.(a);
          },
        }),
      )}
    >
      <Stack>
        {apply.error && (
          <Alert color="red" variant="light" title={t('apply.notSent')}>
            {errorMessage(apply.error, t('apply.failed'))}
          </Alert>
        )}
        <NativeSelect
          label={t('apply.website')}
          data={websites.map((w) => ({
            value: w.id,
            label: w.verified ? w.label : t('apply.notVerified', { website: w.label }),
            disabled: !w.verified,
          }))}
          {...form.getInputProps('website_id')}
        />
        <Textarea
          label={t('apply.message')}
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('message')}
        />
        <Text size="xs" c="dimmed">
          {t('apply.sees')}
        </Text>
        <Button type="submit" loading={apply.isPending}>
          {t('apply.send')}
        </Button>
      </Stack>
    </form>
  );
}
