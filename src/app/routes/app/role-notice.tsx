import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

interface RoleNoticeProps {
  title: string;
  text: string;
  /** where this role finds what it came for */
  link?: { to: string; label: string };
}

/** A page of another role's (reached by a typed URL or a shared link): say so instead of failing calls. */
export function RoleNotice({ title, text, link }: RoleNoticeProps) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Alert variant="light">
        <Stack gap="xs" align="flex-start">
          {text}
          {link && (
            <Anchor component={Link} to={link.to} fw={500}>
              {link.label}
            </Anchor>
          )}
        </Stack>
      </Alert>
    </Stack>
  );
}
