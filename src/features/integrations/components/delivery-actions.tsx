import { Button, Code, Group, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showFailure, showSuccess } from '../../../lib/toast';
import { useSendTest } from '../api/deliveries';
import { useDeleteIntegration, useSetEnabled, type IntegrationItem } from '../api/integration-items';
import type { IntegrationKind } from '../types';
import { DeliveryLog } from './delivery-log';

/** The words that differ between a webhook endpoint's card and a postback's. */
function useKindTexts(kind: IntegrationKind) {
  const { t } = useTranslation('integrations');
  return kind === 'webhooks'
    ? {
        test: t('webhook.test'),
        testQueued: t('webhook.testQueued'),
        deleteTitle: t('webhook.deleteTitle'),
        deleteText: t('webhook.deleteText'),
        deleteConfirm: t('webhook.deleteConfirm'),
        deleteFailed: t('webhook.deleteFailed'),
      }
    : {
        test: t('postback.test'),
        testQueued: t('postback.testQueued'),
        deleteTitle: t('postback.deleteTitle'),
        deleteText: t('postback.deleteText'),
        deleteConfirm: t('postback.deleteConfirm'),
        deleteFailed: t('postback.deleteFailed'),
      };
}

/** The URL of an endpoint or postback with its on/off switch, the head of its card. */
export function UrlWithSwitch({
  kind,
  item,
  monospace = false,
}: {
  kind: IntegrationKind;
  item: IntegrationItem;
  monospace?: boolean;
}) {
  const { t } = useTranslation('integrations');
  const setEnabled = useSetEnabled(kind);
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text
        fw={600}
        size="sm"
        ff={monospace ? 'monospace' : undefined}
        style={{ overflowWrap: 'anywhere', minWidth: 0 }}
      >
        {item.url}
      </Text>
      <Switch
        checked={item.enabled}
        label={item.enabled ? t('card.on') : t('card.off')}
        aria-label={t('card.enabled', { url: item.url })}
        disabled={setEnabled.isPending}
        onChange={(e) =>
          setEnabled.mutate(
            { id: item.id, enabled: e.currentTarget.checked },
            { onError: showFailure(t('card.notChanged')) },
          )
        }
      />
    </Group>
  );
}

/**
 * What a webhook endpoint and a postback both offer under their details: edit, send a test, the delivery log
 * (with resend) and delete.
 */
export function DeliveryActions({
  kind,
  item,
  onEdit,
}: {
  kind: IntegrationKind;
  item: IntegrationItem;
  onEdit(): void;
}) {
  const { t } = useTranslation('integrations');
  const texts = useKindTexts(kind);
  const test = useSendTest(kind, item.id);
  const remove = useDeleteIntegration(kind);
  const [logOpen, setLogOpen] = useState(false);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: texts.deleteTitle,
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Code>{item.url}</Code> {texts.deleteText}
        </Text>
      ),
      labels: { confirm: texts.deleteConfirm, cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(item.id, { onError: showFailure(texts.deleteFailed) }),
    });

  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant="default"
          onClick={onEdit}
          aria-label={t('card.editLabel', { url: item.url })}
        >
          {t('card.edit')}
        </Button>
        <Button
          size="xs"
          variant="light"
          loading={test.isPending}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: () => {
                showSuccess(texts.testQueued, t('card.inLog'));
                setLogOpen(true);
              },
              onError: showFailure(t('card.testFailed')),
            })
          }
        >
          {texts.test}
        </Button>
        <Button size="xs" variant="default" onClick={() => setLogOpen((o) => !o)} aria-expanded={logOpen}>
          {logOpen ? t('card.hideLog') : t('card.log')}
        </Button>
        <Button
          size="xs"
          color="red"
          variant="subtle"
          loading={remove.isPending}
          onClick={confirmDelete}
          aria-label={t('card.deleteLabel', { url: item.url })}
        >
          {t('card.delete')}
        </Button>
      </Group>
      {logOpen && <DeliveryLog kind={kind} id={item.id} />}
    </>
  );
}
