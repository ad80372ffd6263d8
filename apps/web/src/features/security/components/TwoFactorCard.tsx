import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state/QueryState';
import { securityQueries } from '../api/index';

const EnrolTotpDialog = lazy(() => import('../dialogs/EnrolTotpDialog'));
const DisableTotpDialog = lazy(() => import('../dialogs/DisableTotpDialog'));

/** Two-factor sign-in: on or off, with the recovery codes left; turn it on (QR) or off. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useQuery(securityQueries.totp());
  const [open, setOpen] = useState<'enrol' | 'disable' | null>(null);
  const on = status.data?.enabled === true;
  return (
    <Card withBorder padding="lg" className="surface" data-testid="security-2fa">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {t('security.tfa.title')}
          </Title>
          {status.data && (
            <Badge color={on ? 'teal' : 'gray'} variant="light" data-testid="totp-status">
              {on ? t('security.tfa.on') : t('security.tfa.off')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('security.tfa.about')}
        </Text>
        <QueryState queries={status} compact loading={<Skeleton h={36} w={120} />} data-testid="totp">
          <Group gap="sm">
            {on ? (
              <>
                <Button variant="light" color="red" onClick={() => setOpen('disable')}>
                  {t('security.tfa.turnOff')}
                </Button>
                <Text size="sm" c="dimmed" data-testid="recovery-left">
                  {t('security.tfa.codesLeft', { count: status.data?.recovery_codes_left ?? 0 })}
                </Text>
              </>
            ) : (
              <Button onClick={() => setOpen('enrol')}>{t('security.tfa.turnOn')}</Button>
            )}
          </Group>
        </QueryState>
      </Stack>
      <Suspense fallback={null}>
        {open === 'enrol' && <EnrolTotpDialog opened onClose={() => setOpen(null)} />}
        {open === 'disable' && <DisableTotpDialog opened onClose={() => setOpen(null)} />}
      </Suspense>
    </Card>
  );
}
