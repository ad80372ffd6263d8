import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { i18next, setLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import en from '../content/en';
import { DOC_SLUGS } from '../content/types';
import zhCN from '../content/zh-CN';
import DocPage from './DocPage';

afterEach(async () => {
  await setLanguage('en');
});

describe('the product documents', () => {
  test.each(DOC_SLUGS)('%s is written in both languages with the same sections', (slug) => {
    expect(en.docs[slug].sections.length).toBeGreaterThan(1);
    expect(zhCN.docs[slug].sections.length).toBe(en.docs[slug].sections.length);
    // No English left in the Chinese text beyond names and units.
    const doc = zhCN.docs[slug];
    const zhText = [doc.title, doc.summary, ...doc.sections.flatMap((x) => [x.heading, ...x.body])].join(' ');
    expect(zhText.match(/\b[a-z]{5,}\b/g) ?? []).toEqual(slug === 'staking-agreement' ? ['slashing'] : []);
  });

  test('the staking agreement opens in English, then in Chinese after switching', async () => {
    renderWithProviders(<DocPage slug="staking-agreement" />, { route: '/docs/staking_user_agreement.pdf' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Staking User Agreement' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/rounded down to 8 decimals/)).toBeInTheDocument();
    await setLanguage('zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '质押用户协议' })).toBeInTheDocument();
    expect(i18next.language).toBe('zh-CN');
  });

  test('proof of reserves links to the proof of liabilities page', async () => {
    renderWithProviders(<DocPage slug="reserves" />, { route: '/proof-of-reserves' });
    const link = await screen.findByRole('link', { name: 'Check your balances in the proof of liabilities' });
    expect(link).toHaveAttribute('href', '/earn/proof-of-liabilities');
  });
});
