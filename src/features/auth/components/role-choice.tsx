import { Group, Radio } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { translate, useTranslation } from '../../../lib/i18n';

export type SelfRegisterRole = 'advertiser' | 'publisher';

/** Nobody is an advertiser by default: the form asks, and says so when the choice is missing. */
export const validateRole = (role: string) =>
  role === 'advertiser' || role === 'publisher' ? null : translate('auth', 'role.required');

export function RoleChoice(props: GetInputPropsReturnType) {
  const { t } = useTranslation('auth');
  return (
    <Radio.Group label={t('role.label')} description={t('role.help')} required {...props}>
      <Group mt="xs">
        <Radio value="advertiser" label={t('role.advertiser')} />
        <Radio value="publisher" label={t('role.publisher')} />
      </Group>
    </Radio.Group>
  );
}
