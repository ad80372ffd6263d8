import '../i18n/register';
import { Anchor, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useMe } from '../../../app/auth';
import { QueryState } from '../../../components/query-state/QueryState';
import { seQueries } from '../api/queries';
import { FixedHoldingCard, FlexHoldingCard } from '../components/HoldingCards';
import { useServerNow } from '../hooks';
import { useHoldingDialogs } from './MyLendingsPage';

/** `/simple-earn/my-lendings/{id}`: one holding (mobile), by orderType, asset and, for fixed, order_id. */
export default function HoldingDetailPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  const { id } = useParams();
  const [params] = useSearchParams();
  const now = useServerNow();
  const orderType = params.get('orderType') === 'fixed' ? 'fixed' : 'flexible';
  const asset = (params.get('asset') ?? '').toUpperCase();
  const orderId = Number(params.get('order_id') ?? id);
  const { flexActions, fixedActions, dialogs } = useHoldingDialogs();
  const flex = useQuery({ ...seQueries.flexHoldings(), enabled: !!me && orderType === 'flexible' });
  const fixed = useQuery({
    ...seQueries.fixedOrder(asset, orderId),
    enabled: !!me && orderType === 'fixed' && !!asset && Number.isInteger(orderId) && orderId > 0,
    meta: { silent: true },
  });
  if (me === null) return <Navigate to="/login?redirect=%2Fsimple-earn%2Fmy-lendings" replace />;
  const holding = flex.data?.list.find((h) => h.asset === asset || String(h.id) === id);
  return (
    <Stack gap="md" data-testid="holding-detail">
      <Anchor component={Link} to={`/simple-earn/my-lendings?tab=${orderType}`} size="sm">
        ← {t('se.nav.holdings')}
      </Anchor>
      <QueryState
        queries={orderType === 'flexible' ? flex : fixed}
        empty={orderType === 'flexible' ? !holding : !fixed.data}
        loading={<Skeleton h={180} radius="lg" />}
        data-testid="holding"
      >
        {orderType === 'flexible' && holding && <FlexHoldingCard h={holding} actions={flexActions} />}
        {orderType === 'fixed' && fixed.data && (
          <FixedHoldingCard o={fixed.data} now={now()} actions={fixedActions} />
        )}
      </QueryState>
      {dialogs}
    </Stack>
  );
}
