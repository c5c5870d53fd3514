import { Group, Radio } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export type SelfRegisterRole = 'advertiser' | 'publisher';

export function RoleChoice(props: GetInputPropsReturnType) {
  return (
    <Radio.Group label="Role" {...props}>
      <Group mt="xs">
        <Radio value="advertiser" label="Advertiser" />
        <Radio value="publisher" label="Publisher" />
      </Group>
    </Radio.Group>
  );
}
