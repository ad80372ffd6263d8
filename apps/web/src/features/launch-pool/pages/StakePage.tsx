import '../i18n/register';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { queries } from '../../../api/queries';
import { useMe } from '../../../app/auth';
import { QueryState } from '../../../components/query-state/QueryState';
import { lpQueries } from '../api/index';
import { StakeForm } from '../components/stake-form/StakeForm';
import { LAUNCHPOOL_PATH, successPagePath } from '../paths';

/** The stake dialog as a full mobile page: /launchpool/stake/:pid?rid=… */
export default function StakePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pid: pidParam } = useParams();
  const [search] = useSearchParams();
  const pid = Number(pidParam);
  const rid = search.get('rid') ? Number(search.get('rid')) : undefined;
  const { isLoggedIn } = useMe();
  const me = useQuery(queries.me());
  const project = useQuery({ ...lpQueries.project(pid), enabled: Number.isInteger(pid) && pid > 0 });
  const pool = project.data?.reward_pools.find((p) => p.rid === rid) ?? project.data?.reward_pools[0];

  return (
    <Stack gap="md" maw={520} mx="auto">
      <Anchor component={Link} to={LAUNCHPOOL_PATH} size="sm">
        ← {t('launchpool.back')}
      </Anchor>
      <Card className="surface">
        <QueryState
          queries={[project, me]}
          empty={!project.data}
          emptyText={t('launchpool.notFound')}
          loading={
            <>
              <Skeleton h={28} w="60%" />
              <Skeleton h={220} />
            </>
          }
          data-testid="stake-page"
        >
          {project.data && (
            <Stack gap="md">
              <Group gap={8}>
                <Title order={1} size="h3">
                  {t('launchpool.stake.title', { coin: pool?.coin ?? '' })}
                </Title>
                <Text size="sm" c="dimmed">
                  {project.data.name}
                </Text>
              </Group>
              {isLoggedIn ? (
                <StakeForm
                  project={project.data}
                  rid={rid}
                  onCancel={() => navigate(LAUNCHPOOL_PATH)}
                  onSuccess={(r) => navigate(successPagePath(r), { replace: true })}
                />
              ) : (
                <Anchor
                  component={Link}
                  to={`/login?redirect=${encodeURIComponent(`${LAUNCHPOOL_PATH}/stake/${pid}?rid=${rid ?? ''}`)}`}
                >
                  {t('launchpool.loginToStake')}
                </Anchor>
              )}
            </Stack>
          )}
        </QueryState>
      </Card>
    </Stack>
  );
}
