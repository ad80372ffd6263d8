import { i18next } from '../../i18n';
import en from './en.json';
import zhCN from './zh-CN.json';

/**
 * The amount field's refusals join the shared catalogue when a dialog with the field loads. The
 * Chinese texts are merged only once the shell's own Chinese catalogue is in: adding them earlier
 * would make the shell think its catalogue was loaded already (see i18n/index.ts loadCatalogue).
 */
i18next.addResourceBundle('en', 'translation', en, true, false);
const addChinese = () => i18next.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
if (i18next.hasResourceBundle('zh-CN', 'translation')) addChinese();
i18next.on('languageChanged', (lng) => {
  if (lng === 'zh-CN') addChinese();
});
