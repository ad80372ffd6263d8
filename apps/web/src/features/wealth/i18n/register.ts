import { i18next } from '../../../i18n';
import en from './en.json';
import zhCN from './zh-CN.json';

// The wealth line's own texts join the shared catalogue when its first page loads.
i18next.addResourceBundle('en', 'translation', en, true, false);
i18next.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
