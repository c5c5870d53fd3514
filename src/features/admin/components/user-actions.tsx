import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useActivateUser } from '../api/activate-user';
import { useApproveUser } from '../api/approve-user';
import { useChangeUserRole } from '../api/change-user-role';
import { useSuspendUser } from '../api/suspend-user';
import { translate, useTranslation } from '../../../lib/i18n';
import { userLabel, type AdminUser, type Role } from '../types';
import { ROLES } from '../../../../contracts/users';

interface UserActionsProps {
  user: AdminUser;
  /** The signed-in admin: nobody suspends themself or changes their own role. */
  currentUserId: string;
}

const saved = (message: string) =>
  showToast({ title: translate('admin', 'actions.saved'), message, color: 'green' });

/** Approve, suspend (confirmed, optional reason), reactivate and change role (confirmed). */
export function UserActions({ user, currentUserId }: UserActionsProps) {
  const { t } = useTranslation('admin');
  const approve = useApproveUser();
  const suspend = useSuspendUser();
  const activate = useActivateUser();
  const changeRole = useChangeUserRole();
  const [dialog, setDialog] = useState<'suspend' | 'role' | null>(null);
  const label = userLabel(user);
  const self = user.id === currentUserId;
  const error = approve.error ?? activate.error;

  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" variant="light">
          {errorMessage(error, t('actions.saveError'))}
        </Alert>
      )}
      <Group gap="sm">
        {user.status === 'pending' && (
          <Button
            color="green"
            loading={approve.isPending}
            onClick={() =>
              approve.mutate(user.id, { onSuccess: () => saved(t('actions.approvedText', { name: label })) })
            }
          >
            {t('actions.approve')}
          </Button>
        )}
        {user.status === 'active' && !self && (
          <Button
            color="red"
            variant="light"
            onClick={() => {
              suspend.reset();
              setDialog('suspend');
            }}
          >
            {t('actions.suspend')}
          </Button>
        )}
        {user.status === 'suspended' && (
          <Button
            loading={activate.isPending}
            onClick={() =>
              activate.mutate(user.id, {
                onSuccess: () => saved(t('actions.reactivatedText', { name: label })),
              })
            }
          >
            {t('actions.reactivate')}
          </Button>
        )}
        {!self && (
          <Button
            variant="default"
            onClick={() => {
              changeRole.reset();
              setDialog('role');
            }}
          >
            {t('actions.changeRole')}
          </Button>
        )}
      </Group>

      <Modal
        opened={dialog === 'suspend'}
        onClose={() => setDialog(null)}
        title={t('actions.suspendTitle', { name: label })}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <SuspendForm
          user={user}
          loading={suspend.isPending}
          error={suspend.error}
          onCancel={() => setDialog(null)}
          onConfirm={(reason) =>
            suspend.mutate(
              { id: user.id, reason },
              {
                onSuccess: () => {
                  setDialog(null);
                  saved(t('actions.suspendedText', { name: label }));
                },
              },
            )
          }
        />
      </Modal>

      <Modal
        opened={dialog === 'role'}
        onClose={() => setDialog(null)}
        title={t('actions.roleTitle', { name: label })}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <RoleForm
          user={user}
          loading={changeRole.isPending}
          error={changeRole.error}
          onCancel={() => setDialog(null)}
          onConfirm={(role) =>
            changeRole.mutate(
              { id: user.id, role },
              {
                onSuccess: () => {
                  setDialog(null);
                  saved(t('actions.roleChangedText', { name: label, role }));
                },
              },
            )
          }
        />
      </Modal>
    </Stack>
  );
}

interface ConfirmFormProps<T> {
  user: AdminUser;
  loading: boolean;
  error: unknown;
  onConfirm(value: T): void;
  onCancel(): void;
}

function SuspendForm({ user, loading, error, onConfirm, onCancel }: ConfirmFormProps<string>) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const [reason, setReason] = useState('');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(reason.trim());
      }}
    >
      <Stack>
        <Text size="sm">
          {t('actions.suspendText', { name: userLabel(user) })}
          {user.role === 'advertiser' && ` ${t('actions.suspendAdvertiser')}`}
          {user.role === 'publisher' && ` ${t('actions.suspendPublisher')}`}
        </Text>
        <Textarea
          label={t('actions.reasonOptional')}
          autosize
          minRows={2}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        {Boolean(error) && (
          <Alert color="red" variant="light">
            {errorMessage(error, t('actions.suspendError'))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {tc('cancel')}
          </Button>
          <Button type="submit" color="red" loading={loading}>
            {t('actions.suspendAccount')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function roleConsequences(user: AdminUser, role: Role): string {
  const becomes = translate('admin', 'actions.roleBecomes', { name: userLabel(user), role });
  const access =
    role === 'admin'
      ? translate('admin', 'actions.roleAdminAccess')
      : translate('admin', 'actions.roleAccess', { role });
  return `${becomes} ${access} ${translate('admin', 'actions.roleKeeps')}`;
}

function RoleForm({ user, loading, error, onConfirm, onCancel }: ConfirmFormProps<Role>) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const [role, setRole] = useState<Role | null>(null);
  const others = ROLES.filter((r) => r !== user.role);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (role) onConfirm(role);
      }}
    >
      <Stack>
        <Text size="sm">{t('actions.currentRole', { role: t(`role.${user.role}`) })}</Text>
        <Select
          label={t('actions.newRole')}
          placeholder={t('actions.pickRole')}
          data={others.map((r) => ({ value: r, label: t(`role.${r}`) }))}
          value={role}
          onChange={(value) => setRole(value as Role | null)}
        />
        {role && (
          <Alert color="orange" variant="light" title={t('actions.whatChanges')}>
            {roleConsequences(user, role)}
          </Alert>
        )}
        {Boolean(error) && (
          <Alert color="red" variant="light">
            {errorMessage(error, t('actions.roleError'))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {tc('cancel')}
          </Button>
          <Button type="submit" color="orange" disabled={!role} loading={loading}>
            {role ? t('actions.changeRoleTo', { role: t(`role.${role}`) }) : t('actions.changeRole')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
