import { Alert } from '@mantine/core';

/** A form's own error (one that belongs to no field), announced to screen readers. */
export function FormAlert({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
