import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { useUiPreferences } from '../../../lib/ui-preferences';
import type { AuditLogFilters } from '../api/admin-keys';
import { useDownloadAuditLog } from '../api/download-audit-log';
import { useAuditActions } from '../api/get-audit-actions';
import { useAuditLog } from '../api/get-audit-log';
import type { AuditEntry } from '../types';
import { formatDateTime } from '../../../lib/format-date';
import { TablePager } from '../../../components/table-pager';
import { formatCount } from '../../../lib/format-number';
import { useTranslation } from '../../../lib/i18n';
import { DateField } from '../../../components/date-field';

const COLUMNS = 5;

/** What the platform audits, plus whatever the recorded actions name ("user.suspended" → "user"). */
const KNOWN_ENTITY_TYPES = ['application', 'campaign', 'commission', 'invoice', 'payout', 'settings', 'user'];
function entityTypes(actions: string[] | undefined): string[] {
  const fromActions = (actions ?? []).map((action) => action.split('.')[0] ?? '').filter(Boolean);
  return [...new Set([...KNOWN_ENTITY_TYPES, ...fromActions])].sort();
}

/** Who changed what, when: filterable, paginated, exportable as CSV with the same filters. */
export function AuditLogPanel() {
  const { t } = useTranslation('admin');
  const [{ tablePageSize: limit }] = useUiPreferences();
  const [filters, setFilters] = useState<AuditLogFilters>({ action: '', entity_type: '', from: '', to: '' });
  const actions = useAuditActions();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, error, isPending } = useAuditLog({ ...filters, page, limit });
  const download = useDownloadAuditLog();
  const pages = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;
  const badRange = filters.from !== '' && filters.to !== '' && filters.to < filters.from;

  const change = (patch: Partial<AuditLogFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <Select
          label={t('audit.action')}
          placeholder={t('audit.allActions')}
          searchable
          clearable
          data={actions.data ?? []}
          value={filters.action || null}
          onChange={(value) => change({ action: value ?? '' })}
          nothingFoundMessage={t('audit.noAction')}
          w={240}
        />
        <Select
          label={t('audit.entityType')}
          placeholder={t('audit.allTypes')}
          clearable
          data={entityTypes(actions.data)}
          value={filters.entity_type || null}
          onChange={(value) => change({ entity_type: value ?? '' })}
          w={180}
        />
        <DateField
          label={t('audit.from')}
          value={filters.from}
          onChange={(from) => change({ from })}
          w={170}
        />
        <DateField
          label={t('audit.to')}
          value={filters.to}
          error={badRange ? t('audit.beforeStart') : undefined}
          onChange={(to) => change({ to })}
          w={170}
        />
        <Button
          variant="default"
          loading={download.isPending}
          onClick={() => download.mutate(filters)}
          disabled={badRange}
        >
          {t('audit.export')}
        </Button>
      </Group>
      {download.error && (
        <Alert color="red" variant="light">
          {errorMessage(download.error, t('audit.exportError'))}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light">
          {errorMessage(error, t('audit.loadError'))}
        </Alert>
      )}
      {isPending && <Loader size="sm" aria-label={t('audit.loading')} />}
      {data && data.items.length === 0 && <Text c="dimmed">{t('audit.none')}</Text>}
      {data && data.items.length > 0 && (
        <DataTable
          minWidth={820}
          verticalSpacing="sm"
          aria-label={t('audit.table')}
          head={[
            t('audit.col.when'),
            t('audit.col.who'),
            t('audit.col.what'),
            t('audit.col.action'),
            t('audit.col.changes'),
          ]}
          cards={['subtitle', 'field', 'title', 'field', 'actions']}
        >
          <Table.Tbody>
            {data.items.map((entry) => (
              <AuditRow
                key={entry.id}
                entry={entry}
                open={openId === entry.id}
                onToggle={() => setOpenId((id) => (id === entry.id ? null : entry.id))}
              />
            ))}
          </Table.Tbody>
        </DataTable>
      )}
      {data && data.total > 0 && (
        <TablePager
          label={t('audit.pages')}
          summary={t('audit.count', { count: data.total, shown: formatCount(data.total) })}
          page={page}
          pages={pages}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}

const json = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);

/** What happened in words, the object and what it belongs to as links: "approved commission … on Shoes". */
function EntrySentence({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const linked = (label: string, url: string | null) =>
    url ? (
      <Anchor component={Link} to={url} size="sm">
        {label}
      </Anchor>
    ) : (
      label
    );
  return (
    <Text size="sm" aria-label={entry.summary}>
      {`${entry.action_text} `}
      {entry.entity_label ? (
        linked(entry.entity_label, entry.entity_url)
      ) : (
        <>
          {`${entry.entity_type} `}
          <Text span size="xs" ff="monospace">
            {entry.entity_id ?? ''}
          </Text>
        </>
      )}
      {entry.context_label && (
        <>
          {` ${t('audit.on')} `}
          {linked(entry.context_label, entry.context_url)}
        </>
      )}
    </Text>
  );
}

function AuditRow({ entry, open, onToggle }: { entry: AuditEntry; open: boolean; onToggle(): void }) {
  const { t } = useTranslation('admin');
  const detailsId = `audit-${entry.id}-changes`;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>{formatDateTime(entry.created_at)}</Table.Td>
        <Table.Td>
          <Text size="sm">{entry.actor_name}</Text>
          {entry.actor_email && entry.actor_email !== entry.actor_name && (
            <Text size="xs" c="dimmed">
              {entry.actor_email}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <EntrySentence entry={entry} />
        </Table.Td>
        <Table.Td>
          {/* the raw action stays visible: it is what the filter and the CSV name */}
          <Code>{entry.action}</Code>
        </Table.Td>
        <Table.Td>
          <Button
            size="xs"
            variant="subtle"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={
              open
                ? t('audit.hideChanges', { action: entry.action })
                : t('audit.showChanges', { action: entry.action })
            }
            onClick={onToggle}
          >
            {open ? t('audit.hide') : t('audit.show')}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS}>
            <Group id={detailsId} align="flex-start" grow wrap="nowrap">
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('audit.before')}
                </Text>
                <Code block aria-label={t('audit.before')}>
                  {json(entry.before)}
                </Code>
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('audit.after')}
                </Text>
                <Code block aria-label={t('audit.after')}>
                  {json(entry.after)}
                </Code>
              </Stack>
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}
