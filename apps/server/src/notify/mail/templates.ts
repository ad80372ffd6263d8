/**
 * Mail templates in both languages. A template is a subject and a plain-text body built from its
 * variables; every variable a template reads is named in its `vars`, so a caller that forgets one
 * fails at once instead of mailing "undefined".
 */

import { spaceCjk } from '@earn/domain';
import type { Language } from '../../infra/http/texts';

export { LANGUAGES, type Language, languageOf } from '../../infra/http/texts';

export type MailVars = Record<string, string | number>;

interface Template {
  vars: readonly string[];
  /** Whether the body holds a secret (a code): the operator's outbox list hides such bodies. */
  sensitive?: boolean;
  render: Record<Language, (v: MailVars) => { subject: string; body: string }>;
}

const FOOTER: Record<Language, string> = {
  en: '\n\n— Earn. You receive this because of your account settings; change them under Notifications.',
  'zh-CN': '\n\n— Earn。您收到此邮件是因为您的账户设置；可在“通知设置”中更改。',
};

export const MAIL_TEMPLATES = {
  /** The code that resets a funding password: vars code, minutes (how long it is valid). */
  fundpass_reset: {
    vars: ['code', 'minutes'],
    sensitive: true,
    render: {
      en: (v) => ({
        subject: 'Your funding password reset code',
        body: `Your code to reset the funding password is ${v.code}. It is valid for ${v.minutes} minutes.\nIf you did not ask for it, ignore this mail and consider changing your login password.`,
      }),
      'zh-CN': (v) => ({
        subject: '您的资金密码重置验证码',
        body: `您重置资金密码的验证码是 ${v.code}，${v.minutes} 分钟内有效。\n如果这不是您本人的操作，请忽略此邮件，并考虑修改登录密码。`,
      }),
    },
  },
  /**
   * Sent once when an account meets a run of wrong passwords (accounts/sign-in-throttle.ts): vars
   * minutes (the longest a try now waits).
   */
  password_guessing: {
    vars: ['minutes'],
    render: {
      en: (v) => ({
        subject: 'Someone is trying to sign in to your account',
        body: `Your Earn account just met several wrong passwords in a row. To protect it, each further sign-in try now has to wait a while (at most ${v.minutes} minutes); the right password works again once the wait is over.\nIf this was you, wait a moment and try again. If it was not, your account is still closed to them: consider choosing a stronger password and turning on two-factor sign-in on the Security page.`,
      }),
      'zh-CN': (v) => ({
        subject: '有人正在尝试登录您的账户',
        body: `您的 Earn 账户刚刚连续多次被输入错误的密码。为保护账户，此后每次登录尝试都需要等待一段时间（最长 ${v.minutes} 分钟）；等待结束后，正确的密码即可再次登录。\n如果这是您本人，请稍候再试。如果不是您本人，对方仍无法进入您的账户：建议在“安全”页面设置更强的密码并开启两步验证登录。`,
      }),
    },
  },
  /** An inbox item also sent by mail: vars title, body (already rendered in the mail's language). */
  notification: {
    vars: ['title', 'body'],
    render: {
      en: (v) => ({ subject: String(v.title), body: `${v.body}${FOOTER.en}` }),
      'zh-CN': (v) => ({ subject: String(v.title), body: `${v.body}${FOOTER['zh-CN']}` }),
    },
  },
} satisfies Record<string, Template>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;

export function isSensitive(template: string): boolean {
  const t = (MAIL_TEMPLATES as Record<string, Template>)[template];
  return t?.sensitive === true;
}

export function renderMail(
  template: MailTemplate,
  language: Language,
  vars: MailVars,
): { subject: string; body: string } {
  const t: Template = MAIL_TEMPLATES[template];
  const missing = t.vars.filter((name) => vars[name] === undefined);
  if (missing.length > 0) throw new Error(`mail template ${template} needs ${missing.join(', ')}`);
  const mail = t.render[language](vars);
  // Chinese mail follows the app's rule: a space between Chinese and a Latin word or a number.
  return language === 'zh-CN' ? { subject: spaceCjk(mail.subject), body: spaceCjk(mail.body) } : mail;
}
