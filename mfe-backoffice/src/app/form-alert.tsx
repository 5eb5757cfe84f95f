import { Alert } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * A form's own error (one that belongs to no field), announced to screen readers and given the
 * focus when it appears (a failed sign-in, a refused save): keyboard users land on the reason,
 * not on a button that seems to have done nothing.
 */
export function FormAlert({ message }: { message: string | null }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message !== null) alert.current?.focus();
  }, [message]);
  if (message === null) return null;
  return (
    <Alert ref={alert} color="red" role="alert" tabIndex={-1}>
      {message}
    </Alert>
  );
}
