import { localeDirection, type Locale } from '@series-tracker/contracts';
import { localize } from '../../../lib/i18n/localize';
import { msg, type DetailText } from '../../../lib/i18n/text';
import { escapeHtml } from '../../../platform/mail/templates';
import type { SsoIntent } from './sso.service';

/** Only this page's own inline style; nothing else loads, nothing may frame it. */
export const ERROR_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * What a browser sees when the provider's callback (or the start) fails (ADR 174): the
 * message and the way back, in the site's colours, with no script, in the visitor's language
 * (ADR 186). The status stays the error's (400, 403, 409, 503), so nothing reads it as a
 * sign-in.
 */
export function ssoErrorPage(locale: Locale, message: DetailText, intent: SsoIntent): string {
  const t = (text: DetailText) => escapeHtml(localize(locale, text));
  const back =
    intent === 'link'
      ? { href: '/settings#sso-heading', label: t(msg('sso.page.backToSettings')) }
      : intent === 'reauth'
        ? { href: '/settings#security', label: t(msg('sso.page.backToSettings')) }
        : { href: '/login', label: t(msg('sso.page.backToSignIn')) };
  const title =
    intent === 'link'
      ? t(msg('sso.page.linkFailed'))
      : intent === 'reauth'
        ? t(msg('sso.page.reauthFailed'))
        : t(msg('sso.page.signInFailed'));
  return `<!doctype html>
<html lang="${locale}" dir="${localeDirection(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Series Tracker</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;background:#020617;color:#e2e8f0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{box-sizing:border-box;width:100%;max-width:28rem;margin:4rem 1rem;padding:2rem;border:1px solid #1e293b;border-radius:1rem;background:rgba(15,23,42,.6)}
h1{margin:0 0 1rem;font-size:1.5rem;color:#fff}
p{margin:0 0 1.5rem;padding:.75rem 1rem;border:1px solid rgba(244,63,94,.4);border-radius:.5rem;background:rgba(76,5,25,.4);color:#fecdd3;font-size:.875rem}
a{display:block;padding:.75rem 1rem;border-radius:.5rem;background:#6d28d9;color:#fff;font-weight:600;text-align:center;text-decoration:none}
a:hover{background:#7c3aed}
a:focus-visible{outline:2px solid #a78bfa;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p role="alert">${t(message)}</p>
<a href="${back.href}">${back.label}</a>
</main>
</body>
</html>
`;
}
