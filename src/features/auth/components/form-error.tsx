import { Alert } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';

/** Shows the server's detail for a failed call, or the given fallback text. */
export function FormError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light">
      {errorMessage(error, fallback)}
    </Alert>
  );
}
