import { dec, spaceCjk, toWire } from '@earn/domain';
import type { NotificationKind } from '../../kernel/notices';
import type { Language } from '../mail';

/**
 * What the inbox holds. Each kind is created by the job or call that causes it, with a cause key
 * unique per user and kind, and rendered in the reader's language when read (params are stored).
 */
export { NOTIFICATION_KINDS, type NotificationKind } from '../../kernel/notices';

export type Params = Record<string, unknown>;

const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** A project's Chinese name when the operator wrote one (kept beside `name` when the item was made). */
const zhName = (p: Record<string, unknown>) => s(p.name_zh || p.name);
/** An amount as stored (a decimal string) without trailing zeros. */
const amt = (v: unknown) => toWire(s(v) || '0');
/** A rate fraction (0.0523) as a percentage (5.23). */
const pct = (v: unknown) => toWire(dec(s(v) || '0').times(100), 4);

const LINE_NAMES: Record<Language, Record<string, string>> = {
  en: {
    flexible: 'Flexible savings',
    fixed: 'Fixed savings',
    staking: 'Staking',
    wealth: 'Private wealth',
    launchpool: 'Launchpool',
    soft_staking: 'Soft staking',
    dual: 'Dual investment',
  },
  'zh-CN': {
    flexible: '活期理财',
    fixed: '定期理财',
    staking: '质押',
    wealth: '财富管理',
    launchpool: 'Launchpool',
    soft_staking: '软质押',
    dual: '双币投资',
  },
};
const lineName = (lang: Language, line: unknown) => LINE_NAMES[lang][s(line)] ?? s(line);

const DEST: Record<Language, Record<string, string>> = {
  en: {
    spot: 'your spot account',
    flexible: 'flexible savings',
    reinvest: 'a new fixed order (auto-reinvest)',
    fixed: 'fixed savings',
  },
  'zh-CN': {
    spot: '现货账户',
    flexible: '活期理财',
    reinvest: '新的定期订单（自动复投）',
    fixed: '定期理财',
  },
};

const SECURITY: Record<Language, Record<string, string>> = {
  en: {
    fundpass_set: 'Your funding password was set.',
    fundpass_changed: 'Your funding password was changed.',
    fundpass_reset: 'Your funding password was reset.',
    totp_enabled: 'Two-factor authentication was turned on.',
    totp_disabled: 'Two-factor authentication was turned off.',
  },
  'zh-CN': {
    fundpass_set: '您已设置资金密码。',
    fundpass_changed: '您的资金密码已修改。',
    fundpass_reset: '您的资金密码已重置。',
    totp_enabled: '两步验证已开启。',
    totp_disabled: '两步验证已关闭。',
  },
};

function earningsList(p: Params, lang: Language = 'en'): string {
  const lines = Array.isArray(p.earnings) ? (p.earnings as { asset: string; amount: string }[]) : [];
  return lines.map((e) => `${amt(e.amount)} ${e.asset}`).join(lang === 'zh-CN' ? '、' : ', ');
}

/** A day stored as YYYY-MM-DD in the web app's date format: 11/28/2026, 2026/11/28. */
function dayText(lang: Language, day: unknown): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s(day));
  if (!m) return s(day);
  return lang === 'zh-CN' ? `${m[1]}/${m[2]}/${m[3]}` : `${m[2]}/${m[3]}/${m[1]}`;
}

/**
 * A device as stored ("Chrome on Linux", devices.ts's English words for an unrecognised browser or
 * system) written in Chinese: "Linux 上的 Chrome".
 */
function zhDevice(device: string): string {
  const m = /^(.+) on (.+)$/.exec(device);
  if (!m) return device;
  const browser = m[1] === 'a browser' ? '未知浏览器' : (m[1] ?? '');
  const os = m[2] === 'an unknown system' ? '未知系统' : (m[2] ?? '');
  return `${latinGaps(os)}上的${latinGaps(browser)}`.trim();
}

/** In a Chinese sentence, a space on the side where a phrase begins or ends with a Latin word. */
const latinGaps = (phrase: string) =>
  `${/^[A-Za-z0-9]/.test(phrase) ? ' ' : ''}${phrase}${/[A-Za-z0-9]$/.test(phrase) ? ' ' : ''}`;

type Renderer = (p: Params) => { title: string; body: string };

const RENDER: Record<Language, Record<NotificationKind, Renderer>> = {
  en: {
    fixed_matured: (p) => ({
      title: `Fixed ${s(p.asset)} order matured`,
      body: `Order #${s(p.order_id)} matured: ${amt(p.amount)} ${s(p.asset)} (principal ${amt(p.principal)} + interest ${amt(p.interest)} ${s(p.asset)}) went to ${DEST.en[s(p.dest)] ?? s(p.dest)}.`,
    }),
    redemption_arrived: (p) => ({
      title: `${amt(p.amount)} ${s(p.asset)} redeemed`,
      body: `Your ${lineName('en', p.line)} redemption of ${amt(p.amount)} ${s(p.asset)} arrived in ${DEST.en[s(p.dest ?? 'spot')] ?? s(p.dest)}.`,
    }),
    daily_earnings: (p) => ({
      title: `Earnings of ${dayText('en', p.day)}`,
      body: `Yesterday you earned ${earningsList(p)}.`,
    }),
    apr_changed: (p) => ({
      title: `${s(p.asset)} ${lineName('en', p.line)} APR changed`,
      body: `The APR of ${s(p.asset)} ${lineName('en', p.line)}, which you hold, changed from ${pct(p.from)} % to ${pct(p.to)} %.`,
    }),
    launchpool_start: (p) => ({
      title: `${s(p.name)} Launchpool has started`,
      body: `Staking for ${s(p.name)} (${s(p.coin)}) is open now.`,
    }),
    launchpool_end: (p) => ({
      title: `${s(p.name)} Launchpool has ended`,
      body: `Staking for ${s(p.name)} (${s(p.coin)}) has ended; staked funds return to your spot account.`,
    }),
    security_changed: (p) => ({
      title: 'Security settings changed',
      body: `${SECURITY.en[s(p.what)] ?? s(p.what)} If this was not you, change your login password now.`,
    }),
    new_device: (p) => ({
      title: 'New sign-in from a new device',
      body: `Your account was signed in from ${s(p.device) || 'an unknown device'}${p.address ? ` (${s(p.address)})` : ''}. If this was not you, change your login password now.`,
    }),
    apr_alert: (p) => ({
      title: `${s(p.asset)} ${lineName('en', p.line)} APR ${p.direction === 'above' ? 'reached' : 'fell below'} ${amt(p.apr)} %`,
      body: `The APR of ${s(p.asset)} ${lineName('en', p.line)} is ${pct(p.current)} % now: ${p.direction === 'above' ? 'at or above' : 'below'} your alert's ${amt(p.apr)} %.`,
    }),
    dual_settled: (p) => ({
      title: `Dual ${s(p.base)} order settled`,
      body: `Order #${s(p.order_id)} settled at ${amt(p.fixing)} USDT (target ${amt(p.target)}): ${amt(p.amount)} ${s(p.coin)} ${p.rolled ? 'rolled into a new order' : 'went to your spot account'}.`,
    }),
  },
  'zh-CN': {
    fixed_matured: (p) => ({
      title: `定期 ${s(p.asset)} 订单已到期`,
      body: `订单 #${s(p.order_id)} 已到期：${amt(p.amount)} ${s(p.asset)}（本金 ${amt(p.principal)} + 利息 ${amt(p.interest)} ${s(p.asset)}）已转入${DEST['zh-CN'][s(p.dest)] ?? s(p.dest)}。`,
    }),
    redemption_arrived: (p) => ({
      title: `${amt(p.amount)} ${s(p.asset)} 已赎回`,
      body: `您在${lineName('zh-CN', p.line)}赎回的 ${amt(p.amount)} ${s(p.asset)} 已到账至${DEST['zh-CN'][s(p.dest ?? 'spot')] ?? s(p.dest)}。`,
    }),
    daily_earnings: (p) => ({
      title: `${dayText('zh-CN', p.day)} 收益`,
      body: `昨日您获得收益 ${earningsList(p, 'zh-CN')}。`,
    }),
    apr_changed: (p) => ({
      title: `${s(p.asset)} ${lineName('zh-CN', p.line)}年化收益率已变更`,
      body: `您持有的 ${s(p.asset)} ${lineName('zh-CN', p.line)}年化收益率由 ${pct(p.from)}% 变为 ${pct(p.to)}%。`,
    }),
    launchpool_start: (p) => ({
      title: `${zhName(p)} Launchpool 已开始`,
      body: `${zhName(p)}（${s(p.coin)}）现已开放质押。`,
    }),
    launchpool_end: (p) => ({
      title: `${zhName(p)} Launchpool 已结束`,
      body: `${zhName(p)}（${s(p.coin)}）质押已结束，质押资产将返还至现货账户。`,
    }),
    security_changed: (p) => ({
      title: '安全设置已变更',
      body: `${SECURITY['zh-CN'][s(p.what)] ?? s(p.what)}如非本人操作，请立即修改登录密码。`,
    }),
    new_device: (p) => {
      const device = p.device ? zhDevice(s(p.device)) : '未知设备';
      const where = p.address ? `${device}（${s(p.address)}）` : device;
      return {
        title: '新设备登录',
        body: `您的账户通过${latinGaps(where)}登录。如非本人操作，请立即修改登录密码。`,
      };
    },
    apr_alert: (p) => ({
      title: `${s(p.asset)} ${lineName('zh-CN', p.line)}年化收益率已${p.direction === 'above' ? '达到' : '低于'} ${amt(p.apr)}%`,
      body: `${s(p.asset)} ${lineName('zh-CN', p.line)}当前年化收益率为 ${pct(p.current)}%，${p.direction === 'above' ? '已达到或高于' : '已低于'}您设置的 ${amt(p.apr)}%。`,
    }),
    dual_settled: (p) => ({
      title: `双币投资 ${s(p.base)} 订单已结算`,
      body: `订单 #${s(p.order_id)} 以 ${amt(p.fixing)} USDT 结算（目标价 ${amt(p.target)}）：${amt(p.amount)} ${s(p.coin)} ${p.rolled ? '已自动复投为新订单' : '已转入现货账户'}。`,
    }),
  },
};

export function renderNotification(
  kind: string,
  lang: Language,
  params: Params,
): { title: string; body: string } {
  const render = RENDER[lang][kind as NotificationKind];
  if (!render) return { title: kind, body: '' };
  const text = render(params);
  // The parameters (a line's name, a coin, an amount) meet the Chinese words around them: one rule for
  // every template, as the web's Chinese texts write it ("您在 Launchpool 赎回的 5 USDT").
  return lang === 'zh-CN' ? { title: spaceCjk(text.title), body: spaceCjk(text.body) } : text;
}
