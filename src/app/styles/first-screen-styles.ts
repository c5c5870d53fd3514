// The Mantine styles of the first screens (sign-in, the signed-in shell, the dashboard, toasts), in the
// order of @mantine/core/styles.css: the entry's render-blocking stylesheet holds only these (about half
// of styles.css). Every other component's styles come in one lazy stylesheet (src/lib/mantine-more-styles.ts)
// before the lazy code that needs them (src/lib/load-more-styles.ts). The split keeps the cascade of
// styles.css only because this list holds, with each component, every component it is built on (a
// component's rules must follow those of the components inside it); tests/unit/app/mantine-styles.test.ts
// checks that, and that the two lists together are styles.css in its order.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Affix.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Mark.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Title.css';
import '@mantine/notifications/styles.css';
