import { ProjectState } from '@earn/domain';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../../components/format';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { LaunchPool, LaunchProject, PoolRewardCoin } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { Amount, amountOrUnlimited, formatUtc } from '../../components/format';
import { ListToolbar, matches } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { RowActions } from '../../components/RowActions';
import { WriteButton } from '../../components/WriteButton';
import { formBody } from '../../forms/fields';
import { RecordForm } from '../../forms/RecordForm';
import { poolSpecsFor, projectSpecs, rewardCoinSpecs } from '../../forms/specs';
import { useRecordDialog } from '../../forms/useRecordDialog';
import { EarnMoreCards } from './EarnMoreCards';
import { FundingNote } from './FundingNote';

const STATE_COLORS: Record<number, string> = {
  [ProjectState.inProgress]: 'teal',
  [ProjectState.notStarted]: 'blue',
  [ProjectState.completed]: 'gray',
};

const PROJECT_DEFAULTS = {
  pools: [
    {
      coin: 'USDT',
      personal_min_amount: '10',
      personal_max_amount: '10000',
      decimal_place: 2,
      buy_total_amount: '-1',
      reward_per_hour: '10',
      rate_year: '10',
      rate_year_type: 1,
      reward_pool_type: 0,
    },
  ],
};
const POOL_DEFAULTS = {
  buy_total_amount: '-1',
  decimal_place: 2,
  rate_year_type: 1,
  reward_pool_type: 0,
  limit_rule: 0,
  transaction_config: [],
};

interface PoolRef {
  pool: LaunchPool;
  project: LaunchProject;
}
/** The pool dialog's row: a new pool of the project has none yet. */
interface PoolDialogRef {
  pool: LaunchPool | null;
  project: LaunchProject;
}
interface CoinRef extends PoolRef {
  coin: PoolRewardCoin;
}

function Pools({
  project,
  onEditPool,
  onFund,
  onEditCoin,
}: {
  project: LaunchProject;
  onEditPool: (p: LaunchPool) => void;
  onFund: (p: LaunchPool) => void;
  onEditCoin: (p: LaunchPool, c: PoolRewardCoin) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" p="xs">
      {project.reward_pools.map((pool) => (
        <Stack key={pool.rid} gap={6} data-pool={pool.rid}>
          <Group justify="space-between">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t('admin.lp.pool', { rid: pool.rid, coin: pool.coin })}
              </Text>
              <Badge variant="light" color={pool.reward_pool_type === 1 ? 'grape' : 'gray'}>
                {t(`admin.opt.pool.${pool.reward_pool_type}`)}
              </Badge>
              <Text size="xs" c="dimmed" className="num">
                {t('admin.lp.staked')}: {formatAmount(pool.staked_total, 8)} {pool.coin} ·{' '}
                {t('admin.f.buy_total_amount')}:{' '}
                {amountOrUnlimited(pool.buy_total_amount, pool.coin, t('admin.unlimited'))}
              </Text>
            </Group>
            <RowActions id={`pool-${pool.rid}`} onEdit={() => onEditPool(pool)}>
              {pool.reward_pool_type === 1 && project.state !== ProjectState.completed && (
                <WriteButton
                  area="catalogue"
                  size="xs"
                  variant="default"
                  onClick={() => onFund(pool)}
                  testId={`pool-${pool.rid}-fund`}
                >
                  {t('admin.lp.fundCoin')}
                </WriteButton>
              )}
            </RowActions>
          </Group>
          <DataTable
            caption={t('admin.lp.rewardCoins', { rid: pool.rid })}
            rows={pool.reward_coins}
            rowKey={(c) => c.coin}
            minWidth={560}
            testId={`pool-${pool.rid}-coins`}
            columns={[
              { key: 'coin', title: t('admin.f.reward_coin'), render: (c) => <strong>{c.coin}</strong> },
              {
                key: 'hour',
                title: t('admin.f.reward_per_hour'),
                align: 'right',
                render: (c) => <Amount value={c.reward_per_hour} unit={c.coin} />,
              },
              {
                key: 'total',
                title: t('admin.lp.funded'),
                align: 'right',
                render: (c) => <Amount value={c.total_reward_amount} unit={c.coin} />,
              },
              {
                key: 'rate',
                title: t('admin.f.rate_year_percent'),
                align: 'right',
                render: (c) => `${c.rate_year} %`,
              },
            ]}
            actions={(c) =>
              c.coin === project.coin ? null : (
                <RowActions id={`coin-${pool.rid}-${c.coin}`} onEdit={() => onEditCoin(pool, c)} />
              )
            }
          />
        </Stack>
      ))}
    </Stack>
  );
}

/** A pool's form: added to a project (with its funding shown at review) or edited. */
function PoolForm({ pool }: { pool: ReturnType<typeof useRecordDialog<PoolDialogRef>> }) {
  const { t } = useTranslation();
  const poolRow = pool.dialog?.row ?? null;
  const poolSpecs = useMemo(() => poolSpecsFor(poolRow?.project.coin ?? ''), [poolRow?.project.coin]);
  return (
    <RecordForm
      opened={pool.dialog !== null}
      onClose={pool.close}
      title={
        pool.dialog?.mode === 'create'
          ? t('admin.lp.addPoolTo', { name: poolRow?.project.name ?? '' })
          : t('admin.lp.editPool', { rid: poolRow?.pool?.rid ?? '' })
      }
      specs={poolSpecs}
      subject={(wire) =>
        t('admin.subject.pool', {
          coin: poolRow?.pool?.coin ?? wire.coin ?? '',
          rid: poolRow?.pool?.rid ?? '',
        })
      }
      mode={pool.dialog?.mode ?? 'edit'}
      row={pool.dialog?.mode === 'edit' && poolRow ? poolRow.pool : null}
      defaults={POOL_DEFAULTS}
      area="catalogue"
      invalidate={[adminKeys.projects, adminKeys.dashboard]}
      reviewNote={
        pool.dialog?.mode === 'create' && poolRow
          ? (wire) => <FundingNote kind="pool" project={poolRow.project} wire={wire} />
          : undefined
      }
      submit={(body, idempotencyKey) =>
        pool.dialog?.mode === 'create'
          ? adminSend('post', '/admin/api/launch-pool/projects/{pid}/pools', {
              params: { pid: String(poolRow?.project.pid) },
              body: formBody(body),
              idempotencyKey,
            })
          : adminSend('put', '/admin/api/launch-pool/pools/{rid}', {
              params: { rid: String(poolRow?.pool?.rid) },
              body: formBody(body),
              idempotencyKey,
            })
      }
      testId="pool-form"
    />
  );
}

/** Launch-pool projects, their pools, and the funding of each pool's reward coins. */
export default function LaunchPoolPage() {
  const { t } = useTranslation();
  const q = useQuery(adminQueries.projects());
  const [search, setSearch] = useState('');
  const project = useRecordDialog<LaunchProject>();
  const pool = useRecordDialog<PoolDialogRef>();
  const fund = useRecordDialog<PoolRef>();
  const coin = useRecordDialog<CoinRef>();
  const rows = matches(q.data, search, (r) => [r.pid, r.name, r.coin]);
  const fundRow = fund.dialog?.row ?? null;
  const coinRow = coin.dialog?.row ?? null;
  return (
    <>
      <PageHeader title={t('admin.nav.launchPool')} intro={t('admin.lp.intro')} />
      <ListToolbar search={search} onSearch={setSearch}>
        <WriteButton area="catalogue" onClick={project.create} testId="project-create">
          {t('admin.lp.createProject')}
        </WriteButton>
      </ListToolbar>
      <DataTable
        caption={t('admin.nav.launchPool')}
        testId="projects-table"
        rows={rows}
        rowKey={(r) => String(r.pid)}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        minWidth={900}
        columns={[
          { key: 'pid', title: 'ID', render: (r) => r.pid },
          { key: 'name', title: t('admin.f.name'), render: (r) => <strong>{r.name}</strong> },
          { key: 'coin', title: t('admin.f.project_coin'), render: (r) => r.coin },
          {
            key: 'state',
            title: t('admin.f.status'),
            render: (r) => (
              <Badge variant="light" color={STATE_COLORS[r.state] ?? 'gray'}>
                {t(`admin.lp.state.${r.state}`)}
              </Badge>
            ),
          },
          { key: 'start', title: t('admin.f.start_time'), render: (r) => formatUtc(r.start_timest) },
          { key: 'end', title: t('admin.f.end_time'), render: (r) => formatUtc(r.end_timest) },
          { key: 'pools', title: t('admin.f.pools'), align: 'right', render: (r) => r.reward_pools.length },
        ]}
        expand={(r) => (
          <Pools
            project={r}
            onEditPool={(p) => pool.edit({ pool: p, project: r })}
            onFund={(p) => fund.setCreate({ pool: p, project: r })}
            onEditCoin={(p, c) => coin.edit({ pool: p, project: r, coin: c })}
          />
        )}
        actions={(r) =>
          r.state === ProjectState.completed ? null : (
            <WriteButton
              area="catalogue"
              size="xs"
              variant="light"
              onClick={() => pool.setCreate({ pool: null, project: r })}
              testId={`project-${r.pid}-add-pool`}
            >
              {t('admin.lp.addPool')}
            </WriteButton>
          )
        }
      />
      <RecordForm
        opened={project.dialog !== null}
        onClose={project.close}
        title={t('admin.lp.createProject')}
        specs={projectSpecs}
        subject={(wire) => t('admin.subject.project', { name: wire.name ?? '' })}
        mode="create"
        defaults={PROJECT_DEFAULTS}
        area="catalogue"
        invalidate={[adminKeys.projects, adminKeys.dashboard]}
        reviewNote={(wire) => <FundingNote kind="project" wire={wire} />}
        submit={(body, idempotencyKey) =>
          adminSend('post', '/admin/api/launch-pool/projects', { body: formBody(body), idempotencyKey })
        }
        testId="project-form"
      />
      <PoolForm pool={pool} />
      <RecordForm
        opened={fund.dialog !== null}
        onClose={fund.close}
        title={t('admin.lp.fundCoinOf', { rid: fundRow?.pool.rid ?? '' })}
        specs={rewardCoinSpecs}
        subject={(wire) =>
          t('admin.subject.rewardCoin', { coin: wire.coin ?? '', rid: fundRow?.pool.rid ?? '' })
        }
        mode="create"
        area="catalogue"
        invalidate={[adminKeys.projects, adminKeys.dashboard]}
        reviewNote={
          fundRow ? (wire) => <FundingNote kind="coin" project={fundRow.project} wire={wire} /> : undefined
        }
        submit={(body, idempotencyKey) =>
          adminSend('post', '/admin/api/launch-pool/pools/{rid}/reward-coins', {
            params: { rid: String(fundRow?.pool.rid) },
            body: formBody(body),
            idempotencyKey,
          })
        }
        submitLabel={t('admin.lp.fund')}
        testId="fund-form"
      />
      <RecordForm
        opened={coin.dialog !== null}
        onClose={coin.close}
        title={t('admin.lp.editCoin', { coin: coinRow?.coin.coin ?? '', rid: coinRow?.pool.rid ?? '' })}
        specs={rewardCoinSpecs}
        subject={t('admin.subject.rewardCoin', {
          coin: coinRow?.coin.coin ?? '',
          rid: coinRow?.pool.rid ?? '',
        })}
        mode="edit"
        row={coinRow ? coinRow.coin : null}
        area="catalogue"
        invalidate={[adminKeys.projects]}
        submit={(body, idempotencyKey) =>
          adminSend('put', '/admin/api/launch-pool/pools/{rid}/reward-coins/{coin}', {
            params: { rid: String(coinRow?.pool.rid), coin: String(coinRow?.coin.coin) },
            body: formBody(body),
            idempotencyKey,
          })
        }
        testId="coin-form"
      />
      <EarnMoreCards />
    </>
  );
}
