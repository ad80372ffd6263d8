import { i18next } from '../../i18n';
import en from './en.json';
import zhCN from './zh-CN.json';

// The amount field's refusals join the shared catalogue when a dialog with the field loads.
i18next.addResourceBundle('en', 'translation', en, true, false);
i18next.addResourceBundle('zh-CN', 'translation', zhCN, true, false);
