import { i18next } from '../../i18n';
import en from './i18n/en.json';
import zhCN from './i18n/zh-CN.json';

// The arrival line's texts join the shared catalogue with the first redeem dialog that shows it.
i18next.addResourceBundle('en', 'translation', en, true, false);
i18next.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
