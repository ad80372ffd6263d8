import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../../api/http';
import { adminKeys, adminQueries } from '../../api/queries';
import type { StakingProduct, StakingProtocol } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { Amount, amountOrUnlimited } from '../../components/format';
import { RowActions } from '../../components/RowActions';
import { StatusBadge } from '../../components/StatusBadge';
import { WriteButton } from '../../components/WriteButton';
import type { Change } from '../../forms/fields';
import { formBody } from '../../forms/fields';
import type { ImpactRequest } from '../../forms/ImpactPanel';
import { RecordForm } from '../../forms/RecordForm';
import { campaignSpecs, protocolSpecs, stakingSpecs } from '../../forms/specs';
import { useRecordDialog } from '../../forms/useRecordDialog';
import { type ProductLine, ProductTab } from './ProductTab';

const rateImpact =
  (
    target: {
      path: '/admin/api/staking/products/{id}/impact' | '/admin/api/staking/protocols/{id}/impact';
      id: number;
    } | null,
  ) =>
  (changes: Change[]): ImpactRequest[] => {
    const rate = changes.find((c) => c.spec.key === 'rate');
    if (!target || !rate) return [];
    return [
      { path: target.path, params: { id: target.id }, query: { rate: String(rate.after) }, rateUnit: '%' },
    ];
  };

const DEFAULTS = {
  type: 0,
  status: 'online',
  defi: [],
  personal_mortgage_limit: '-1',
  crowd_mortgage_limit: '-1',
};

function Protocols({
  product,
  onEdit,
  onAdd,
  onCampaign,
}: {
  product: StakingProduct;
  onEdit: (p: StakingProtocol) => void;
  onAdd: () => void;
  onCampaign: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" p="xs">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('admin.staking.protocols')}
        </Text>
        <Group gap="xs">
          <WriteButton
            area="catalogue"
            size="xs"
            variant="light"
            onClick={onAdd}
            testId={`staking-${product.id}-add-protocol`}
          >
            {t('admin.staking.addProtocol')}
          </WriteButton>
          <WriteButton
            area="catalogue"
            size="xs"
            variant="light"
            onClick={onCampaign}
            testId={`staking-${product.id}-add-campaign`}
          >
            {t('admin.staking.addCampaign')}
          </WriteButton>
        </Group>
      </Group>
      <DataTable
        caption={t('admin.staking.protocols')}
        rows={product.defi}
        rowKey={(p) => String(p.id)}
        emptyText={t('admin.staking.noProtocols')}
        minWidth={560}
        columns={[
          { key: 'name', title: t('admin.f.protocol_name'), render: (p) => p.protocol_name },
          { key: 'reward', title: t('admin.f.reward_coin'), render: (p) => p.reward_coin },
          { key: 'rate', title: t('admin.f.rate_percent'), align: 'right', render: (p) => `${p.rate} %` },
          {
            key: 'limit',
            title: t('admin.f.personal_mortgage_limit'),
            align: 'right',
            render: (p) => amountOrUnlimited(p.personal_mortgage_limit, product.coin, t('admin.unlimited')),
          },
        ]}
        actions={(p) => <RowActions id={`protocol-${p.id}`} onEdit={() => onEdit(p)} />}
      />
      {product.extra_interest && (
        <Text size="xs" c="dimmed">
          {t('admin.staking.campaignNow', {
            coin: String(product.extra_interest.reward_coin ?? ''),
            rate: String(product.extra_interest.ext_award_rate_year ?? ''),
          })}
        </Text>
      )}
    </Stack>
  );
}

/** A protocol's form: added to a product or edited, with the rate change's impact. */
function ProtocolForm({
  protocol,
  products,
}: {
  protocol: ReturnType<typeof useRecordDialog<{ product_id: number; protocol?: StakingProtocol }>>;
  products: StakingProduct[] | undefined;
}) {
  const { t } = useTranslation();
  const prow = protocol.dialog?.row?.protocol ?? null;
  const productId = protocol.dialog?.row?.product_id;
  return (
    <RecordForm
      opened={protocol.dialog !== null}
      onClose={protocol.close}
      title={
        protocol.dialog?.mode === 'create'
          ? t('admin.staking.addProtocol')
          : t('admin.staking.editProtocol', { name: prow?.protocol_name ?? '' })
      }
      specs={protocolSpecs}
      subject={(wire) =>
        t('admin.subject.protocol', {
          name: wire.protocol_name ?? prow?.protocol_name ?? '',
          coin: products?.find((p) => p.id === productId)?.coin ?? '',
        })
      }
      mode={protocol.dialog?.mode ?? 'edit'}
      row={prow}
      defaults={PROTOCOL_DEFAULTS}
      area="catalogue"
      invalidate={[adminKeys.staking]}
      impact={rateImpact(prow ? { path: '/admin/api/staking/protocols/{id}/impact', id: prow.id } : null)}
      submit={(body, idempotencyKey) =>
        protocol.dialog?.mode === 'create'
          ? adminSend('post', '/admin/api/staking/products/{id}/protocols', {
              params: { id: String(productId) },
              body: formBody(body),
              idempotencyKey,
            })
          : adminSend('put', '/admin/api/staking/protocols/{id}', {
              params: { id: String(prow?.id) },
              body: formBody(body),
              idempotencyKey,
            })
      }
      testId="protocol-form"
    />
  );
}

export const stakingLine: ProductLine<StakingProduct> = {
  id: 'staking',
  caption: 'admin.tab.staking',
  createLabel: 'admin.products.createStaking',
  editTitle: (t, row) => t('admin.products.editStaking', { coin: row?.coin ?? '' }),
  useRows: () => useQuery(adminQueries.staking()),
  rowKey: (r) => String(r.id),
  search: (r) => [r.id, r.coin, r.reward_coin],
  minWidth: 900,
  columns: (t) => [
    { key: 'id', title: 'ID', render: (r) => r.id },
    { key: 'coin', title: t('admin.f.coin'), render: (r) => <strong>{r.coin}</strong> },
    {
      key: 'type',
      title: t('admin.f.staking_type'),
      render: (r) => <Badge variant="light">{t(`admin.opt.staking.${r.type}`)}</Badge>,
    },
    { key: 'rate', title: t('admin.f.rate_percent'), align: 'right', render: (r) => `${r.rate} %` },
    { key: 'apr', title: t('admin.products.bestApr'), align: 'right', render: (r) => `${r.apr} %` },
    {
      key: 'min',
      title: t('admin.f.min_mortgage_amount'),
      align: 'right',
      render: (r) => <Amount value={r.min_mortgage_amount} unit={r.coin} />,
    },
    {
      key: 'limit',
      title: t('admin.f.personal_mortgage_limit'),
      align: 'right',
      render: (r) => amountOrUnlimited(r.personal_mortgage_limit, r.coin, t('admin.unlimited')),
    },
    { key: 'protocols', title: t('admin.staking.protocols'), align: 'right', render: (r) => r.defi.length },
    { key: 'status', title: t('admin.f.status'), render: (r) => <StatusBadge status={r.status} /> },
  ],
  isOpen: (r) => r.status === 'online',
  toggle: (r) => ({ status: r.status === 'online' ? 'offline' : 'online' }),
  specs: stakingSpecs,
  subject: (t, row, wire) => t('admin.subject.staking', { coin: row?.coin ?? wire.coin ?? '' }),
  defaults: DEFAULTS,
  invalidate: [adminKeys.staking, adminKeys.dashboard],
  impact: (row) =>
    rateImpact(
      row && row.status === 'online' ? { path: '/admin/api/staking/products/{id}/impact', id: row.id } : null,
    ),
  submit: (mode, row, body, idempotencyKey) =>
    mode === 'create'
      ? adminSend('post', '/admin/api/staking/products', { body: formBody(body), idempotencyKey })
      : adminSend('put', '/admin/api/staking/products/{id}', {
          params: { id: String(row?.id) },
          body: formBody(body),
          idempotencyKey,
        }),
};

/** The staking catalogue, with each product's protocols unfolded and their and campaigns' forms. */
export function StakingTab() {
  const { t } = useTranslation();
  // The tab's own list (the same query, so one request): the protocol and campaign forms name its coins.
  const q = useQuery(adminQueries.staking());
  const protocol = useRecordDialog<{ product_id: number; protocol?: StakingProtocol }>();
  const campaign = useRecordDialog<{ product_id: number }>();
  return (
    <ProductTab
      line={stakingLine}
      expand={(r) => (
        <Protocols
          product={r}
          onEdit={(p) => protocol.edit({ product_id: r.id, protocol: p })}
          onAdd={() => protocol.setCreate({ product_id: r.id })}
          onCampaign={() => campaign.setCreate({ product_id: r.id })}
        />
      )}
    >
      <ProtocolForm protocol={protocol} products={q.data} />
      <RecordForm
        opened={campaign.dialog !== null}
        onClose={campaign.close}
        title={t('admin.staking.addCampaign')}
        specs={campaignSpecs}
        subject={() =>
          t('admin.subject.campaign', {
            coin: q.data?.find((p) => p.id === campaign.dialog?.row?.product_id)?.coin ?? '',
          })
        }
        mode="create"
        defaults={CAMPAIGN_DEFAULTS}
        area="catalogue"
        invalidate={[adminKeys.staking]}
        submit={(body, idempotencyKey) =>
          adminSend('post', '/admin/api/staking/products/{id}/campaigns', {
            params: { id: String(campaign.dialog?.row?.product_id) },
            body: formBody(body),
            idempotencyKey,
          })
        }
        testId="campaign-form"
      />
    </ProductTab>
  );
}

const PROTOCOL_DEFAULTS = { personal_mortgage_limit: '-1', income_days: 0 };
const CAMPAIGN_DEFAULTS = {
  pid: 0,
  interest: [{ money_min: '0', money_max: '-1', money_rate: '0.01' }],
};
