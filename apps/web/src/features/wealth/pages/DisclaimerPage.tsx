import '../i18n/register';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The wealth disclaimer (/asset-management/institution/disclaimer) the subscribe form links to. */
export default function DisclaimerPage() {
  const { t } = useTranslation();
  return (
    <Card className="surface" maw={820} mx="auto" padding="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('wealth.disclaimer.link')}
        </Title>
        {[1, 2, 3, 4].map((i) => (
          <Text key={i} size="sm" lh={1.6}>
            {i}. {t(`wealth.disclaimer.p${i}`)}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
