// The staking tests render the line's dialogs without its pages, so its texts are registered here.
import '../i18n/register';

export * from '../../../test/harness';
