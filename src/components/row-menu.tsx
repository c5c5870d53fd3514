import { ActionIcon, Menu } from '@mantine/core';
import { DotsIcon } from './icons';

export interface RowMenuItem {
  label: string;
  onClick(): void;
  /** e.g. 'red' for a destructive action */
  color?: string;
}

/**
 * A row's secondary actions behind one "…" button, so a table row shows its main action as a button
 * and stays narrow enough for a phone. `label` names the row: "More actions for Shoes".
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.label} color={item.color} onClick={item.onClick}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
