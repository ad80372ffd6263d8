import { configure, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { i18next } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import '../i18n/register';
import { earnApi } from '../test/setupApi';
import { VipUpgradeModal } from './VipUpgradeModal';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const t = (key: string, params: Record<string, unknown> = {}) => i18next.t(key, params) as string;

describe('VIP upgrade guide (screen 14)', () => {
  const cases = [
    { recommend_type: 0, recommend_asset: '', recommend_value: '0' },
    { recommend_type: 1, recommend_asset: 'GT', recommend_value: '3500' },
    { recommend_type: 2, recommend_asset: 'USDT', recommend_value: '20000' },
    { recommend_type: 3, recommend_asset: 'USDT', recommend_value: '4000000' },
  ];
  for (const way of cases) {
    test(`recommend_type ${way.recommend_type} reads its text; the page link asks for tier 5`, async () => {
      const api = earnApi({
        extra: { 'GET /apiw/v2/uni-loan/earn/upgrade-vip-way': () => ({ ...way, target_tier: 5 }) },
      });
      renderWithProviders(<VipUpgradeModal opened pid={4} onClose={() => undefined} />);
      const text = t(`se.vip.recommend.${way.recommend_type}`, {
        value: Number(way.recommend_value).toLocaleString('en-US'),
        asset: way.recommend_asset,
        tier: 5,
      });
      expect(await screen.findByTestId('vip-recommend')).toHaveTextContent(text);
      expect(screen.getByTestId('vip-upgrade-link')).toHaveAttribute('href', '/vip?upTo=5');
      expect(api.to('GET /apiw/v2/uni-loan/earn/upgrade-vip-way')[0]?.query.get('pid')).toBe('4');
    });
  }
});
