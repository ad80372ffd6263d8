import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { StatePanel } from '../components/query-state/QueryState';
import { useOnline } from '../components/query-state/state';
import { i18next } from '../i18n';

/**
 * A page's code that could not be fetched: `import()` of a lazy chunk failed (offline, a dropped
 * connection, or a deploy that replaced the chunk). Chromium, Firefox and Safari word it differently.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    error.message,
  );
}

/** Last resort when a page throws while rendering: say so plainly and offer a reload. */
export function RouteErrorView({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) return <ChunkErrorView />;
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

/**
 * A page whose code did not load is a network failure like any other: the shared offline or
 * Networkerr panel with Retry, not the browser's "Failed to fetch dynamically imported module: URL".
 * React.lazy keeps the failed import, so Retry reloads the page; offline, the page reloads by itself
 * when the connection is back, as the offline text says.
 */
function ChunkErrorView() {
  const online = useOnline();
  useEffect(() => {
    const reload = () => location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <StatePanel phase={online ? 'error' : 'offline'} onRetry={() => location.reload()} testId="page-chunk" />
  );
}
