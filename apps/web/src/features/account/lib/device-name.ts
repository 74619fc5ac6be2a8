import { intl } from '@/i18n';

/**
 * A person's words for the browser behind a session ("Firefox on Linux"), from its
 * User-Agent, in the interface's language; the raw string stays available as a tooltip.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent)
    return intl().formatMessage({ id: 'account.unknownDevice', defaultMessage: 'Unknown device' });
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && os)
    return intl().formatMessage(
      { id: 'account.browserOnOs', defaultMessage: '{browser} on {os}' },
      { browser, os },
    );
  if (browser || os) return (browser ?? os)!;
  return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
}
