import { Group, Radio } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export type SelfRegisterRole = 'advertiser' | 'publisher';

/** Nobody is an advertiser by default: the form asks, and says so when the choice is missing. */
export const validateRole = (role: string) =>
  role === 'advertiser' || role === 'publisher'
    ? null
    : 'Choose how you use Affilio: as an advertiser or as a publisher';

export function RoleChoice(props: GetInputPropsReturnType) {
  return (
    <Radio.Group
      label="Role"
      description="Advertisers run campaigns; publishers promote them and earn commissions."
      required
      {...props}
    >
      <Group mt="xs">
        <Radio value="advertiser" label="Advertiser" />
        <Radio value="publisher" label="Publisher" />
      </Group>
    </Radio.Group>
  );
}
