import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { i18next } from '../i18n';

/** Last resort when a page throws while rendering: say so plainly and offer a reload. */
export function RouteErrorView({ error }: { error: unknown }) {
  const t = (k: string) => i18next.t(k) as string;
  return (
    <Paper withBorder p="xl" m="xl" maw={560} mx="auto" role="alert">
      <Stack>
        <Title order={1} size="h3">
          {t('error.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {error instanceof Error ? error.message : String(error)}
        </Text>
        <Button onClick={() => location.reload()} w="fit-content">
          {t('error.reload')}
        </Button>
      </Stack>
    </Paper>
  );
}
