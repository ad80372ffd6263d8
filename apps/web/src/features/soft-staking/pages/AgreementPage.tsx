import '../i18n/register';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The soft-staking agreement (/soft-staking/agreement, locale-prefixed outside English). */
export default function AgreementPage() {
  const { t } = useTranslation();
  return (
    <Card className="surface" maw={820} mx="auto" padding="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('softStaking.agree.link')}
        </Title>
        {[1, 2, 3, 4, 5].map((i) => (
          <Text key={i} size="sm" lh={1.6}>
            {i}. {t(`softStaking.agreement.p${i}`)}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
