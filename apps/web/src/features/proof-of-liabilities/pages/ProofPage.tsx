import '../i18n/register';
import { type ProofVerdict, verifyLiabilityProof } from '@earn/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requireLogin } from '../../../api/session';
import { useMe } from '../../../app/auth';
import { formatAmount } from '../../../components/format';
import { QueryState } from '../../../components/query-state/QueryState';
import { formatServerTime } from '../../../components/serverTime';
import { formatDate } from '../../../i18n';
import { type LiabilitiesLeaf, type LiabilitiesRoot, liabilitiesQueries } from '../api/index';

/** Every line, in the order the overview lists them: what a leaf counts of it (overview/holdings.ts). */
const INCLUDED = ['flexible', 'fixed', 'launchPool', 'staking', 'wealth', 'softStaking'] as const;

/** What each figure of the page counts: the same rule as the Earn overview. */
function Includes() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md" data-testid="pol-includes">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('pol.includes.title')}
        </Title>
        <Text size="sm">{t('pol.includes.intro')}</Text>
        <List size="sm" spacing={4}>
          {INCLUDED.map((line) => (
            <List.Item key={line}>{t(`pol.includes.${line}`)}</List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

/** A hash wraps anywhere: it is one 64-character word. */
function Hash({ value, label }: { value: string; label: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Code style={{ wordBreak: 'break-all', whiteSpace: 'normal' }} data-testid={`hash-${label}`}>
        {value}
      </Code>
    </Stack>
  );
}

function RootCard({ root }: { root: LiabilitiesRoot }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md" data-testid="pol-root">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('pol.root')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Text size="sm">
            {t('pol.day')}:{' '}
            <b data-testid="pol-day">{formatDate(Date.parse(`${root.day}T00:00:00Z`) / 1000)}</b>
          </Text>
          <Text size="sm">
            {t('pol.takenAt')}: <b>{formatServerTime(root.taken_at)}</b>
          </Text>
          <Text size="sm">
            {t('pol.leaves')}: <b>{root.leaf_count}</b>
          </Text>
        </SimpleGrid>
        <Hash value={root.root} label={t('pol.root')} />
        <Text size="sm" fw={600}>
          {t('pol.totals')}
        </Text>
        <Table withRowBorders={false} verticalSpacing={4} aria-label={t('pol.totals')}>
          <Table.Tbody>
            {root.totals.map((x) => (
              <Table.Tr key={x.asset}>
                <Table.Td>{x.asset}</Table.Td>
                <Table.Td ta="right">
                  {formatAmount(x.total, 18)} {x.asset}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

function LeafCard({ leaf, root }: { leaf: LiabilitiesLeaf; root: LiabilitiesRoot }) {
  const { t } = useTranslation();
  const [verdict, setVerdict] = useState<ProofVerdict | null>(null);
  useEffect(() => {
    let live = true;
    setVerdict(null);
    // Recomputed here from the balances shown, with the browser's own SHA-256: nothing is taken on trust.
    void verifyLiabilityProof(leaf, root.root).then((v) => {
      if (live) setVerdict(v);
    });
    return () => {
      live = false;
    };
  }, [leaf, root.root]);
  const ok = !!verdict?.leafMatches && verdict.rootMatches;
  return (
    <Card withBorder padding="lg" radius="md" data-testid="pol-leaf">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('pol.yours')}
        </Title>
        <div role="status" aria-live="polite">
          {verdict === null ? (
            <Text size="sm">{t('pol.verifying')}</Text>
          ) : (
            <Badge
              size="lg"
              color={ok ? 'teal' : 'red'}
              variant="light"
              data-testid="pol-verdict"
              data-ok={ok}
              // A sentence, not a tag: it wraps on a phone instead of ending in '…'.
              h="auto"
              py={4}
              styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
            >
              {ok ? t('pol.verified') : t('pol.notVerified')}
            </Badge>
          )}
        </div>
        <Text size="sm" fw={600}>
          {t('pol.balances')}
        </Text>
        <Table withRowBorders={false} verticalSpacing={4} aria-label={t('pol.balances')}>
          <Table.Tbody>
            {leaf.balances.map((b) => (
              <Table.Tr key={b.asset}>
                <Table.Td>{b.asset}</Table.Td>
                <Table.Td ta="right">
                  {formatAmount(b.amount, 18)} {b.asset}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Hash value={leaf.salt} label={t('pol.salt')} />
        <Hash value={leaf.leaf_hash} label={t('pol.leafHash')} />
        <Text size="sm">{t('pol.pathSteps', { count: leaf.path.length })}</Text>
        {verdict && <Hash value={verdict.computedRoot} label={t('pol.computedRoot')} />}
        <Text size="xs" c="dimmed">
          {t('pol.how')}
        </Text>
      </Stack>
    </Card>
  );
}

/** `/earn/proof-of-liabilities`: the published root, and the signed-in user's leaf verified in the browser. */
export default function ProofPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useMe();
  const root = useQuery(liabilitiesQueries.root());
  const proof = useQuery({ ...liabilitiesQueries.proof(), enabled: isLoggedIn });
  const published = proof.data?.root ?? root.data ?? null;

  return (
    <Stack gap="lg" maw={880} mx="auto" p="md">
      <Title order={1} size="h2">
        {t('pol.title')}
      </Title>
      <Text c="dimmed">{t('pol.intro')}</Text>
      <QueryState queries={root} loading={<Skeleton h={220} radius="md" />} data-testid="pol-root">
        {published === null ? <Alert color="gray">{t('pol.noRoot')}</Alert> : <RootCard root={published} />}
      </QueryState>
      {!isLoggedIn ? (
        <Alert color="blue">
          <Group justify="space-between">
            <Text size="sm">{t('pol.signIn')}</Text>
            <Button size="xs" onClick={requireLogin}>
              {t('pol.signInButton')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <QueryState queries={proof} loading={<Skeleton h={260} radius="md" />} data-testid="pol-proof">
          {proof.data?.root && proof.data.leaf ? (
            <LeafCard leaf={proof.data.leaf} root={proof.data.root} />
          ) : proof.data?.root ? (
            <Alert color="gray">{t('pol.noLeaf')}</Alert>
          ) : null}
        </QueryState>
      )}
      <Includes />
    </Stack>
  );
}
