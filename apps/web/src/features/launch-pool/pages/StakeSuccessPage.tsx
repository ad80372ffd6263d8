import '../i18n/register';
import type { PoolStakeMode } from '@earn/domain';
import { Card, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isTransient } from '../../../api/client';
import { QueryState } from '../../../components/query-state/QueryState';
import { lpQueries } from '../api/index';
import { StakeSuccessContent } from '../components/StakeSuccess';
import { LAUNCHPOOL_PATH } from '../paths';

const MODES: readonly PoolStakeMode[] = ['flexible', 'fixed', 'spot'];

/** The stake success page (mobile): /launchpool/success/:pid?rid=&amount=&mode=&period= */
export default function StakeSuccessPage() {
  const navigate = useNavigate();
  const { pid: pidParam } = useParams();
  const [search] = useSearchParams();
  const pid = Number(pidParam);
  const valid = Number.isInteger(pid) && pid > 0;
  const project = useQuery({ ...lpQueries.project(pid), enabled: valid });
  const rid = Number(search.get('rid'));
  const pool = project.data?.reward_pools.find((p) => p.rid === rid);
  const modeParam = search.get('mode') as PoolStakeMode;
  const result = {
    pid,
    rid,
    coin: pool?.coin ?? '',
    amount: search.get('amount') ?? '0',
    mode: MODES.includes(modeParam) ? modeParam : 'spot',
    period: Number(search.get('period') ?? 0),
  };
  // Opened without a stake of this project's (a bookmark, a wrong link) there is nothing to confirm:
  // the pools instead of an empty box.
  // A project the server does not know (a 4xx) is a wrong link too; a failed call is shown as one.
  const unknown = project.isError && !isTransient(project.error);
  if (!valid || unknown || (project.data && !pool)) return <Navigate to={LAUNCHPOOL_PATH} replace />;
  return (
    <Card className="surface" maw={520} mx="auto" p="xl">
      <QueryState queries={project} loading={<Skeleton h={240} />} data-testid="stake-success">
        {pool && project.data && (
          <StakeSuccessContent
            project={project.data}
            result={result}
            onDone={() => navigate(LAUNCHPOOL_PATH)}
            onViewStakes={() => navigate(`${LAUNCHPOOL_PATH}#my-stakes`)}
          />
        )}
      </QueryState>
    </Card>
  );
}
