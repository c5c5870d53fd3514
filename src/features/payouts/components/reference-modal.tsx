import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFormatMoney } from '../../../lib/display-money';
import { translate, useTranslation } from '../../../lib/i18n';
import type { Payout } from '../types';

const MAX = 200;

interface ReferenceModalProps {
  /** the processing payouts to mark paid; empty closes the modal */
  payouts: Payout[];
  loading: boolean;
  /** the server's refusal, shown above the buttons */
  error?: string | null;
  onConfirm(items: { id: string; reference: string }[]): void;
  onClose(): void;
}

function problem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return translate('payouts', 'reference.required');
  if (trimmed.length > MAX) return translate('payouts', 'reference.tooLong', { max: MAX });
  return null;
}

/** Marking paid needs the bank or PSP transfer's reference, one per payout (each is its own transfer). */
export function ReferenceModal({ payouts, loading, error, onConfirm, onClose }: ReferenceModalProps) {
  const { t } = useTranslation('payouts');
  const opened = payouts.length > 0;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        payouts.length === 1 ? t('reference.titleOne') : t('reference.titleMany', { count: payouts.length })
      }
    >
      {/* mounted only while open, so every opening starts empty */}
      {opened && (
        <ReferenceForm
          payouts={payouts}
          loading={loading}
          error={error}
          onConfirm={onConfirm}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ReferenceForm({ payouts, loading, error, onConfirm, onClose }: ReferenceModalProps) {
  const { t } = useTranslation('payouts');
  const money = useFormatMoney();
  const [values, setValues] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const problems = Object.fromEntries(payouts.map((p) => [p.id, problem(values[p.id] ?? '')]));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (Object.values(problems).some(Boolean)) return;
        onConfirm(payouts.map((p) => ({ id: p.id, reference: (values[p.id] ?? '').trim() })));
      }}
    >
      <Stack gap="sm">
        {payouts.map((p, i) => (
          <TextInput
            key={p.id}
            label={
              payouts.length === 1
                ? t('reference.label')
                : `${p.publisher_name} · ${money(p.amount_minor, p.currency)}`
            }
            description={
              payouts.length === 1
                ? t('reference.description', {
                    who: `${p.publisher_name} · ${money(p.amount_minor, p.currency)}`,
                  })
                : undefined
            }
            placeholder={t('reference.placeholder')}
            required
            maxLength={MAX + 50}
            value={values[p.id] ?? ''}
            error={checked ? problems[p.id] : undefined}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [p.id]: value }));
            }}
            data-autofocus={i === 0 || undefined}
          />
        ))}
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('reference.cancel')}
          </Button>
          <Button type="submit" color="green" loading={loading}>
            {payouts.length === 1 ? t('reference.payOne') : t('reference.payMany', { count: payouts.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
