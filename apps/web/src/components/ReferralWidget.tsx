import { ActionIcon, Card, Code, CopyButton, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trackClick } from '../api/analytics';
import { toast } from '../api/errors';
import { queries } from '../api/queries';
import { useMe } from '../app/auth';
import { QueryState } from './query-state/QueryState';

/** The referral share widget: only for a signed-in user (GET /api/web/v1/rebate/get_user_info). */
export function ReferralWidget() {
  const { t } = useTranslation();
  const { isLoggedIn } = useMe();
  const q = useQuery({ ...queries.referral(), enabled: isLoggedIn });
  if (!isLoggedIn) return null;
  return (
    <Card className="surface" data-testid="referral-widget">
      <Stack gap={6}>
        <Text fw={600}>{t('referral.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('referral.body')}
        </Text>
        <QueryState queries={q} compact loading={<Skeleton h={24} w={200} />} data-testid="referral">
          {q.data && (
            <Group gap="xs" wrap="nowrap" mt={4}>
              <Text size="sm" c="dimmed">
                {t('referral.code')}
              </Text>
              <Code fz="sm" fw={600}>
                {q.data.kol_code}
              </Code>
              <CopyButton value={q.data.kol_code}>
                {({ copy }) => (
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('referral.copy')}
                    title={t('referral.copy')}
                    onClick={() => {
                      copy();
                      trackClick('referral.copy');
                      toast('success', t('Copied'));
                    }}
                  >
                    <svg
                      width="16"
                      height="16"
                      viewBox="0 0 24 24"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      aria-hidden="true"
                    >
                      <rect x="9" y="9" width="11" height="11" rx="2" />
                      <path d="M5 15V5a2 2 0 0 1 2-2h10" />
                    </svg>
                  </ActionIcon>
                )}
              </CopyButton>
            </Group>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
