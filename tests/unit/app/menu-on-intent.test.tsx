import { Button, MantineProvider, Menu } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useMenuOnIntent } from '../../../src/lib/use-menu-on-intent';

function HeaderMenu() {
  const { mounted, opened, setOpened, target, intentProps } = useMenuOnIntent<HTMLButtonElement>('menu');
  const button = (
    <Button ref={target} {...intentProps}>
      Currency
    </Button>
  );
  if (!mounted) return button;
  return (
    <Menu opened={opened} onChange={setOpened} transitionProps={{ duration: 0 }}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>EUR</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

// Not Mantine's test environment: there the menu is mounted from the start.
const renderMenu = () =>
  render(
    <MantineProvider>
      <HeaderMenu />
    </MantineProvider>,
  );

describe('a header menu mounted on intent', () => {
  it('draws only the button at first, announced as opening a menu', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Currency' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('[data-portal]')).toBeNull();
  });

  it('opens on the first click on the lone button: no click is lost', async () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Currency' }));
    expect(await screen.findByRole('menuitem', { name: 'EUR' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Currency' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('stays the lone button through a press, until the click', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Currency' });
    fireEvent.pointerEnter(button);
    fireEvent.pointerDown(button, { button: 0 });
    fireEvent.mouseDown(button);
    // The focus a mouse press gives (not :focus-visible in a browser; jsdom counts every focus in).
    expect(screen.getByRole('button', { name: 'Currency' })).toBe(button);
    expect(button).not.toHaveAttribute('id');
  });

  it('keeps the keyboard focus on the button when focusing it mounts the menu', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.tab();
    const button = screen.getByRole('button', { name: 'Currency' });
    // The menu's own button (the lone one was replaced), focused.
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });
});
