/**
 * A small RFC 5545 writer for the private calendar feed (ADR 160): CRLF line ends, lines folded
 * at 75 octets (never inside a UTF-8 character), TEXT values escaped, DTSTAMP on every event,
 * one UID per episode that never changes, VALUE=DATE for all-day episodes. Tests parse the
 * output back with ical.js.
 */

export interface IcalEvent {
  uid: string;
  summary: string;
  description?: string;
  url?: string;
  /** An instant (ISO UTC) … */
  start?: string;
  durationMinutes?: number;
  /** … or an all-day date (YYYY-MM-DD). */
  date?: string;
  /** When the source data last changed (ISO UTC); DTSTAMP. */
  stamp: string;
}

export function escapeText(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line at 75 octets: CRLF plus one space starts each continuation. */
export function foldLine(line: string): string {
  if (line.length <= 75 && Buffer.byteLength(line, 'utf8') <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74; // the leading space counts
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20261125T233000Z */
function utcStamp(iso: string): string {
  const s = new Date(iso).toISOString();
  return `${s.slice(0, 4)}${s.slice(5, 7)}${s.slice(8, 10)}T${s.slice(11, 13)}${s.slice(14, 16)}${s.slice(17, 19)}Z`;
}

function dateValue(date: string): string {
  return date.replaceAll('-', '');
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function writeCalendar(options: { name: string; events: IcalEvent[] }): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Series Tracker//Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ];
  const stamps = new Map<string, string>();
  for (const e of options.events) {
    let stamp = stamps.get(e.stamp);
    if (!stamp) stamps.set(e.stamp, (stamp = utcStamp(e.stamp)));
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${stamp}`);
    if (e.start) {
      const minutes = e.durationMinutes && e.durationMinutes > 0 ? e.durationMinutes : 30;
      const end = new Date(Date.parse(e.start) + minutes * 60_000).toISOString();
      lines.push(`DTSTART:${utcStamp(e.start)}`, `DTEND:${utcStamp(end)}`);
    } else if (e.date) {
      lines.push(
        `DTSTART;VALUE=DATE:${dateValue(e.date)}`,
        `DTEND;VALUE=DATE:${dateValue(nextDay(e.date))}`,
        'TRANSP:TRANSPARENT',
      );
    }
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
