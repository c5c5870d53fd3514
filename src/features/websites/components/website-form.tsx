import { Alert, Button, Group, NativeSelect, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { translate, useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/toast';
import { useCreateWebsite } from '../api/create-website';
import { useUpdateWebsite } from '../api/update-website';
import type { Website } from '../types';
import { CATEGORIES as WEBSITE_CATEGORIES } from '../../../../contracts/categories';
import { WEBSITE_LIMITS } from '../../../../contracts/websites';

const formSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, { error: () => translate('websites', 'form.urlRequired') })
    .max(WEBSITE_LIMITS.urlLength),
  name: z
    .string()
    .trim()
    .min(1, { error: () => translate('websites', 'form.nameRequired') })
    .max(WEBSITE_LIMITS.nameLength),
  category: z.enum(WEBSITE_CATEGORIES),
  monthly_visitors: z
    .number({ error: () => translate('websites', 'form.wholeNumber') })
    .int()
    .min(0)
    .max(WEBSITE_LIMITS.maxMonthlyVisitors, { error: () => translate('websites', 'form.tooMany') }),
  description: z.string().max(WEBSITE_LIMITS.descriptionLength),
});
type FormValues = z.input<typeof formSchema>;

interface WebsiteFormProps {
  /** Absent: add a new website. */
  website?: Website;
  onSaved?(website: Website): void;
  onCancel?(): void;
}

/** The `website` modal's form. The server normalises the URL to its origin. */
export function WebsiteForm({ website, onSaved, onCancel }: WebsiteFormProps) {
  const { t, language } = useTranslation('websites');
  const { t: tc } = useTranslation('common');
  const categoryOptions = WEBSITE_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }));
  const create = useCreateWebsite();
  const update = useUpdateWebsite();
  const mutation = website ? update : create;
  const form = useForm<FormValues>({
    initialValues: {
      url: website?.url ?? '',
      name: website?.name ?? '',
      category: (website?.category ?? 'other') as FormValues['category'],
      monthly_visitors: website?.monthly_visitors ?? 0,
      description: website?.description ?? '',
    },
    validate: schemaResolver(formSchema, { sync: true }),
  });

  const submit = (values: FormValues) => {
    const body = { ...values, url: values.url.trim(), name: values.name.trim() };
    const done = {
      onSuccess: (saved: Website) => {
        showSuccess(website ? t('form.saved') : t('form.added'), saved.name);
        onSaved?.(saved);
      },
    };
    // offline the edit is queued and already shown in the list: the form is done with it
    if (website)
      update.mutate(
        { id: website.id, body },
        { ...done, onQueued: () => onSaved?.({ ...website, ...body }) },
      );
    else create.mutate(body, done);
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        {mutation.error && (
          <Alert color="red" variant="light" title={t('form.notSaved')}>
            {errorMessage(mutation.error, t('form.failed'))}
          </Alert>
        )}
        <TextInput
          label={t('form.url')}
          placeholder="https://example.com"
          required
          description={website ? t('form.urlChange') : undefined}
          {...form.getInputProps('url')}
        />
        <TextInput label={t('form.name')} required {...form.getInputProps('name')} />
        <NativeSelect label={t('form.category')} data={categoryOptions} {...form.getInputProps('category')} />
        <NumberInput
          label={t('form.visitors')}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator={language === 'da' ? '.' : ','}
          {...form.getInputProps('monthly_visitors')}
        />
        <Textarea label={t('form.description')} autosize minRows={2} {...form.getInputProps('description')} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {tc('cancel')}
            </Button>
          )}
          <Button type="submit" loading={mutation.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
