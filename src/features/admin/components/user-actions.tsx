import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useActivateUser } from '../api/activate-user';
import { useApproveUser } from '../api/approve-user';
import { useChangeUserRole } from '../api/change-user-role';
import { useSuspendUser } from '../api/suspend-user';
import { ROLE_LABELS, userLabel, type AdminUser, type Role } from '../types';
import { ROLES } from '../../../../contracts/users';

interface UserActionsProps {
  user: AdminUser;
  /** The signed-in admin: nobody suspends themself or changes their own role. */
  currentUserId: string;
}

const saved = (message: string) => showToast({ title: 'Saved', message, color: 'green' });

/** Approve, suspend (confirmed, optional reason), reactivate and change role (confirmed). */
export function UserActions({ user, currentUserId }: UserActionsProps) {
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
          {errorMessage(error, 'The change was not saved.')}
        </Alert>
      )}
      <Group gap="sm">
        {user.status === 'pending' && (
          <Button
            color="green"
            loading={approve.isPending}
            onClick={() =>
              approve.mutate(user.id, { onSuccess: () => saved(`${label} is approved and can log in.`) })
            }
          >
            Approve
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
            Suspend
          </Button>
        )}
        {user.status === 'suspended' && (
          <Button
            loading={activate.isPending}
            onClick={() => activate.mutate(user.id, { onSuccess: () => saved(`${label} is active again.`) })}
          >
            Reactivate
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
            Change role
          </Button>
        )}
      </Group>

      <Modal
        opened={dialog === 'suspend'}
        onClose={() => setDialog(null)}
        title={`Suspend ${label}`}
        closeButtonProps={{ 'aria-label': 'Close' }}
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
                  saved(`${label} is suspended.`);
                },
              },
            )
          }
        />
      </Modal>

      <Modal opened={dialog === 'role'} onClose={() => setDialog(null)} title={`Change the role of ${label}`}>
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
                  saved(`${label} is now ${article(role)} ${ROLE_LABELS[role].toLowerCase()}.`);
                },
              },
            )
          }
        />
      </Modal>
    </Stack>
  );
}

const article = (role: Role) => (role === 'advertiser' || role === 'admin' ? 'an' : 'a');

interface ConfirmFormProps<T> {
  user: AdminUser;
  loading: boolean;
  error: unknown;
  onConfirm(value: T): void;
  onCancel(): void;
}

function SuspendForm({ user, loading, error, onConfirm, onCancel }: ConfirmFormProps<string>) {
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
          {userLabel(user)} is signed out everywhere at once and cannot log in until reactivated.
          {user.role === 'advertiser' && ' Their active campaigns are paused.'}
          {user.role === 'publisher' && ' Their tracking links stop redirecting.'}
        </Text>
        <Textarea
          label="Reason (optional)"
          autosize
          minRows={2}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        {Boolean(error) && (
          <Alert color="red" variant="light">
            {errorMessage(error, 'The account was not suspended.')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={loading}>
            Suspend account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function roleConsequences(user: AdminUser, role: Role): string {
  const becomes = `${userLabel(user)} becomes ${article(role)} ${ROLE_LABELS[role].toLowerCase()}`;
  const access =
    role === 'admin'
      ? 'They can then manage every account, application and platform setting.'
      : `They then see only what ${ROLE_LABELS[role].toLowerCase()}s see.`;
  return `${becomes} and is signed out everywhere at once. ${access} Their existing campaigns, websites and applications stay as they are.`;
}

function RoleForm({ user, loading, error, onConfirm, onCancel }: ConfirmFormProps<Role>) {
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
        <Text size="sm">Current role: {ROLE_LABELS[user.role]}</Text>
        <Select
          label="New role"
          placeholder="Pick a role"
          data={others.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          value={role}
          onChange={(value) => setRole(value as Role | null)}
        />
        {role && (
          <Alert color="orange" variant="light" title="What this changes">
            {roleConsequences(user, role)}
          </Alert>
        )}
        {Boolean(error) && (
          <Alert color="red" variant="light">
            {errorMessage(error, 'The role was not changed.')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="orange" disabled={!role} loading={loading}>
            {role ? `Change role to ${ROLE_LABELS[role]}` : 'Change role'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
