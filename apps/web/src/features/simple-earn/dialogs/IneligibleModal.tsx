import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../../../app/breakpoints';
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
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      fullScreen={mobile}
      title={title}
      data-testid="ineligible-modal"
    >
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
    </Modal>
  );
}
