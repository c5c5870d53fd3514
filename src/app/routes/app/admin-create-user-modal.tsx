import type { ContextModalProps } from '@mantine/modals';
import { CreateUserForm } from '../../../features/admin/components/create-user-form';
import type { Role } from '../../../features/admin/types';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/i18n';

/** createUser (spec §2 modal name): an account of any role, with a password or an e-mailed invite. */
export function CreateUserModal({ context, id, innerProps }: ContextModalProps<{ defaultRole?: Role }>) {
  const { t } = useTranslation('app');
  return (
    <CreateUserForm
      defaultRole={innerProps.defaultRole}
      onCancel={() => context.closeModal(id)}
      onCreated={(user, invited) => {
        context.closeModal(id);
        showToast({
          title: t('createUser.created'),
          message: invited
            ? t('createUser.invited', { email: user.email })
            : t('createUser.password', { email: user.email }),
          color: 'green',
        });
      }}
    />
  );
}
