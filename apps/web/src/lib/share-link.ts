import { toast } from '@/components/ui/toaster';
import { intl } from '@/i18n/locale-state';

/**
 * Shares a public address: phones (coarse pointer) get the system share sheet; elsewhere the
 * link goes to the clipboard, with a toast either way.
 */
export async function shareLink(url: string, title: string) {
  const coarse = window.matchMedia?.('(pointer: coarse)').matches;
  if (coarse && typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.info(
      intl().formatMessage({ id: 'lib.linkCopied', defaultMessage: 'Link copied to clipboard.' }),
    );
  } catch {
    toast.error(
      intl().formatMessage(
        {
          id: 'lib.linkCopyFailed',
          defaultMessage: 'Could not copy the link. Copy it from here: {url}',
        },
        { url },
      ),
    );
  }
}
