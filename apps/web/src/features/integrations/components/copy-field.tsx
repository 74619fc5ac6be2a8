import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';

/**
 * A read-only value with a Copy button. Where the browser refuses the clipboard (plain http),
 * the text is selected so the member can copy it by hand.
 */
export function CopyField({
  label,
  value,
  wrap = false,
}: {
  label: string;
  value: string;
  /** Shown whole on several lines (a key typed by hand), not cut at the field's end. */
  wrap?: boolean;
}) {
  const intl = useIntl();
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      (document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null)?.select();
      setState('failed');
    }
  }
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <div className="flex gap-2">
        {wrap ? (
          <textarea
            id={id}
            readOnly
            rows={2}
            value={value}
            dir="ltr"
            spellCheck={false}
            onFocus={(e) => e.currentTarget.select()}
            className="block min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-950/80 px-3 py-2 font-mono text-sm text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400/70 resize-none"
          />
        ) : (
          <input
            id={id}
            readOnly
            value={value}
            dir="ltr"
            onFocus={(e) => e.currentTarget.select()}
            className="block min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-950/80 px-3 py-2 font-mono text-sm text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400/70"
          />
        )}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void copy()}
          aria-label={intl.formatMessage(
            { id: 'integrations.copyLabel', defaultMessage: 'Copy {label}' },
            { label },
          )}
        >
          {state === 'copied' ? (
            <Check aria-hidden className="size-4" />
          ) : (
            <Copy aria-hidden className="size-4" />
          )}
          <span className="max-sm:sr-only">
            {state === 'copied' ? (
              <FormattedMessage id="integrations.copied" defaultMessage="Copied" />
            ) : (
              <FormattedMessage id="integrations.copy" defaultMessage="Copy" />
            )}
          </span>
        </Button>
      </div>
      <p role="status" className="text-xs text-slate-400">
        {state === 'copied' ? (
          <FormattedMessage
            id="integrations.copiedToClipboard"
            defaultMessage="Copied to the clipboard."
          />
        ) : state === 'failed' ? (
          <FormattedMessage
            id="integrations.copyRefused"
            defaultMessage="Your browser did not allow copying: the text is selected, copy it with Ctrl+C."
          />
        ) : null}
      </p>
    </div>
  );
}
