import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useSignOut } from '../hooks/use-sign-out';
import type { User } from '../../features/auth/types';

function initials(user: User): string {
  const source = user.name.trim() || user.email;
  return source
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

export function UserMenu({ user }: { user: User }) {
  const logout = useSignOut();
  const navigate = useNavigate();

  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Group gap="xs">
            <Avatar radius="xl" size="sm" color="blue">
              {initials(user)}
            </Avatar>
            <Text size="sm" visibleFrom="sm">
              {user.name || user.email}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/profile">
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/settings">
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          onClick={() => {
            // Once signed out; going earlier would bounce off /login while still signed in.
            void logout().then(() => navigate('/login', { replace: true }));
          }}
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
