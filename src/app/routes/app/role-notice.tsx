import { Alert, Stack, Title } from '@mantine/core';

/** A page of another role's (reached by a typed URL): say so instead of failing calls. */
export function RoleNotice({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Alert variant="light">{text}</Alert>
    </Stack>
  );
}
