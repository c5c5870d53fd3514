import { useMantineEnv } from '@mantine/core';
import { useLayoutEffect, useRef, useState, type FocusEvent } from 'react';

/**
 * Focus from the keyboard, not the focus a mouse press gives at its mousedown (swapping the button then would
 * lose the press's click). A DOM without :focus-visible counts all focus in.
 */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * A header button's Mantine Menu or Popover, mounted when the user first acts on the button instead of with
 * the shell.
 * Mounting one sets state in the shell's first commit (its floating reference, its dropdown's portal),
 * which re-renders it synchronously and makes React run every effect of the new page in that same long
 * task. Until then the same button is drawn alone, and it is only swapped for the menu's when the user
 * acts on it: a click on it (mouse, touch, Enter, assistive technology) mounts the menu open, and keyboard
 * focus mounts it closed and hands the focus to the menu's button. Nothing swaps the button in the middle of
 * a press: mounting on hover or on pointerdown lost clicks, as a press that began on the lone button and
 * ended on the new one clicked neither (or its mousedown, retargeted to the header, shut the menu again).
 * Under Mantine's test environment the menu is there from the first render.
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
        onFocus: (event: FocusEvent<T>) => {
          if (focusVisible(event.currentTarget)) mount(true);
        },
        onClick: () => {
          mount(true);
          setOpened(true);
        },
        'aria-haspopup': popup,
        'aria-expanded': false,
      };
  return { mounted, opened, setOpened, target, intentProps };
}
