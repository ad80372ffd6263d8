import { Box, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { cloneElement, type ReactElement, useId } from 'react';
import { MOBILE_QUERY } from '../app/breakpoints';

/**
 * A control that may be unavailable, with why. With a reason it shows as a tooltip on desktop (on a
 * wrapper: a disabled button gets no pointer events) and as a line of text under the control on a
 * phone, which has no hover; either way the reason is the control's description for a screen reader.
 * Without one, the control alone.
 */
export function DisabledReason({
  reason,
  children,
  testId,
  block = false,
}: {
  reason: string | null | undefined;
  children: ReactElement<{ 'aria-describedby'?: string }>;
  testId?: string;
  /** For a full-width control: the wrapper takes the whole line too. */
  block?: boolean;
}) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const id = useId();
  if (!reason) return children;
  const control = cloneElement(children, { 'aria-describedby': id });
  if (mobile) {
    return (
      <Stack gap={2} align={block ? 'stretch' : 'flex-start'}>
        {control}
        <Text id={id} size="xs" c="dimmed" data-testid={testId}>
          {reason}
        </Text>
      </Stack>
    );
  }
  return (
    <Tooltip label={reason} multiline maw={280} withArrow>
      <Box
        component="span"
        display={block ? 'block' : 'inline-block'}
        data-testid={testId}
        data-reason={reason}
      >
        {control}
        <VisuallyHidden id={id}>{reason}</VisuallyHidden>
      </Box>
    </Tooltip>
  );
}
