import { i18next } from '../../../i18n';
import en from './en.json';
import zh from './zh-CN.json';

/**
 * The launch-pool texts join the shared catalogue when the page module loads. The Chinese bundle is
 * merged only once the shell's own Chinese catalogue is in: adding it earlier would make the shell
 * think its catalogue was loaded already.
 */
let registered = false;

export function registerLaunchPoolTexts(): void {
  if (registered) return;
  registered = true;
  i18next.addResourceBundle('en', 'translation', en, true, false);
  const addChinese = () => i18next.addResourceBundle('zh-CN', 'translation', zh, true, false);
  if (i18next.hasResourceBundle('zh-CN', 'translation')) addChinese();
  i18next.on('languageChanged', (lng) => {
    if (lng === 'zh-CN') addChinese();
  });
}

registerLaunchPoolTexts();
