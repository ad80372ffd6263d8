import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { InfoCircleIcon } from '../../../components/icons';

/** Screen 2: the special product's server check said no. */
export function IneligibleModal({
  title,
  opened,
  onClose,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogFrame opened={opened} onClose={onClose} title={title} testId="ineligible-modal" size="md">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden="true">
          <InfoCircleIcon size={28} />
        </ThemeIcon>
        <Text fw={600}>{t('se.ineligible.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('se.ineligible.body')}
        </Text>
        <Button fullWidth onClick={onClose}>
          {t('se.gotIt')}
        </Button>
      </Stack>
    </DialogFrame>
  );
}
