import { expect, test } from 'vitest';
import { i18next, setLanguage } from './index';

// A lazy feature (the home page's header total, a dialog's amount field) may merge its own Chinese
// texts before the user ever picks Chinese; picking it must still load the shell's catalogue.
test('switching to Chinese loads the shell catalogue even when a feature merged Chinese texts first', async () => {
  i18next.addResourceBundle('zh-CN', 'translation', { 'feature.only': '功能' }, true, false);
  await setLanguage('zh-CN');
  expect(i18next.t('nav.simpleEarn')).toBe('余币宝');
  expect(i18next.t('feature.only')).toBe('功能');
  await setLanguage('en');
  expect(i18next.t('nav.simpleEarn')).toBe('Simple Earn');
});
