import { Button, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/**
 * Deposit, express buy and spot trade are pages of the main exchange, outside the earn area. The earn
 * dialogs link to their real paths; here they say honestly where the user would land.
 */
export default function ExchangePage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Paper withBorder p={{ base: 'lg', sm: 40 }} maw={640} mx="auto" mt="xl" className="surface">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('exchange.title')}
        </Title>
        <Text c="dimmed">{t('exchange.body')}</Text>
        <Text size="sm">
          {t('exchange.path')}: <Code>{location.pathname + location.search}</Code>
        </Text>
        <Button component={Link} to="/" variant="light" w="fit-content">
          {t('comingSoon.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
