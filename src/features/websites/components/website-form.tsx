import { Alert, Button, Group, NativeSelect, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { categoryLabel } from '../../../lib/format-text';
import { showSuccess } from '../../../lib/toast';
import { useCreateWebsite } from '../api/create-website';
import { useUpdateWebsite } from '../api/update-website';
import type { Website } from '../types';
import { CATEGORIES as WEBSITE_CATEGORIES } from '../../../../contracts/categories';
import { WEBSITE_LIMITS } from '../../../../contracts/websites';

const formSchema = z.object({
  url: z.string().trim().min(1, 'Enter the website address').max(WEBSITE_LIMITS.urlLength),
  name: z.string().trim().min(1, 'Name is required').max(WEBSITE_LIMITS.nameLength),
  category: z.enum(WEBSITE_CATEGORIES),
  monthly_visitors: z
    .number({ error: 'Enter a whole number' })
    .int()
    .min(0)
    .max(WEBSITE_LIMITS.maxMonthlyVisitors, 'At most 2,147,483,647'),
  description: z.string().max(WEBSITE_LIMITS.descriptionLength),
});
type FormValues = z.input<typeof formSchema>;

const CATEGORY_OPTIONS = WEBSITE_CATEGORIES.map((c) => ({
  value: c,
  label: categoryLabel(c),
}));

interface WebsiteFormProps {
  /** Absent: add a new website. */
  website?: Website;
  onSaved?(website: Website): void;
  onCancel?(): void;
}

/** The `website` modal's form. The server normalises the URL to its origin. */
export function WebsiteForm({ website, onSaved, onCancel }: WebsiteFormProps) {
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
        showSuccess(website ? 'Website saved' : 'Website added', saved.name);
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
          <Alert color="red" variant="light" title="The website was not saved">
            {errorMessage(mutation.error, 'Saving the website failed. Please try again.')}
          </Alert>
        )}
        <TextInput
          label="Website URL"
          placeholder="https://example.com"
          required
          description={website ? 'Changing the address resets its verification.' : undefined}
          {...form.getInputProps('url')}
        />
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <NativeSelect label="Category" data={CATEGORY_OPTIONS} {...form.getInputProps('category')} />
        <NumberInput
          label="Monthly visitors"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          {...form.getInputProps('monthly_visitors')}
        />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={mutation.isPending}>
            Save website
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
