import { spoilerMessages } from '@series-tracker/contracts/constants';
import { Eye, EyeOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { contractText } from '@/i18n/contract-text';
import type { ShowSpoilerGuard } from '../hooks/use-show-spoilers';

/** "Show spoilers for this show" / "Hide spoilers for this show": stored per show (ADR 181). */
export function ShowSpoilersSwitch({ guard }: { guard: ShowSpoilerGuard }) {
  if (!guard.offered) return null;
  const Icon = guard.revealed ? EyeOff : Eye;
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={guard.saving}
      aria-pressed={guard.revealed}
      onClick={() => guard.setShowRevealed(!guard.revealed)}
      className="-ms-3"
    >
      <Icon aria-hidden className="size-4" />
      {contractText(guard.revealed ? spoilerMessages.hideShow : spoilerMessages.revealShow)}
    </Button>
  );
}
