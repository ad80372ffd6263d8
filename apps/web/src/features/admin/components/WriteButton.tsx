import { Button, type ButtonProps, Tooltip, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useAccess, type WriteArea } from '../api/access';

/**
 * A button that writes. Beyond the operator's role it stays in place, disabled, and says why (a
 * tooltip and the button's accessible description); the server refuses the call anyway.
 */
export function WriteButton({
  area,
  onClick,
  children,
  testId,
  disabledReason,
  ...props
}: {
  area: WriteArea;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
  /** Another reason the action cannot run now (e.g. the system clock); shown the same way. */
  disabledReason?: string | null;
} & Omit<ButtonProps, 'children'>) {
  const access = useAccess(area);
  const reasonId = useId();
  const reason = access.reason ?? disabledReason ?? null;
  if (!reason)
    return (
      <Button onClick={onClick} data-testid={testId} {...props}>
        {children}
      </Button>
    );
  return (
    <Tooltip label={reason} withArrow multiline maw={280}>
      <span style={{ display: 'inline-block' }} data-testid={testId ? `${testId}-wrap` : undefined}>
        <Button
          disabled
          aria-describedby={reasonId}
          data-testid={testId}
          data-reason={reason}
          {...props}
          style={{ pointerEvents: 'none', ...(props.style as object) }}
        >
          {children}
        </Button>
        <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
