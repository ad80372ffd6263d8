import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { closePage } from '../../../app/embed';
import { DisabledReason } from '../../../components/DisabledReason';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { CheckCircleIcon } from '../../../components/icons';
import { OfflineNotice, useOnline } from '../../../components/OfflineNotice';

export function Row({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" className="num" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * A wealth form dialog: the form until its call succeeds, then `success` (a Success view). Closing goes
 * through the embedding page when framed.
 */
export function FormFrame({
  opened,
  onClose,
  title,
  testId,
  success,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  testId: string;
  /** The success view once the call has succeeded; null shows the form. */
  success: ReactNode | null;
  children: ReactNode;
}) {
  return (
    <DialogFrame
      opened={opened}
      onClose={() => closePage(onClose)}
      title={title}
      testId={testId}
      view={success ? 'success' : 'form'}
    >
      {success ?? children}
    </DialogFrame>
  );
}

/** The success view of a wealth dialog: icon, title, rows and the Done button. */
export function Success({
  title,
  children,
  onClose,
}: {
  title: ReactNode;
  children?: ReactNode;
  onClose: () => void;
}) {
  return (
    <Stack align="center" gap="md" py="sm" data-testid="wealth-success">
      <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden="true">
        <CheckCircleIcon size={32} />
      </ThemeIcon>
      <Title order={3} size="h3" ta="center">
        {title}
      </Title>
      <Stack gap={8} w="100%">
        {children}
      </Stack>
      <DoneButton onClose={onClose} />
    </Stack>
  );
}

/** The success view's one button: closes the dialog (embedded, the parent closes the frame). */
function DoneButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Button fullWidth onClick={() => closePage(onClose)} data-testid="wealth-done">
      {t('result.ok')}
    </Button>
  );
}

/**
 * A form's submit button: disabled until the form may be sent, with why (`reason`: a tooltip on
 * desktop, a line under it on a phone), loading while the call runs.
 */
export function SubmitButton({
  reason,
  loading,
  onClick,
  testId,
  children,
}: {
  /** Why the form may not be sent yet; null when it may. */
  reason: string | null;
  loading: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  // Offline nothing is sent (a held write would go out on reconnecting, the dialog long closed).
  const online = useOnline();
  return (
    <>
      <OfflineNotice />
      <DisabledReason reason={loading || !online ? null : reason} testId={`${testId}-reason`} block>
        <Button
          size="md"
          fullWidth
          disabled={!!reason || !online}
          loading={loading}
          onClick={onClick}
          data-testid={testId}
        >
          {children}
        </Button>
      </DisabledReason>
    </>
  );
}
