import { i18next } from '../../../i18n';
import en from './en.json';
import zhCN from './zh-CN.json';

// The staking line's own texts join the shared catalogue when its first page loads; the shared keys win.
i18next.addResourceBundle('en', 'translation', en, true, false);
i18next.addResourceBundle('zh-CN', 'translation', zhCN, true, false);

export const stakingMessages = { en, 'zh-CN': zhCN };
