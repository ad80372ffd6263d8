import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The reset's address with the button that mails it a code, and where the code went once sent. */
export function ResetMailRow({
  email,
  sentTo,
  sending,
  onSend,
}: {
  email: string;
  sentTo: string | null;
  sending: boolean;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        {/* The button goes under an address too long to share the line; a longer one still wraps. */}
        <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {email}
        </Text>
        <Button variant="light" size="xs" style={{ flexShrink: 0 }} onClick={onSend} loading={sending}>
          {t('security.dialog.sendCode')}
        </Button>
      </Group>
      {sentTo && (
        <Text size="xs" c="dimmed" role="status">
          {t('security.dialog.codeSent', { email: sentTo })}
        </Text>
      )}
    </Stack>
  );
}
