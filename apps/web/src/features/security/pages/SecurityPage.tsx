import '../i18n/register';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from '../../../api/errors';
import { useMe } from '../../../app/auth';
import { FundpassCard } from '../components/FundpassCard';
import { PasswordCard } from '../components/PasswordCard';
import { SessionsCard } from '../components/SessionsCard';
import { SignInsCard } from '../components/SignInsCard';
import { TwoFactorCard } from '../components/TwoFactorCard';
import type { FundpassDialogKind } from '../dialogs/SetFundpassDialog';

const SetFundpassDialog = lazy(() => import('../dialogs/SetFundpassDialog'));

export const SECURITY_PATH = '/account/security';

/**
 * `/account/security`: the funding password (set, change, reset by mail, when it is asked), the
 * login password, two-factor sign-in, the live sessions and the sign-in history.
 * `?reset=fundpass` (the prompt's "Forgot?") opens the reset at once.
 */
export default function SecurityPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<FundpassDialogKind | null>(() =>
    params.get('reset') === 'fundpass' ? 'reset' : null,
  );

  if (me === null) return <Navigate to={`/login?redirect=${encodeURIComponent(SECURITY_PATH)}`} replace />;
  if (!me) return null;

  const close = () => {
    setDialog(null);
    if (params.has('reset')) setParams({}, { replace: true });
  };

  return (
    <Stack gap="lg" py="md">
      <div>
        <Title order={1} size="h2">
          {t('security.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('security.subtitle')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <FundpassCard me={me} onOpen={setDialog} />
        <PasswordCard />
        <TwoFactorCard />
      </SimpleGrid>
      <SessionsCard />
      <SignInsCard />
      <Suspense fallback={null}>
        {dialog && (
          <SetFundpassDialog
            opened
            kind={dialog}
            email={me.email}
            onClose={close}
            onDone={() => {
              close();
              toast('success', t('security.fundpass.saved'));
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
