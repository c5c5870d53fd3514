import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useSignOut } from '../hooks/use-sign-out';
import type { User } from '../../features/auth/types';
import { initials } from '../../lib/format-text';
import { LANGUAGE_NAMES, setLanguage, useTranslation, type Language } from '../../lib/i18n';
import { useSaveLanguage } from '../hooks/use-save-language';
import { useMenuOnIntent } from '../../lib/use-menu-on-intent';
import classes from './user-menu.module.css';

export function UserMenu({ user }: { user: User }) {
  const { t, language } = useTranslation('layout');
  const otherLanguage: Language = language === 'da' ? 'en' : 'da';
  const saveLanguage = useSaveLanguage();
  const logout = useSignOut();
  const navigate = useNavigate();
  const { mounted, opened, setOpened, target, intentProps } = useMenuOnIntent<HTMLButtonElement>('menu');
  // The name must contain the visible text (WCAG 2.5.3): the user's name, shown from sm up. The initials
  // are drawn by CSS, so they are decoration, not text.
  const button = (
    <UnstyledButton
      ref={target}
      {...intentProps}
      aria-label={t('account.menu', { name: user.name || user.email })}
    >
      <Group gap="xs">
        <Avatar radius="xl" size="sm" color="blue" aria-hidden>
          <span className={classes.initials} data-initials={initials(user.name.trim() || user.email)} />
        </Avatar>
        <Text size="sm" visibleFrom="sm">
          {user.name || user.email}
        </Text>
      </Group>
    </UnstyledButton>
  );
  // The menu mounts when the user first acts on the button (src/lib/use-menu-on-intent.ts).
  if (!mounted) return button;

  return (
    <Menu position="bottom-end" width={200} opened={opened} onChange={setOpened}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/profile">
          {t('account.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings">
          {t('account.settings')}
        </Menu.Item>
        <Menu.Item
          hiddenFrom="sm"
          lang={otherLanguage}
          onClick={() => void setLanguage(otherLanguage, true).then(() => saveLanguage(otherLanguage))}
        >
          {t('language.switch', { language: LANGUAGE_NAMES[otherLanguage] })}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red.9"
          onClick={() => {
            // Once signed out; going earlier would bounce off /login while still signed in.
            void logout().then(() => navigate('/login', { replace: true }));
          }}
        >
          {t('account.logOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
