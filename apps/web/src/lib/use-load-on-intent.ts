import { useState } from 'react';

/**
 * A menu's or dialog's code loaded on intent, not with the page (ADR 020, ADR 185): pointing
 * at or focusing the stand-in trigger fetches `load`, the first press sets `pressed` so the
 * caller mounts the real component open in the stand-in's place (as the account menu does).
 */
export function useLoadOnIntent(load: () => Promise<unknown>) {
  const [pressed, setPressed] = useState(false);
  const fetchCode = () => void load().catch(() => undefined);
  return {
    pressed,
    triggerProps: {
      'aria-haspopup': 'menu' as const,
      'aria-expanded': false,
      onPointerEnter: fetchCode,
      onFocus: fetchCode,
      onClick: () => setPressed(true),
    },
  };
}
