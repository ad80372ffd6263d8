import '../i18n/register';
import { Button, Card, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { trackClick } from '../../../api/analytics';
import { useAuthDialogs, useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { formatAmount } from '../../../components/format';
import { ListControls, NoMatchPanel } from '../../../components/list-controls/ListControls';
import { applyListQuery, type SortKey } from '../../../components/list-controls/listQuery';
import { type ListQueryState, useListQuery } from '../../../components/list-controls/useListQuery';
import { QueryState } from '../../../components/query-state/QueryState';
import { lpQueries, type PoolStat, type Project, type RewardPool } from '../api/index';
import { MySection } from '../components/MySection';
import { ProjectCard } from '../components/ProjectCard';
import { StakeSuccessDialog } from '../components/StakeSuccess';
import type { StakeResult } from '../components/stake-form/StakeForm';
import { EligibilityDialog } from '../dialogs/EligibilityDialog';
import { NotificationDialog } from '../dialogs/NotificationDialog';
import { RedeemDialog } from '../dialogs/RedeemDialog';
import { StakeDialog } from '../dialogs/StakeDialog';
import { useServerNow } from '../format';
import { stakePagePath } from '../paths';
import { hasStake, projectBestApr, projectTermDays } from '../rules';

const STATES = [1, 2, 3] as const;
const SORTS: readonly SortKey[] = ['apr-desc', 'apr-asc', 'term-asc', 'term-desc', 'coin'];

function ProjectList({
  state,
  list,
  now,
  onStake,
  onRedeem,
  onEligibility,
}: {
  state: number;
  list: ListQueryState;
  now: number;
  onStake: (project: Project, pool: RewardPool) => void;
  onRedeem: (project: Project, pool: RewardPool, stat: PoolStat | undefined) => void;
  onEligibility: (project: Project) => void;
}) {
  const { t } = useTranslation();
  const projects = useQuery(lpQueries.projects(state));
  const all = projects.data?.list ?? [];
  const shown = applyListQuery(all, list, {
    searchable: (p) => [p.coin, p.name, ...p.reward_pools.flatMap((pool) => [pool.coin, pool.reward_coin])],
    coin: (p) => p.coin,
    mine: hasStake,
    figures: { apr: projectBestApr, term: projectTermDays },
  });
  if (all.length > 0 && shown.length === 0)
    return (
      <Card className="surface">
        <NoMatchPanel list={list} testId="lp-list" />
      </Card>
    );
  return (
    <QueryState
      queries={projects}
      empty={all.length === 0}
      emptyText={t(`launchpool.empty.${state}`)}
      loading={[0, 1].map((i) => <Skeleton key={i} h={220} radius="lg" />)}
      frame={(panel) => <Card className="surface">{panel}</Card>}
      data-testid={`projects-${state}`}
    >
      <ProjectCards
        state={state}
        list={shown}
        now={now}
        onStake={onStake}
        onRedeem={onRedeem}
        onEligibility={onEligibility}
      />
    </QueryState>
  );
}

function ProjectCards({
  state,
  list,
  now,
  onStake,
  onRedeem,
  onEligibility,
}: {
  state: number;
  list: Project[];
  now: number;
  onStake: (project: Project, pool: RewardPool) => void;
  onRedeem: (project: Project, pool: RewardPool, stat: PoolStat | undefined) => void;
  onEligibility: (project: Project) => void;
}) {
  return (
    <Stack gap="md" data-testid={`projects-${state}`}>
      {list.map((project) => (
        <ProjectCard
          key={project.pid}
          project={project}
          now={now}
          onStake={(pool) => onStake(project, pool)}
          onRedeem={(pool, stat) => onRedeem(project, pool, stat)}
          onEligibility={() => onEligibility(project)}
        />
      ))}
    </Stack>
  );
}

/** `/launchpool`: projects by state with countdowns, pools with APR and totals, my stakes and rewards. */
export default function LaunchPoolPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { isLoggedIn } = useMe();
  const { openRegister } = useAuthDialogs();
  const [search, setSearch] = useSearchParams();
  const list = useListQuery(SORTS);
  const now = useServerNow();
  const userStat = useQuery({ ...lpQueries.userStat(), enabled: isLoggedIn });
  const { hash } = useLocation();
  // The success page's "My stakes" links here with #my-stakes; the section renders after login is known.
  useEffect(() => {
    if (hash === '#my-stakes' && isLoggedIn) document.getElementById('my-stakes')?.scrollIntoView();
  }, [hash, isLoggedIn]);

  const state = Number(search.get('state') ?? '1');
  const activeState = STATES.includes(state as 1) ? state : 1;
  const [staking, setStaking] = useState<{ project: Project; rid: number } | null>(null);
  const [redeeming, setRedeeming] = useState<{ project: Project; pool: RewardPool; stat?: PoolStat } | null>(
    null,
  );
  const [success, setSuccess] = useState<{ project: Project; result: StakeResult } | null>(null);
  const [eligibility, setEligibility] = useState<Project | null>(null);
  const [notifyOpen, setNotifyOpen] = useState(false);

  const needLogin = () => {
    openRegister();
    return false;
  };

  const onStake = (project: Project, pool: RewardPool) => {
    trackClick('launchpool.stake.open', { pid: project.pid, rid: pool.rid });
    if (!isLoggedIn) return needLogin();
    if (mobile) navigate(stakePagePath(project.pid, pool.rid));
    else setStaking({ project, rid: pool.rid });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4} maw={640}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('launchpool.title')}
          </Title>
          <Text c="dimmed">{t('launchpool.subtitle')}</Text>
        </Stack>
        <Group gap="sm">
          {userStat.data && (
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                {t('launchpool.volume60d')}
              </Text>
              <Text fw={650} className="num" data-testid="volume-60d">
                {formatAmount(userStat.data.user_60_day_transaction_amount, 2)} USD
              </Text>
            </Stack>
          )}
          <Button
            variant="default"
            onClick={() => (isLoggedIn ? setNotifyOpen(true) : needLogin())}
            data-testid="open-notifications"
          >
            {t('launchpool.notifications')}
          </Button>
        </Group>
      </Group>

      <Tabs
        value={String(activeState)}
        onChange={(v) =>
          v &&
          setSearch(
            (current) => {
              // The search, sort and my-positions filter stay across the tabs.
              const next = new URLSearchParams(current);
              next.set('state', v);
              return next;
            },
            { replace: true },
          )
        }
        variant="pills"
        radius="md"
      >
        <Tabs.List aria-label={t('launchpool.tabs.label')} mb="md">
          {STATES.map((s) => (
            <Tabs.Tab key={s} value={String(s)} data-testid={`state-tab-${s}`}>
              {t(`launchpool.state.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Stack mb="md">
          <ListControls list={list} showMine={isLoggedIn} testId="lp-list" />
        </Stack>
        <ProjectList
          state={activeState}
          list={list}
          now={now}
          onStake={onStake}
          onRedeem={(project, pool, stat) => setRedeeming({ project, pool, stat })}
          onEligibility={setEligibility}
        />
      </Tabs>

      {isLoggedIn && (
        <Group justify="flex-end">
          <Button component={Link} to="/launchpool/records" variant="subtle" data-testid="lp-records-link">
            {t('records.link')}
          </Button>
        </Group>
      )}
      {isLoggedIn && <MySection id="my-stakes" />}

      {staking && (
        <StakeDialog
          project={staking.project}
          rid={staking.rid}
          opened
          onClose={() => setStaking(null)}
          onSuccess={(result) => {
            setSuccess({ project: staking.project, result });
            setStaking(null);
          }}
        />
      )}
      <StakeSuccessDialog
        project={success?.project}
        result={success?.result ?? null}
        onClose={() => setSuccess(null)}
        onViewStakes={() => {
          setSuccess(null);
          document.getElementById('my-stakes')?.scrollIntoView({ behavior: 'smooth' });
        }}
      />
      {redeeming && (
        <RedeemDialog
          project={redeeming.project}
          pool={redeeming.pool}
          stat={redeeming.stat}
          opened
          onClose={() => setRedeeming(null)}
        />
      )}
      {eligibility && <EligibilityDialog project={eligibility} opened onClose={() => setEligibility(null)} />}
      {notifyOpen && <NotificationDialog opened onClose={() => setNotifyOpen(false)} />}
    </Stack>
  );
}
