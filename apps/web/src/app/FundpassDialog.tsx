import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export default function FundpassDialog({
  opened,
  onSubmit,
  onCancel,
}: {
  opened: boolean;
  onSubmit: (fundpass: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  useEffect(() => {
    if (opened) setValue('');
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={
        <Text fw={650} size="lg">
          {t('fundpass.title')}
        </Text>
      }
      centered
      size="sm"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (value) onSubmit(value);
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('fundpass.description')}
          </Text>
          <PasswordInput
            label={t('fundpass.label')}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            autoComplete="off"
            inputMode="numeric"
            maxLength={64}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!value}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
