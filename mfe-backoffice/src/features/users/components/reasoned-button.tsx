import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A small row action that, when not allowed, is disabled with the reason: a tooltip on hover and
 * the button's description for screen readers (as ConfirmDeleteButton does).
 */
export function ReasonedButton({
  reason,
  onClick,
  children,
  loading,
  ...props
}: { reason: string | null; onClick: () => void; children: ReactNode; loading?: boolean; 'aria-label'?: string } & Pick<ButtonProps, 'color' | 'variant'>) {
  const reasonId = useId();
  const button = (
    <Button
      size="xs"
      variant="light"
      {...props}
      loading={loading}
      disabled={reason !== null}
      aria-describedby={reason ? reasonId : undefined}
      onClick={onClick}
    >
      {children}
    </Button>
  );
  if (!reason) return button;
  return (
    // A disabled button gets no pointer events: the tooltip listens on a wrapper.
    <Tooltip label={reason}>
      <span>
        {button}
        <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
