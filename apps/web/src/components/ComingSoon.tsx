import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lineInfo } from '../app/lines';
import { ClockIcon } from './icons';

/** The honest empty state of a product line that is not built yet. */
export function ComingSoon({ line }: { line: string }) {
  const { t } = useTranslation();
  const info = lineInfo(line);
  const name = info ? t(info.navKey) : line;
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }} className="surface" maw={640} mx="auto" mt="xl">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <ClockIcon size={28} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('comingSoon.title', { name })}
        </Title>
        <Text c="dimmed" maw={440}>
          {t(`home.desc.${line}`, { defaultValue: '' })} {t('comingSoon.body')}
        </Text>
        <Button component={Link} to="/" variant="light">
          {t('comingSoon.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
