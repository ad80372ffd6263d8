import { i18next } from '../../../i18n';
import en from './en.json';
import zhCN from './zh-CN.json';

// The page's own texts join the shared catalogue when it loads.
i18next.addResourceBundle('en', 'translation', en, true, false);
i18next.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
