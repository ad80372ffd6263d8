import { Button, Divider, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { MOBILE_QUERY } from '../app/breakpoints';
import { DialogFrame } from './dialog-frame/DialogFrame';
import { CheckCircleIcon, InfoCircleIcon, XCircleIcon } from './icons';

export type ResultStatus = 'success' | 'failed' | 'info';

export interface ResultRow {
  label: ReactNode;
  value: ReactNode;
}

export interface ResultButton {
  label: ReactNode;
  onClick: () => void;
  loading?: boolean;
}

export interface ResultModalProps {
  opened: boolean;
  onClose: () => void;
  status: ResultStatus;
  title: ReactNode;
  subtitle?: ReactNode;
  rows?: ResultRow[];
  /** The main action (filled), e.g. "View holdings". */
  primary?: ResultButton;
  /** The other action (outlined), e.g. "Continue". */
  secondary?: ResultButton;
  'data-testid'?: string;
}

const LOOK: Record<ResultStatus, { color: string; icon: ReactNode }> = {
  success: { color: 'teal', icon: <CheckCircleIcon size={34} /> },
  failed: { color: 'red', icon: <XCircleIcon size={34} /> },
  info: { color: 'brand', icon: <InfoCircleIcon size={34} /> },
};

/** The generic result modal: success, failed or info; full-screen under 768 px. */
export function ResultModal({
  opened,
  onClose,
  status,
  title,
  subtitle,
  rows,
  primary,
  secondary,
  'data-testid': testId,
}: ResultModalProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const titleId = useId();
  const look = LOOK[status];
  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      size={440}
      labelledBy={titleId}
      padding="xl"
      status={status}
      testId={testId}
    >
      <Stack align="center" gap="md" pt={mobile ? 'xl' : 0} h={mobile ? 'calc(100dvh - 120px)' : undefined}>
        <ThemeIcon size={68} radius="xl" variant="light" color={look.color} aria-hidden="true">
          {look.icon}
        </ThemeIcon>
        <Stack gap={6} align="center" ta="center">
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm" maw={340}>
              {subtitle}
            </Text>
          )}
        </Stack>
        {rows && rows.length > 0 && (
          <>
            <Divider w="100%" />
            <Stack component="dl" gap={10} w="100%" m={0}>
              {rows.map((row, i) => (
                // Rows have no identity of their own; their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: static label/value list
                <Group key={i} justify="space-between" wrap="nowrap" gap="md">
                  <Text component="dt" size="sm" c="dimmed">
                    {row.label}
                  </Text>
                  <Text component="dd" size="sm" fw={600} m={0} ta="right" className="num">
                    {row.value}
                  </Text>
                </Group>
              ))}
            </Stack>
          </>
        )}
        {(primary || secondary) && (
          <Group w="100%" grow gap="sm" mt={mobile ? 'auto' : 'xs'}>
            {secondary && (
              <Button variant="default" size="md" onClick={secondary.onClick} loading={secondary.loading}>
                {secondary.label}
              </Button>
            )}
            {primary && (
              <Button
                size="md"
                onClick={primary.onClick}
                loading={primary.loading}
                color={status === 'failed' ? 'red' : undefined}
              >
                {primary.label}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </DialogFrame>
  );
}
