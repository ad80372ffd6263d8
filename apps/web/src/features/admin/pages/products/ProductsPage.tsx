import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { DualTab } from './DualTab';
import { DualProductsTab } from './dual/DualProductsTab';
import { FixedTab } from './FixedTab';
import { FlexibleTab } from './FlexibleTab';
import { SoftStakingTab } from './SoftStakingTab';
import { StakingTab } from './StakingTab';
import { VouchersTab } from './VouchersTab';
import { WealthTab } from './WealthTab';

const TABS = [
  { value: 'flexible', label: 'admin.tab.flexible', Panel: FlexibleTab },
  { value: 'fixed', label: 'admin.tab.fixed', Panel: FixedTab },
  { value: 'vouchers', label: 'admin.tab.vouchers', Panel: VouchersTab },
  { value: 'staking', label: 'admin.tab.staking', Panel: StakingTab },
  { value: 'wealth', label: 'admin.tab.wealth', Panel: WealthTab },
  { value: 'soft-staking', label: 'admin.tab.softStaking', Panel: SoftStakingTab },
  { value: 'dual-products', label: 'admin.tab.dualProducts', Panel: DualProductsTab },
  { value: 'dual', label: 'admin.tab.dual', Panel: DualTab },
] as const;

/** Every product line's catalogue, a tab each (launch pools have their own page). */
export default function ProductsPage() {
  const { t } = useTranslation();
  const { line } = useParams();
  const navigate = useNavigate();
  const current = TABS.find((tab) => tab.value === line)?.value ?? 'flexible';
  return (
    <>
      <PageHeader title={t('admin.nav.products')} intro={t('admin.products.intro')} />
      <Tabs value={current} onChange={(v) => v && navigate(`/admin/products/${v}`)} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} data-testid={`tab-${tab.value}`}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value}>
            <Panel />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
