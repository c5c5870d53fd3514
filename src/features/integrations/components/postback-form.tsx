import {
  Alert,
  Button,
  Code,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef } from 'react';
import {
  INTEGRATION_LIMITS,
  POSTBACK_MACROS,
  POSTBACK_TRIGGERS,
  type PostbackMacro,
} from '../../../../contracts/integrations';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useApprovedCampaigns, useSavePostback, type PostbackInput } from '../api/postbacks';
import type { Postback } from '../types';
import { changedFields } from './changed-fields';
import { EventCheckboxes } from './event-checkboxes';
import { PostbackPreviewUrl } from './postback-preview-url';
import { useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/toast';
import { useTargetUrlCheck } from './target-url-check';

const ALL = 'all';

/** Creates a postback, or edits `postback`: URL (macros insert at the cursor), campaign, triggers, method. */
export function PostbackForm({
  postback,
  onSaved,
  onCancel,
}: {
  postback?: Postback;
  onSaved(saved: Postback): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('integrations');
  const save = useSavePostback();
  const triggerLabels = Object.fromEntries(
    POSTBACK_TRIGGERS.map((trigger) => [trigger, t(`trigger.${trigger}`)]),
  );
  const campaigns = useApprovedCampaigns();
  const urlRef = useRef<HTMLInputElement>(null);
  const checkUrl = useTargetUrlCheck({ macros: true });
  const form = useForm<PostbackInput>({
    initialValues: {
      url: postback?.url ?? '',
      campaign_id: postback?.campaign_id ?? null,
      on: (postback?.on as PostbackInput['on'] | undefined) ?? ['conversion'],
      method: postback?.method ?? 'GET',
    },
    validate: {
      url: checkUrl,
      on: (v) => (v.length > 0 ? null : t('postback.pickOne')),
    },
  });

  /** Puts `{macro}` where the cursor is in the URL (or at its end) and keeps the cursor after it. */
  const insertMacro = (macro: PostbackMacro) => {
    const input = urlRef.current;
    const url = form.values.url;
    const start = input?.selectionStart ?? url.length;
    const end = input?.selectionEnd ?? url.length;
    const token = `{${macro}}`;
    form.setFieldValue('url', url.slice(0, start) + token + url.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const handlers = {
    onSuccess: (saved: Postback) => {
      showSuccess(postback ? t('postback.saved') : t('postback.added'), saved.url);
      form.reset();
      onSaved(saved);
    },
    onError: (error: unknown) => form.setErrors(serverFieldErrors(error)),
  };
  const submit = form.onSubmit((values) => {
    const input = { ...values, url: values.url.trim() };
    if (!postback) return save.mutate(input, handlers);
    const changes = changedFields(form.getInitialValues(), input);
    if (Object.keys(changes).length === 0) return onSaved(postback);
    save.mutate({ ...changes, id: postback.id }, handlers);
  });

  const campaignOptions = [
    { value: ALL, label: t('postback.allCampaigns') },
    ...(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={postback ? t('postback.editLabel') : t('postback.addLabel')}
    >
      <Stack gap="sm">
        <TextInput
          ref={urlRef}
          label={t('postback.url')}
          placeholder="https://tracker.example.com/postback?cid={click_id}&payout={payout}"
          required
          maxLength={INTEGRATION_LIMITS.urlLength}
          {...form.getInputProps('url')}
        />
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('postback.macrosHint')}
          </Text>
          <Group gap={4} role="group" aria-label={t('postback.macros')}>
            {POSTBACK_MACROS.map((macro) => (
              <Tooltip
                key={macro}
                label={t(`macro.${macro}`)}
                withinPortal
                events={{ hover: true, focus: true, touch: false }}
              >
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => insertMacro(macro)}
                  aria-label={t('postback.insert', { macro: `{${macro}}` })}
                  styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                >
                  {`{${macro}}`}
                </Button>
              </Tooltip>
            ))}
          </Group>
        </Stack>
        <Select
          label={t('postback.campaign')}
          data={campaignOptions}
          allowDeselect={false}
          value={form.values.campaign_id ?? ALL}
          error={form.errors.campaign_id}
          onChange={(v) => form.setFieldValue('campaign_id', v && v !== ALL ? v : null)}
          comboboxProps={{ withinPortal: true }}
        />
        <EventCheckboxes
          label={t('postback.sendOn')}
          options={POSTBACK_TRIGGERS}
          labels={triggerLabels}
          value={form.values.on}
          error={form.errors.on as string | undefined}
          onChange={(on) => form.setFieldValue('on', on)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="postback-method-label">
            {t('postback.method')}
          </Text>
          <SegmentedControl
            aria-labelledby="postback-method-label"
            data={['GET', 'POST']}
            style={{ alignSelf: 'flex-start' }}
            {...form.getInputProps('method')}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('postback.preview')}
          </Text>
          <PostbackPreviewUrl url={form.values.url} campaignId={form.values.campaign_id} />
        </Stack>
        {save.isError && Object.keys(serverFieldErrors(save.error)).length === 0 && (
          <Alert color="red" variant="light" title={t('postback.notSaved')}>
            {errorMessage(save.error, t('form.checkConnection'))}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {postback ? t('postback.save') : t('postback.add')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          <Code>{'{payout}'}</Code> {t('postback.unitsMajor')} <Code>{'{payout_minor}'}</Code>{' '}
          {t('postback.unitsMinor')}
        </Text>
      </Stack>
    </form>
  );
}
