import { useMantineEnv } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A header button's Mantine Menu or Popover, mounted on the first sign of use instead of with the shell.
 * Mounting one sets state in the shell's first commit (its floating reference, its dropdown's portal),
 * which re-renders it synchronously and makes React run every effect of the new page in that same long
 * task. Until then the same button is drawn alone: pointing at it, touching it or focusing it mounts the
 * menu (a focused button hands its focus to the menu's), and a click on the lone button mounts the menu
 * open, so no click is lost. Under Mantine's test environment the menu is there from the first render.
 */
export function useMenuOnIntent<T extends HTMLElement>(popup: 'menu' | 'dialog') {
  const [mounted, setMounted] = useState(useMantineEnv() === 'test');
  const [opened, setOpened] = useState(false);
  const target = useRef<T>(null);
  const refocus = useRef(false);

  useLayoutEffect(() => {
    if (!mounted || !refocus.current) return;
    refocus.current = false;
    target.current?.focus();
  }, [mounted]);

  const mount = (focus: boolean) => {
    refocus.current ||= focus;
    setMounted(true);
  };
  const intentProps = mounted
    ? {}
    : {
        onPointerEnter: () => mount(false),
        onTouchStart: () => mount(false),
        onFocus: () => mount(true),
        onClick: () => {
          mount(true);
          setOpened(true);
        },
        'aria-haspopup': popup,
        'aria-expanded': false,
      };
  return { mounted, opened, setOpened, target, intentProps };
}
