import { i18next } from '../../../i18n';
import en from './en.json';
import zh from './zh-CN.json';

/**
 * The console's texts join the shared catalogue when the console's chunk loads, so none of them
 * weigh on the users' pages. Chinese is merged once the shell's own Chinese catalogue is in (adding
 * it earlier would make the shell think its catalogue was loaded already), and on every switch to it.
 */
let registered = false;

export function registerAdminTexts(): void {
  if (registered) return;
  registered = true;
  i18next.addResourceBundle('en', 'translation', en, true, false);
  const addChinese = () => i18next.addResourceBundle('zh-CN', 'translation', zh, true, false);
  if (i18next.hasResourceBundle('zh-CN', 'translation')) addChinese();
  i18next.on('languageChanged', (lng) => {
    if (lng === 'zh-CN') addChinese();
  });
}

registerAdminTexts();
