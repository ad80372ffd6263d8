import { i18next } from '../../i18n';
import en from './i18n/en.json';
import zhCN from './i18n/zh-CN.json';

/**
 * The list controls' texts join the shared catalogue with the first list page that loads. Chinese is
 * merged only once the shell's own Chinese catalogue is in (see components/amount-input/i18n.ts).
 */
i18next.addResourceBundle('en', 'translation', en, true, false);
const addChinese = () => i18next.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
if (i18next.hasResourceBundle('zh-CN', 'translation')) addChinese();
i18next.on('languageChanged', (lng) => {
  if (lng === 'zh-CN') addChinese();
});
