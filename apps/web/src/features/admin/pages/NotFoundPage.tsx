import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={1} size="h2">
        {t('admin.notFound.title')}
      </Title>
      <Text c="dimmed">{t('admin.notFound.body')}</Text>
      <Button component={Link} to="/admin" variant="default">
        {t('admin.nav.dashboard')}
      </Button>
    </Stack>
  );
}
