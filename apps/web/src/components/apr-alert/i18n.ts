import { i18next } from '../../i18n';
import en from './i18n/en.json';
import zhCN from './i18n/zh-CN.json';

/**
 * The APR-alert texts, merged into the shared catalogue without overwriting it. Chinese is added
 * only once the shell has loaded its own Chinese catalogue (it loads lazily and skips loading when a
 * bundle already exists), and again whenever the language switches to it.
 */
function addZh(): void {
  if (i18next.hasResourceBundle('zh-CN', 'translation')) {
    i18next.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
  }
}

i18next.addResourceBundle('en', 'translation', en, true, false);
addZh();
i18next.on('languageChanged', (lng) => {
  if (lng === 'zh-CN') addZh();
});
