import type { ContextModalProps } from '@mantine/modals';
import { CreateUserForm } from '../../../features/admin/components/create-user-form';
import type { Role } from '../../../features/admin/types';
import { showToast } from '../../../lib/toast';

/** createUser (spec §2 modal name): an account of any role, with a password or an e-mailed invite. */
export function CreateUserModal({ context, id, innerProps }: ContextModalProps<{ defaultRole?: Role }>) {
  return (
    <CreateUserForm
      defaultRole={innerProps.defaultRole}
      onCancel={() => context.closeModal(id)}
      onCreated={(user, invited) => {
        context.closeModal(id);
        showToast({
          title: 'User created',
          message: invited
            ? `We e-mailed ${user.email} an invite with a link to set a password.`
            : `${user.email} can log in with the password you set.`,
          color: 'green',
        });
      }}
    />
  );
}
