import { i18next } from '../../i18n';
import en from './i18n/en.json';
import zhCN from './i18n/zh-CN.json';

// The button's texts join the shared catalogue when its chunk loads.
i18next.addResourceBundle('en', 'translation', en, true, false);
i18next.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
